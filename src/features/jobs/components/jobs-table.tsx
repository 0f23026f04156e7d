// The job table (portal-spec.md §2 My Jobs): status tabs, sortable columns, 10 rows a page with
// 1 boundary and 1 sibling page, and selection of the jobs that may be deleted (Completed or Failed,
// §4). It receives the rows, a refresh callback, a status-filter callback and a view-details
// callback; the page keeps the selection so that it can clear it after a deletion.
import { useMemo, useState } from 'react'
import {
  Button,
  Checkbox,
  Tab,
  TabList,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tooltip,
  makeStyles,
  tokens,
} from '@fluentui/react-components'
import { ArrowClockwise20Regular, ChevronLeft20Regular, ChevronRight20Regular, Delete20Regular, Eye20Regular } from '@fluentui/react-icons'
import { JOB_STATUS_LABELS } from '../lib/job-status'
import type { JobRow } from '../lib/job-rows'
import { paginationItems } from '../lib/pagination'
import { DEFAULT_JOB_SORT, JOBS_PAGE_SIZE, selectJobs, type JobSort, type JobSortColumn, type StatusFilter } from '../lib/select-jobs'
import { ADDRESS_MAX_CHARS, LIST_TEXT as TEXT } from '../list-messages'
import { JobStatusBadge } from './job-status-badge'

/** A column's width, padding included. */
function column(width: string) {
  return { width, boxSizing: 'border-box' as const }
}

const stickyRight = {
  position: 'sticky' as const,
  right: '0',
  backgroundColor: tokens.colorNeutralBackground1,
  boxShadow: `inset ${tokens.strokeWidthThin} 0 0 ${tokens.colorNeutralStroke2}`,
}

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  tabs: { overflowX: 'auto', minWidth: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  count: { color: tokens.colorNeutralForeground2 },
  // The table keeps its width and scrolls sideways inside this box on a narrow screen.
  scroller: {
    overflowX: 'auto',
    minWidth: 0,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground1,
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}` },
  },
  // Widths include the cells' padding and add up to the table's least width: 1032 px, what a 1366 px
  // screen leaves beside the open sidebar. Headers and dates wrap rather than widen their column.
  table: { width: '100%', minWidth: '1032px' },
  checkCol: column('40px'),
  idCol: column('64px'),
  addressCol: column('156px'),
  typeCol: column('102px'),
  filesCol: column('72px'),
  durationCol: column('84px'),
  dateCol: column('108px'),
  statusCol: column('112px'),
  // Below that width the table scrolls sideways, and the actions stay in view at its right edge.
  actionsCol: { ...column('84px'), ...stickyRight },
  actionsCell: stickyRight,
  // The kept-in-view actions cell is opaque, so it takes the row's hover shade itself.
  row: { ':hover > td:last-child': { backgroundColor: tokens.colorSubtleBackgroundHover } },
  actions: { display: 'flex', gap: tokens.spacingHorizontalXS },
  remove: { color: tokens.colorPaletteRedForeground1 },
  nowrap: { whiteSpace: 'nowrap' },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    margin: '-1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
  empty: { margin: 0, padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`, color: tokens.colorNeutralForeground2, textAlign: 'center' },
  pagination: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'center', gap: tokens.spacingHorizontalXS },
  pageList: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS, listStyle: 'none', margin: 0, padding: 0 },
  pageButton: { minWidth: '36px' },
  ellipsis: { display: 'inline-block', minWidth: '24px', textAlign: 'center', color: tokens.colorNeutralForeground2 },
})

export interface JobsTableProps {
  /** All rows of the date range; the table applies the status tab, filters, search, sort and page. */
  rows: JobRow[]
  search: string
  /** Report type name, '' for all. */
  reportType: string
  /** Job type name, '' for all. */
  jobType: string
  status: StatusFilter
  /** The status-filter callback: a tab was chosen. */
  onStatusChange: (status: StatusFilter) => void
  /** The refresh callback. */
  onRefresh: () => void
  refreshing?: boolean
  /** The view-details callback. */
  onViewDetails: (jobId: number) => void
  /** A deletion was asked for: one job from its row, or the selection (possibly empty). */
  onDelete: (jobIds: number[], mode: 'single' | 'multiple') => void
  selectedIds: ReadonlySet<number>
  onSelectionChange: (ids: ReadonlySet<number>) => void
}

interface Column {
  id: JobSortColumn
  label: string
  className: keyof ReturnType<typeof useStyles>
}

const COLUMNS: Column[] = [
  { id: 'id', label: TEXT.columns.id, className: 'idCol' },
  { id: 'propertyName', label: TEXT.columns.propertyName, className: 'addressCol' },
  { id: 'reportType', label: TEXT.columns.reportType, className: 'typeCol' },
  { id: 'fileCount', label: TEXT.columns.fileCount, className: 'filesCol' },
  { id: 'duration', label: TEXT.columns.duration, className: 'durationCol' },
  { id: 'checkDate', label: TEXT.columns.checkDate, className: 'dateCol' },
  { id: 'expectedDate', label: TEXT.columns.expectedDate, className: 'dateCol' },
  { id: 'jobType', label: TEXT.columns.jobType, className: 'typeCol' },
  { id: 'status', label: TEXT.columns.status, className: 'statusCol' },
]

const STATUS_TABS: { value: StatusFilter; label: string }[] = [{ value: 'all', label: TEXT.allTab }, ...JOB_STATUS_LABELS.map((label) => ({ value: label, label }))]

/** portal-spec.md §9: cut at 20 characters plus an ellipsis. */
export function cutAddress(address: string): string {
  return address.length > ADDRESS_MAX_CHARS ? `${address.slice(0, ADDRESS_MAX_CHARS)}…` : address
}

/** A cut address wraps before its last word, never between that word and the ellipsis. */
function keepEllipsisWithWord(text: string): string {
  return text.replace(/ (?=\S*$)/, '\u00a0')
}

export function JobsTable(props: JobsTableProps) {
  const { rows, search, reportType, jobType, status, selectedIds, onSelectionChange } = props
  const styles = useStyles()
  const [sort, setSort] = useState<JobSort>(DEFAULT_JOB_SORT)
  // The page belongs to one set of filters: new filters, a new search or a new sort start at page 1.
  const filterKey = JSON.stringify([search, reportType, jobType, status, sort])
  const [paging, setPaging] = useState({ page: 1, filterKey })
  const requestedPage = paging.filterKey === filterKey ? paging.page : 1

  const selected = useMemo(
    () => selectJobs(rows, { search, status, reportType, jobType, sort, page: requestedPage }),
    [rows, search, status, reportType, jobType, sort, requestedPage],
  )
  const { pageRows, total, pageCount, page } = selected
  const goTo = (next: number) => setPaging({ page: next, filterKey })

  // Only jobs still in the list and still deletable count as selected.
  const deletableIds = useMemo(() => new Set(rows.filter((row) => row.deletable).map((row) => row.id)), [rows])
  const selection = [...selectedIds].filter((id) => deletableIds.has(id))
  const pageDeletable = pageRows.filter((row) => row.deletable)
  const pageSelectedCount = pageDeletable.filter((row) => selectedIds.has(row.id)).length
  const allOnPage = pageDeletable.length > 0 && pageSelectedCount === pageDeletable.length
  const headerChecked = allOnPage ? true : pageSelectedCount > 0 ? 'mixed' : false

  const toggle = (id: number, on: boolean) => {
    const next = new Set(selection)
    if (on) next.add(id)
    else next.delete(id)
    onSelectionChange(next)
  }
  const togglePage = () => {
    const next = new Set(selection)
    for (const row of pageDeletable) {
      if (allOnPage) next.delete(row.id)
      else next.add(row.id)
    }
    onSelectionChange(next)
  }

  const sortBy = (column: JobSortColumn) =>
    setSort((current) =>
      current.column === column ? { column, direction: current.direction === 'ascending' ? 'descending' : 'ascending' } : { column, direction: 'ascending' },
    )

  const first = total === 0 ? 0 : (page - 1) * JOBS_PAGE_SIZE + 1
  const last = Math.min(page * JOBS_PAGE_SIZE, total)

  return (
    <div className={styles.root}>
      <div className={styles.tabs}>
        <TabList aria-label={TEXT.statusTabs} selectedValue={status} onTabSelect={(_, data) => props.onStatusChange(data.value as StatusFilter)}>
          {STATUS_TABS.map((tab) => (
            <Tab key={tab.value} value={tab.value}>
              {tab.label}
            </Tab>
          ))}
        </TabList>
      </div>

      <div className={styles.toolbar}>
        <span className={styles.count} aria-live="polite">
          {TEXT.selectedCount(selection.length)}
        </span>
        <Button appearance="primary" icon={<Delete20Regular />} onClick={() => props.onDelete(selection, 'multiple')}>
          {TEXT.deleteSelected}
        </Button>
        <span className={styles.grow} />
        <Button icon={<ArrowClockwise20Regular />} onClick={props.onRefresh} disabledFocusable={props.refreshing}>
          {TEXT.refresh}
        </Button>
      </div>

      {total === 0 ? (
        <p className={styles.empty} role="status">
          {TEXT.empty}
        </p>
      ) : (
        <>
          {/* Focusable so that a keyboard can scroll the table sideways on a narrow screen. */}
          <div className={styles.scroller} role="region" aria-label={TEXT.tableLabel} tabIndex={0}>
            <Table className={styles.table} sortable aria-label={TEXT.tableLabel} size="medium">
              <TableHeader>
                <TableRow>
                  <TableHeaderCell className={styles.checkCol} sortable={false}>
                    <Checkbox
                      aria-label={TEXT.selectAll}
                      checked={headerChecked}
                      disabled={pageDeletable.length === 0}
                      onChange={togglePage}
                    />
                  </TableHeaderCell>
                  {COLUMNS.map((column) => (
                    <TableHeaderCell
                      key={column.id}
                      className={styles[column.className]}
                      sortDirection={sort.column === column.id ? sort.direction : undefined}
                      onClick={() => sortBy(column.id)}
                    >
                      {column.label}
                    </TableHeaderCell>
                  ))}
                  <TableHeaderCell className={styles.actionsCol} sortable={false}>
                    {TEXT.columns.actions}
                  </TableHeaderCell>
                </TableRow>
              </TableHeader>
              <TableBody>
                {pageRows.map((row) => (
                  <TableRow key={row.id} className={styles.row}>
                    <TableCell>
                      {row.deletable && (
                        <Checkbox aria-label={TEXT.selectJob(row.id)} checked={selectedIds.has(row.id)} onChange={(_, data) => toggle(row.id, !!data.checked)} />
                      )}
                    </TableCell>
                    <TableCell>{row.id}</TableCell>
                    <TableCell title={row.propertyName}>
                      <span aria-hidden="true">{keepEllipsisWithWord(cutAddress(row.propertyName))}</span>
                      <span className={styles.hidden}>{row.propertyName}</span>
                    </TableCell>
                    <TableCell>{row.reportType}</TableCell>
                    <TableCell>{row.fileDetails.count}</TableCell>
                    <TableCell>{row.fileDetails.duration}</TableCell>
                    <TableCell>
                      <DateText text={row.checkDate} className={styles.nowrap} />
                    </TableCell>
                    <TableCell>
                      <DateText text={row.expectedDate} className={styles.nowrap} />
                    </TableCell>
                    <TableCell>{row.jobType}</TableCell>
                    <TableCell>
                      <JobStatusBadge status={row.status} />
                    </TableCell>
                    <TableCell className={styles.actionsCell}>
                      <div className={styles.actions}>
                        <Tooltip content={TEXT.viewDetails(row.id)} relationship="label" withArrow>
                          <Button appearance="subtle" icon={<Eye20Regular />} onClick={() => props.onViewDetails(row.id)} />
                        </Tooltip>
                        {row.deletable && (
                          <Tooltip content={TEXT.deleteJob(row.id)} relationship="label" withArrow>
                            <Button appearance="subtle" className={styles.remove} icon={<Delete20Regular />} onClick={() => props.onDelete([row.id], 'single')} />
                          </Tooltip>
                        )}
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
          <JobsPagination page={page} pageCount={pageCount} summary={TEXT.range(first, last, total)} onPage={goTo} />
        </>
      )}
    </div>
  )
}

/** "01 Jan 2024, 03:30 PM" wraps, if it must, between the day and the time only. */
function DateText({ text, className }: { text: string; className: string }) {
  const comma = text.indexOf(', ')
  if (comma < 0) return <span className={className}>{text}</span>
  return (
    <>
      <span className={className}>{text.slice(0, comma + 1)}</span> <span className={className}>{text.slice(comma + 2)}</span>
    </>
  )
}

interface JobsPaginationProps {
  page: number
  pageCount: number
  summary: string
  onPage: (page: number) => void
}

function JobsPagination({ page, pageCount, summary, onPage }: JobsPaginationProps) {
  const styles = useStyles()
  return (
    <nav className={styles.pagination} aria-label={TEXT.pagination}>
      <Button appearance="subtle" icon={<ChevronLeft20Regular />} disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {TEXT.previous}
      </Button>
      <ul className={styles.pageList}>
        {paginationItems(page, pageCount).map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <Button
                className={styles.pageButton}
                appearance={item === page ? 'primary' : 'subtle'}
                aria-label={TEXT.page(item)}
                aria-current={item === page ? 'page' : undefined}
                onClick={() => onPage(item)}
              >
                {item}
              </Button>
            </li>
          ) : (
            <li key={item} aria-hidden="true">
              <span className={styles.ellipsis}>…</span>
            </li>
          ),
        )}
      </ul>
      <Button appearance="subtle" icon={<ChevronRight20Regular />} iconPosition="after" disabled={page >= pageCount} onClick={() => onPage(page + 1)}>
        {TEXT.next}
      </Button>
      <span className={styles.count} aria-live="polite">
        {summary}
      </span>
    </nav>
  )
}
