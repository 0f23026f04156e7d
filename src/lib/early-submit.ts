// A prerendered form (login.html's sign-in form) takes typing, Enter and a Sign In press before the
// scripts have taken it over. Its document's loader (src/app/start-after-paint.js) marks a form that
// opts in here when it is submitted meanwhile, and the form submits itself once it has mounted, so the
// press is not lost. docs/decisions/sign-in-scripts-after-its-paint.md.
import { useEffect, type RefObject } from 'react'

/** On a form that keeps an early submission; the loader sets it to PENDING when one happens. */
export const EARLY_SUBMIT_ATTRIBUTE = 'data-early-submit'
export const EARLY_SUBMIT_PENDING = 'pending'

/** Spread onto the form that keeps an early submission. */
export const keepsEarlySubmit = { [EARLY_SUBMIT_ATTRIBUTE]: '' }

/** Called by the form's submit handler: the app has seen this submission, so there is none to replay. */
export function earlySubmitHandled(form: HTMLFormElement): void {
  form.setAttribute(EARLY_SUBMIT_ATTRIBUTE, '')
}

/** Submits `form` once mounted when it was submitted before the app took it over. */
export function useEarlySubmit(form: RefObject<HTMLFormElement | null>): void {
  useEffect(() => {
    // In a task of its own, after any event being dispatched: when the submission itself made React
    // take the form over, this effect runs inside that event, before the form's submit handler, which
    // then marks the submission seen.
    const timer = setTimeout(() => {
      const element = form.current
      if (element?.getAttribute(EARLY_SUBMIT_ATTRIBUTE) !== EARLY_SUBMIT_PENDING) return
      earlySubmitHandled(element)
      element.requestSubmit()
    })
    return () => clearTimeout(timer)
  }, [form])
}
