// A job's status as a coloured badge (portal-spec.md §4: each status has a distinct colour). The label
// is always written out, so the colour is never the only cue.
import { Badge, type BadgeProps } from '@fluentui/react-components'
import { jobStatusLabel, type JobStatusLabel } from '../lib/job-status'

const COLOUR: Record<JobStatusLabel, BadgeProps['color']> = {
  Submitted: 'informative',
  Scheduled: 'warning',
  'In Progress': 'brand',
  Completed: 'success',
  Downloaded: 'important',
  Failed: 'danger',
}

const APPEARANCE: Record<JobStatusLabel, BadgeProps['appearance']> = {
  Submitted: 'tint',
  Scheduled: 'tint',
  'In Progress': 'tint',
  Completed: 'filled',
  Downloaded: 'tint',
  Failed: 'filled',
}

/** `status` is a label or any raw status (read as portal-spec.md §4 says); an empty status shows nothing. */
export function JobStatusBadge({ status }: { status: string | null | undefined }) {
  const label = jobStatusLabel(status)
  if (!label) return null
  return (
    <Badge shape="rounded" size="medium" color={COLOUR[label]} appearance={APPEARANCE[label]} data-status={label}>
      {label}
    </Badge>
  )
}
