// The Template Management page (portal-spec.md §2): the upload form beside the clerk's one template.
// Uploads and deletions confirm themselves in one status region at the top of the page.
import { useRef, useState } from 'react'
import { makeStyles, tokens } from '@fluentui/react-components'
import { PageTitle } from '@/components/page-title'
import { useTemplates } from '../api/get-templates'
import { TEMPLATE_TEXT as TEXT } from '../messages'
import { StatusMessage } from '@/components/status-message'
import { TemplateList } from './template-list'
import { TemplateUploadForm } from './template-upload-form'

const useStyles = makeStyles({
  page: { maxWidth: '1100px' },
  intro: { margin: `calc(-1 * ${tokens.spacingVerticalS}) 0 ${tokens.spacingVerticalL}`, color: tokens.colorNeutralForeground2, maxWidth: '70ch' },
  // Takes no room while empty; the message inside brings its own spacing.
  notice: { marginBottom: tokens.spacingVerticalL },
  columns: {
    display: 'grid',
    gap: tokens.spacingVerticalL,
    gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 340px), 1fr))',
    alignItems: 'start',
  },
  card: {
    display: 'grid',
    gap: tokens.spacingVerticalM,
    minWidth: 0,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  heading: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
})

export function TemplateManagement() {
  const styles = useStyles()
  const templates = useTemplates()
  const [notice, setNotice] = useState<string | null>(null)
  const nameRef = useRef<HTMLInputElement>(null)

  const onDeleted = () => {
    setNotice(TEXT.deleted)
    // The Delete button is gone with the template; the next step is a new upload. Deferred until the
    // closing dialog has let focus go.
    setTimeout(() => nameRef.current?.focus(), 0)
  }

  return (
    <div className={styles.page}>
      <PageTitle>{TEXT.title}</PageTitle>
      <p className={styles.intro}>{TEXT.intro}</p>
      {/* Always present, so that a confirmation put into it is announced. */}
      <div role="status">
        {notice && (
          <div className={styles.notice}>
            <StatusMessage intent="success" role={null}>{notice}</StatusMessage>
          </div>
        )}
      </div>
      <div className={styles.columns}>
        <section className={styles.card} aria-labelledby="template-upload-heading">
          <h2 id="template-upload-heading" className={styles.heading}>
            {TEXT.uploadHeading}
          </h2>
          <TemplateUploadForm
            locked={(templates.data?.length ?? 0) > 0}
            waiting={templates.isPending}
            onUploadStart={() => setNotice(null)}
            onUploaded={() => setNotice(TEXT.uploaded)}
            nameRef={nameRef}
          />
        </section>
        <section className={styles.card} aria-labelledby="template-list-heading">
          <h2 id="template-list-heading" className={styles.heading}>
            {TEXT.listHeading}
          </h2>
          <TemplateList onDeleted={onDeleted} />
        </section>
      </div>
    </div>
  )
}
