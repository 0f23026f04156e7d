// The jobs as a list of cards, below 1024 px of viewport (tablets and phones), where the table's
// columns cannot all fit: each card shows the job's status beside its id, the whole address, the
// types, audio, dates and the same selection box and actions as a table row. With no column headers
// to click, a Sort by and an Order select sort the list.
import { memo } from 'react'
import { Checkbox, Field, Select, makeStyles, tokens } from '@fluentui/react-components'
import type { JobSortColumn, SortDirection } from '../lib/select-jobs'
import { LIST_TEXT as TEXT } from '../list-messages'
import { JobStatusBadge } from './job-status-badge'
import { DateText, JobActions } from './job-row-parts'
import { jobRowProps, sameRowProps, type JobRowProps, type JobsViewProps } from './jobs-view-props'

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  controls: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-end', gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalL}` },
  sortField: { flex: '1 1 120px', maxWidth: '240px' },
  list: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 320px), 1fr))',
    gap: tokens.spacingVerticalM,
    listStyle: 'none',
    margin: 0,
    padding: 0,
  },
  card: {
    display: 'grid',
    alignContent: 'start',
    gap: tokens.spacingVerticalS,
    minWidth: 0,
    padding: tokens.spacingHorizontalM,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  top: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minHeight: '32px' },
  title: { flexGrow: 1, fontWeight: tokens.fontWeightSemibold },
  address: { margin: 0, overflowWrap: 'anywhere' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fill, minmax(130px, 1fr))',
    gap: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    margin: 0,
  },
  label: { fontSize: tokens.fontSizeBase200, lineHeight: tokens.lineHeightBase200, color: tokens.colorNeutralForeground2 },
  value: { margin: 0, overflowWrap: 'anywhere' },
})

const SORT_FIELDS: { id: JobSortColumn; label: string }[] = [
  { id: 'checkDate', label: TEXT.columns.checkDate },
  { id: 'expectedDate', label: TEXT.columns.expectedDate },
  { id: 'id', label: TEXT.columns.id },
  { id: 'propertyName', label: TEXT.columns.propertyName },
  { id: 'status', label: TEXT.columns.status },
  { id: 'reportType', label: TEXT.columns.reportType },
  { id: 'jobType', label: TEXT.columns.jobType },
  { id: 'fileCount', label: TEXT.columns.fileCount },
  { id: 'duration', label: TEXT.columns.duration },
]

export function JobCards(props: JobsViewProps) {
  const { rows, sort, onSortChange, selection } = props
  const styles = useStyles()
  return (
    <div className={styles.root}>
      <div className={styles.controls}>
        <Field className={styles.sortField} label={TEXT.sortBy}>
          <Select value={sort.column} onChange={(_, data) => onSortChange({ column: data.value as JobSortColumn, direction: sort.direction })}>
            {SORT_FIELDS.map((field) => (
              <option key={field.id} value={field.id}>
                {field.label}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.sortField} label={TEXT.sortOrder}>
          <Select value={sort.direction} onChange={(_, data) => onSortChange({ column: sort.column, direction: data.value as SortDirection })}>
            <option value="ascending">{TEXT.ascending}</option>
            <option value="descending">{TEXT.descending}</option>
          </Select>
        </Field>
        <Checkbox label={TEXT.selectAll} checked={selection.pageChecked} disabled={!selection.pageSelectable} onChange={selection.togglePage} />
      </div>
      <ul className={styles.list} aria-label={TEXT.tableLabel}>
        {rows.map((row) => (
          <JobCard key={row.id} {...jobRowProps(row, props)} />
        ))}
      </ul>
    </div>
  )
}

/** One job's card. Memoized: the page's other changes (a refresh, another job selected, the whole list after its first page) leave an unchanged job's card as it is. */
const JobCard = memo(function JobCard({ row, selected, onToggle, onViewDetails, onDelete }: JobRowProps) {
  const styles = useStyles()
  return (
    <li className={styles.card} aria-label={TEXT.jobTitle(row.id)}>
      <div className={styles.top}>
        {row.deletable && <Checkbox aria-label={TEXT.selectJob(row.id)} checked={selected} onChange={(_, data) => onToggle(row.id, !!data.checked)} />}
        <span className={styles.title}>{TEXT.jobTitle(row.id)}</span>
        <JobStatusBadge status={row.status} />
      </div>
      <p className={styles.address}>{row.propertyName}</p>
      <dl className={styles.facts}>
        <Fact label={TEXT.columns.reportType} value={row.reportType} />
        <Fact label={TEXT.columns.jobType} value={row.jobType} />
        <Fact label={TEXT.columns.fileCount} value={row.fileDetails.count} />
        <Fact label={TEXT.columns.duration} value={row.fileDetails.duration} />
        <Fact label={TEXT.columns.checkDate} value={<DateText text={row.checkDate} />} />
        <Fact label={TEXT.columns.expectedDate} value={<DateText text={row.expectedDate} />} />
      </dl>
      <JobActions row={row} onViewDetails={onViewDetails} onDelete={onDelete} withText />
    </li>
  )
}, sameRowProps)

function Fact({ label, value }: { label: string; value: React.ReactNode }) {
  const styles = useStyles()
  return (
    <div>
      <dt className={styles.label}>{label}</dt>
      <dd className={styles.value}>{value}</dd>
    </div>
  )
}
