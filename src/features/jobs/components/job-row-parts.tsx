// What a job's table row and its card both show: the cut address, a date that wraps only between day
// and time, and the row's actions (view details; delete for Completed or Failed jobs).
import { Button, Tooltip, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Delete20Regular, Eye20Regular } from '@fluentui/react-icons'
import { visuallyHidden } from '@/components/visually-hidden'
import type { JobRow } from '../lib/job-rows'
import { ADDRESS_MAX_CHARS, LIST_TEXT as TEXT } from '../list-messages'

const useStyles = makeStyles({
  nowrap: { whiteSpace: 'nowrap' },
  hidden: visuallyHidden,
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  remove: { color: tokens.colorPaletteRedForeground1 },
})

/** portal-spec.md §9: cut at 20 characters plus an ellipsis. */
export function cutAddress(address: string): string {
  return address.length > ADDRESS_MAX_CHARS ? `${address.slice(0, ADDRESS_MAX_CHARS)}…` : address
}

/** A cut address wraps before its last word, never between that word and the ellipsis. */
function keepEllipsisWithWord(text: string): string {
  return text.replace(/ (?=\S*$)/, '\u00a0')
}

/** The cut address shown, the whole one read out (and in the `title` the caller sets). */
export function CutAddress({ address }: { address: string }) {
  const styles = useStyles()
  return (
    <>
      <span aria-hidden="true">{keepEllipsisWithWord(cutAddress(address))}</span>
      <span className={styles.hidden}>{address}</span>
    </>
  )
}

/** "01 Jan 2024, 03:30 PM" wraps, if it must, between the day and the time only. */
export function DateText({ text }: { text: string }) {
  const styles = useStyles()
  const comma = text.indexOf(', ')
  if (comma < 0) return <span className={styles.nowrap}>{text}</span>
  return (
    <>
      <span className={styles.nowrap}>{text.slice(0, comma + 1)}</span> <span className={styles.nowrap}>{text.slice(comma + 2)}</span>
    </>
  )
}

export interface JobActionsProps {
  row: JobRow
  onViewDetails: (jobId: number) => void
  onDelete: (jobIds: number[], mode: 'single') => void
  /** Icon buttons named by their tooltips (table), or buttons that also say what they do (cards). */
  withText?: boolean
  className?: string
}

export function JobActions({ row, onViewDetails, onDelete, withText = false, className }: JobActionsProps) {
  const styles = useStyles()
  // Without text, the tooltip names the button; an aria-label given at all, even undefined, would win over it.
  const named = (name: string) => (withText ? { 'aria-label': name } : {})
  const view = (
    <Button appearance={withText ? 'secondary' : 'subtle'} icon={<Eye20Regular />} {...named(TEXT.viewDetails(row.id))} onClick={() => onViewDetails(row.id)}>
      {withText ? TEXT.details : undefined}
    </Button>
  )
  const remove = row.deletable && (
    <Button
      appearance={withText ? 'secondary' : 'subtle'}
      className={styles.remove}
      icon={<Delete20Regular />}
      {...named(TEXT.deleteJob(row.id))}
      onClick={() => onDelete([row.id], 'single')}
    >
      {withText ? TEXT.delete : undefined}
    </Button>
  )
  if (withText)
    return (
      <div className={mergeClasses(styles.actions, className)}>
        {view}
        {remove}
      </div>
    )
  return (
    <div className={mergeClasses(styles.actions, className)}>
      <Tooltip content={TEXT.viewDetails(row.id)} relationship="label" withArrow>
        {view}
      </Tooltip>
      {remove && (
        <Tooltip content={TEXT.deleteJob(row.id)} relationship="label" withArrow>
          {remove}
        </Tooltip>
      )}
    </div>
  )
}
