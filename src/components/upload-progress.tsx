// How far an upload has gone, per file and in total, in bytes and percent ("12.5 MB of 40 MB (31%)").
// The browser reports only the bytes of the whole request sent so far (XMLHttpRequest's upload
// progress, through the transport's onProgress); a multipart body carries its files one after the
// other, in order, so those bytes are shared out over the files by their sizes.
import { useId } from 'react'
import { Button, Field, ProgressBar, makeStyles, tokens } from '@fluentui/react-components'
import { formatBytes } from '@/lib/format-bytes'

export const UPLOAD_PROGRESS_TEXT = {
  total: 'Total',
  cancel: 'Cancel upload',
  /** "12.5 MB of 40 MB (31%)" */
  amount: (done: number, size: number) => `${formatBytes(done)} of ${formatBytes(size)} (${percentOf(done, size)}%)`,
} as const
const TEXT = UPLOAD_PROGRESS_TEXT

/**
 * The bytes of each file sent once `loaded` bytes of the request have gone: files fill up one after
 * the other. The multipart headers between the parts make `loaded` run slightly ahead of the files
 * and past their sum at the end; each file is held between 0 and its size.
 */
export function perFileProgress(sizes: readonly number[], loaded: number): number[] {
  let left = Math.max(0, Number.isFinite(loaded) ? loaded : 0)
  return sizes.map((size) => {
    const whole = Math.max(0, size)
    const done = Math.min(whole, left)
    left -= done
    return done
  })
}

/** Whole percent, rounded down so that 100% means done; 0 when there is nothing to send. */
export function percentOf(done: number, size: number): number {
  if (!(size > 0)) return 0
  return Math.floor((Math.min(Math.max(done, 0), size) / size) * 100)
}

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM },
  title: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightSemibold },
  files: { display: 'grid', gap: tokens.spacingVerticalS, margin: 0, padding: 0, listStyle: 'none' },
  // A long recording's name wraps rather than widening a phone's screen.
  name: { overflowWrap: 'anywhere' },
  cancel: { justifySelf: 'start' },
})

export interface UploadProgressProps {
  /** What is being uploaded, e.g. "Uploading audio files". */
  label: string
  /** The files of the request, in the order they are sent. */
  files: readonly { name: string; size: number }[]
  /** Bytes of the request sent so far. */
  loaded: number
  /** Bytes of the whole request (the files and the multipart around them). */
  total: number
  /** Shows a Cancel upload button. */
  onCancel?: () => void
}

function Amount({ label, done, size, nameClass }: { label: string; done: number; size: number; nameClass?: string }) {
  const words = TEXT.amount(Math.min(done, size), size)
  return (
    <Field label={{ children: label, className: nameClass }} hint={words}>
      <ProgressBar value={percentOf(done, size)} max={100} thickness="large" aria-valuetext={words} />
    </Field>
  )
}

export function UploadProgress({ label, files, loaded, total, onCancel }: UploadProgressProps) {
  const styles = useStyles()
  const titleId = useId()
  const done = perFileProgress(
    files.map((file) => file.size),
    loaded,
  )
  return (
    // A group, not a heading: the screen around it decides its own heading levels.
    <div role="group" className={styles.root} aria-labelledby={titleId}>
      <div id={titleId} className={styles.title}>
        {label}
      </div>
      <Amount label={TEXT.total} done={loaded} size={total} />
      <ul className={styles.files}>
        {files.map((file, index) => (
          <li key={`${index}-${file.name}`}>
            <Amount label={file.name} done={done[index] ?? 0} size={file.size} nameClass={styles.name} />
          </li>
        ))}
      </ul>
      {onCancel && (
        <Button className={styles.cancel} onClick={onCancel}>
          {TEXT.cancel}
        </Button>
      )}
    </div>
  )
}
