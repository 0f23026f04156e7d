// The frame of every step: a section named by its heading, which takes the focus when the step
// changes (the wizard holds `headingRef`), so a screen reader starts reading the new step there.
import type { ReactNode, RefObject } from 'react'
import { useWizardStyles } from './wizard-styles'

const HEADING_ID = 'create-job-step-heading'

export function StepSection({ title, headingRef, children }: { title: string; headingRef: RefObject<HTMLHeadingElement | null>; children: ReactNode }) {
  const styles = useWizardStyles()
  return (
    <section className={styles.step} aria-labelledby={HEADING_ID}>
      <h2 id={HEADING_ID} ref={headingRef} tabIndex={-1} className={styles.heading}>
        {title}
      </h2>
      {children}
    </section>
  )
}
