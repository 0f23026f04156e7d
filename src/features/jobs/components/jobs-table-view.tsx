// The jobs as a table, from 1024 px of viewport up. Nine columns do not fit beside the open sidebar
// at 1024 px (about 690 px are left), so related fields share a column, one above the other, as the
// spec's row mapping already pairs the file count with the duration: Job ID over Property Address,
// Report Type over Job Type, Audio Files over Duration, Created Date over Deadline Date. Each field
// keeps its own sort button in the column's header. Status and the actions always fit: nothing
// scrolls sideways.
import { memo } from 'react'
import { Checkbox, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { ArrowSortDown16Regular, ArrowSortUp16Regular } from '@fluentui/react-icons'
import type { JobRow } from '../lib/job-rows'
import type { JobSort, JobSortColumn } from '../lib/select-jobs'
import { LIST_TEXT as TEXT } from '../list-messages'
import { JobStatusBadge } from './job-status-badge'
import { CutAddress, DateText, JobActions } from './job-row-parts'
import { jobRowProps, nextSort, sameRowProps, type JobRowProps, type JobsViewProps } from './jobs-view-props'

/** A column's width, padding included. */
const column = (width: string) => ({ width, boxSizing: 'border-box' as const })

const useStyles = makeStyles({
  region: {
    minWidth: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
  },
  // The widths below are each column's least and add up to 668 px: 1024 px less the open sidebar, the
  // page's and the card's padding leave 696 px, and a desktop's scroll bar may take 15 of them. A
  // wider screen shares its extra room among the columns by their content (automatic layout), so
  // no column stands half empty. Everything in a cell wraps.
  table: { width: '100%', tableLayout: 'auto' },
  jobCol: column('120px'),
  checkCol: column('40px'),
  typeCol: column('108px'),
  audioCol: column('76px'),
  dateCol: column('128px'),
  statusCol: column('112px'),
  actionsCol: column('84px'),
  cell: { verticalAlign: 'top', paddingTop: tokens.spacingVerticalS, paddingBottom: tokens.spacingVerticalS },
  stack: { display: 'grid', gap: tokens.spacingVerticalXXS, minWidth: 0, overflowWrap: 'anywhere' },
  second: { color: tokens.colorNeutralForeground2 },
  actions: { flexWrap: 'nowrap' },
  id: { fontWeight: tokens.fontWeightSemibold },
  sortButtons: { display: 'grid', justifyItems: 'start', gap: tokens.spacingVerticalXXS },
  sortButton: {
    display: 'inline-flex',
    alignItems: 'center',
    // WCAG 2.2 target size (2.5.8): stacked sort buttons are each at least 24 px tall.
    minHeight: '24px',
    gap: tokens.spacingHorizontalXXS,
    padding: 0,
    border: 'none',
    background: 'none',
    color: 'inherit',
    font: 'inherit',
    fontWeight: tokens.fontWeightSemibold,
    textAlign: 'start',
    cursor: 'pointer',
    borderRadius: tokens.borderRadiusSmall,
    ':hover': { color: tokens.colorNeutralForeground1Hover, textDecoration: 'underline' },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
})

type ColumnClass = 'jobCol' | 'typeCol' | 'audioCol' | 'dateCol' | 'statusCol' | undefined

interface Column {
  /** The fields shown in the column, top to bottom, each sortable. */
  fields: { id: JobSortColumn; label: string }[]
  className: ColumnClass
  cell: (row: JobRow) => [React.ReactNode, React.ReactNode?]
}

const COLUMNS: Column[] = [
  {
    fields: [
      { id: 'id', label: TEXT.columns.id },
      { id: 'propertyName', label: TEXT.columns.propertyName },
    ],
    className: 'jobCol',
    cell: (row) => [row.id, <CutAddress key="address" address={row.propertyName} />],
  },
  {
    fields: [
      { id: 'reportType', label: TEXT.columns.reportType },
      { id: 'jobType', label: TEXT.columns.jobType },
    ],
    className: 'typeCol',
    cell: (row) => [row.reportType, row.jobType],
  },
  {
    fields: [
      { id: 'fileCount', label: TEXT.columns.fileCount },
      { id: 'duration', label: TEXT.columns.duration },
    ],
    className: 'audioCol',
    cell: (row) => [row.fileDetails.count, row.fileDetails.duration],
  },
  {
    fields: [
      { id: 'checkDate', label: TEXT.columns.checkDate },
      { id: 'expectedDate', label: TEXT.columns.expectedDate },
    ],
    className: 'dateCol',
    cell: (row) => [<DateText key="created" text={row.checkDate} />, <DateText key="deadline" text={row.expectedDate} />],
  },
  { fields: [{ id: 'status', label: TEXT.columns.status }], className: 'statusCol', cell: (row) => [<JobStatusBadge key="status" status={row.status} />] },
]

function SortHeader({ column: { fields, className }, sort, onSort }: { column: Column; sort: JobSort; onSort: (column: JobSortColumn) => void }) {
  const styles = useStyles()
  const sorted = fields.some((field) => field.id === sort.column)
  return (
    <TableHeaderCell className={mergeClasses(styles.cell, className && styles[className])} sortable={false} aria-sort={sorted ? sort.direction : 'none'}>
      <div className={styles.sortButtons}>
        {fields.map((field) => (
          <button key={field.id} type="button" className={styles.sortButton} onClick={() => onSort(field.id)}>
            {field.label}
            {sort.column === field.id && (sort.direction === 'ascending' ? <ArrowSortUp16Regular aria-hidden /> : <ArrowSortDown16Regular aria-hidden />)}
          </button>
        ))}
      </div>
    </TableHeaderCell>
  )
}

/** One job's row. Memoized: the page's other changes (a refresh, another job selected, the whole list after its first page) leave an unchanged job's row as it is. */
const JobTableRow = memo(function JobTableRow({ row, selected, onToggle, onViewDetails, onDelete }: JobRowProps) {
  const styles = useStyles()
  return (
    <TableRow>
      <TableCell className={styles.cell}>
        {row.deletable && <Checkbox aria-label={TEXT.selectJob(row.id)} checked={selected} onChange={(_, data) => onToggle(row.id, !!data.checked)} />}
      </TableCell>
      {COLUMNS.map((column, index) => {
        const [first, second] = column.cell(row)
        return (
          <TableCell key={column.fields[0]!.id} className={styles.cell} title={index === 0 ? row.propertyName : undefined}>
            <div className={styles.stack}>
              <span className={index === 0 ? styles.id : undefined}>{first}</span>
              {second !== undefined && <span className={styles.second}>{second}</span>}
            </div>
          </TableCell>
        )
      })}
      <TableCell className={styles.cell}>
        <JobActions className={styles.actions} row={row} onViewDetails={onViewDetails} onDelete={onDelete} />
      </TableCell>
    </TableRow>
  )
}, sameRowProps)

export function JobsTableView(props: JobsViewProps) {
  const { rows, sort, onSortChange, selection } = props
  const styles = useStyles()
  return (
    <div className={styles.region} role="region" aria-label={TEXT.tableLabel}>
      <Table className={styles.table} aria-label={TEXT.tableLabel} size="medium">
        <TableHeader>
          <TableRow>
            <TableHeaderCell className={mergeClasses(styles.cell, styles.checkCol)}>
              <Checkbox aria-label={TEXT.selectAll} checked={selection.pageChecked} disabled={!selection.pageSelectable} onChange={selection.togglePage} />
            </TableHeaderCell>
            {COLUMNS.map((column) => (
              <SortHeader key={column.fields[0]!.id} column={column} sort={sort} onSort={(field) => onSortChange(nextSort(sort, field))} />
            ))}
            <TableHeaderCell className={mergeClasses(styles.cell, styles.actionsCol)}>{TEXT.columns.actions}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <JobTableRow key={row.id} {...jobRowProps(row, props)} />
          ))}
        </TableBody>
      </Table>
    </div>
  )
}
