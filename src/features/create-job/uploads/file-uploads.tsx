// Each audio file's upload in the background (./use-resumable-uploads.ts): a progress bar labelled
// with the file's name, its bytes and percent, and a Cancel while it runs; what became of it once it
// stopped (waiting for the connection, failed, cancelled, uploaded).
import { Button, Field, ProgressBar, makeStyles, tokens } from '@fluentui/react-components'
import { percentOf, UPLOAD_PROGRESS_TEXT } from '@/components/upload-progress'
import type { DraftFile } from '../draft/wizard-draft'
import type { FileUpload } from './pricing-parts'

export const FILE_UPLOADS_TEXT = {
  label: 'Uploads',
  cancel: (name: string) => `Cancel upload of ${name}`,
  waiting: 'Waiting for a connection: the upload goes on by itself when it is back.',
  cancelled: 'Upload cancelled: the file will be sent when you press Next.',
  done: 'Uploaded',
  waitingForUploads: 'Waiting for the uploads to finish…',
} as const
const TEXT = FILE_UPLOADS_TEXT

const useStyles = makeStyles({
  list: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  name: { overflowWrap: 'anywhere' },
  // The wizard's button height (wizard-styles.ts): at 32 px it was the one small touch target of step 1.
  cancel: { justifySelf: 'start', minHeight: '40px' },
  item: { display: 'grid', gap: tokens.spacingVerticalXS },
})

export interface FileUploadsProps {
  files: readonly DraftFile[]
  uploads: ReadonlyMap<string, FileUpload>
  onCancel: (id: string) => void
}

function words(upload: FileUpload): string {
  if (upload.status === 'waiting') return `${UPLOAD_PROGRESS_TEXT.amount(upload.sent, upload.size)}. ${TEXT.waiting}`
  if (upload.status === 'cancelled') return TEXT.cancelled
  if (upload.status === 'failed') return upload.message ?? TEXT.cancelled
  if (upload.status === 'done') return `${UPLOAD_PROGRESS_TEXT.amount(upload.size, upload.size)}. ${TEXT.done}`
  return UPLOAD_PROGRESS_TEXT.amount(Math.min(upload.sent, upload.size), upload.size)
}

/**
 * The bar's percent. A cancelled upload is gone from the server and one that failed for good is not
 * used (the file is sent whole at Next): their bars are empty, not left at the share once sent.
 */
function barValue(upload: FileUpload): number {
  if (upload.status === 'cancelled' || upload.status === 'failed') return 0
  return percentOf(upload.status === 'done' ? upload.size : upload.sent, upload.size)
}

export function FileUploads({ files, uploads, onCancel }: FileUploadsProps) {
  const styles = useStyles()
  const shown = files.flatMap((file) => {
    const upload = uploads.get(file.id)
    return upload ? [{ file, upload }] : []
  })
  if (shown.length === 0) return null
  return (
    <ul className={styles.list} aria-label={TEXT.label}>
      {shown.map(({ file, upload }) => {
        const text = words(upload)
        const running = upload.status === 'starting' || upload.status === 'uploading'
        return (
          <li key={file.id} className={styles.item}>
            <Field label={{ children: file.name, className: styles.name }} hint={text} validationState={upload.status === 'failed' ? 'warning' : 'none'}>
              <ProgressBar value={barValue(upload)} max={100} thickness="large" aria-valuetext={text} />
            </Field>
            {running && (
              <Button className={styles.cancel} aria-label={TEXT.cancel(file.name)} onClick={() => onCancel(file.id)}>
                {UPLOAD_PROGRESS_TEXT.cancel}
              </Button>
            )}
          </li>
        )
      })}
    </ul>
  )
}
