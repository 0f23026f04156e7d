// The job list (portal-spec.md §2 My Jobs): status tabs, sortable fields, 10 jobs a page with 1
// boundary and 1 sibling page, and selection of the jobs that may be deleted (Completed or Failed,
// §4). It receives the rows, a refresh callback, a status-filter callback and a view-details
// callback; the page keeps the selection so that it can clear it after a deletion. The jobs show as
// a table from 1024 px of viewport up and as cards below (use-media-query.ts). Until the rows are
// here, the tabs show above what the page gives in their place (the spinner, or why they failed).
// Delete Selected with nothing selected says so beside the button, without a dialog; a range with no
// jobs at all (a new clerk's) offers the way to create one under the spec's empty message.
import { createContext, memo, useCallback, useContext, useMemo, useState, type ReactNode } from 'react'
import { Button, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowClockwise20Regular, Delete20Regular } from '@fluentui/react-icons'
import { Link } from 'react-router-dom'
import { StatusMessage } from '@/components/status-message'
import { useLatest } from '@/lib/use-latest'
import { DELETE_JOBS_TEXT } from '../dialog-messages'
import type { JobRow } from '../lib/job-rows'
import { DEFAULT_JOB_SORT, JOBS_PAGE_SIZE, selectJobs, showsNewestJobs, type JobSort, type StatusFilter } from '../lib/select-jobs'
import { useJobsTableLayout } from '../lib/use-media-query'
import { LIST_TEXT as TEXT } from '../list-messages'
import { JobCards } from './job-cards'
import { JobStatusTabs } from './job-status-tabs'
import { JobsPagination } from './jobs-pagination'
import { JobsTableView } from './jobs-table-view'
import type { PageSelection } from './jobs-view-props'

const useStyles = makeStyles({
  root: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  toolbar: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalM },
  grow: { flexGrow: 1 },
  count: { color: tokens.colorNeutralForeground2 },
  empty: { margin: 0, padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`, color: tokens.colorNeutralForeground2, textAlign: 'center' },
  emptyBox: { display: 'grid', justifyItems: 'center', paddingBottom: tokens.spacingVerticalXL },
  // A link (it goes to another page) drawn as Fluent's primary button.
  createLink: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '32px',
    padding: `${tokens.spacingVerticalXS} ${tokens.spacingHorizontalL}`,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontWeight: tokens.fontWeightSemibold,
    textDecoration: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackgroundHover },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
    '@media (hover: none) and (pointer: coarse)': { minHeight: '44px' },
  },
})

export interface JobsTableProps {
  /** All rows of the date range; the table applies the status tab, filters, search, sort and page. Undefined until they are here. */
  rows: JobRow[] | undefined
  /**
   * Set while `rows` are only the range's newest jobs, with the rest on its way (the first pages, drawn
   * before the whole list: docs/decisions/first-page-first.md): how many jobs the range holds. The
   * pages count those; a page past the rows held, and any tab, filter, search or sort, shows the
   * placeholder until the whole list is here.
   */
  rowsInRange?: number
  /** What shows below the status tabs while there are no rows (or not the rows asked for, above). */
  placeholder?: ReactNode
  search: string
  /** Report type name, '' for all. */
  reportType: string
  /** Job type name, '' for all. */
  jobType: string
  status: StatusFilter
  /** The status-filter callback: a tab was chosen. */
  onStatusChange: (status: StatusFilter) => void
  /** The refresh callback. (Whether a refresh is under way comes through JobsRefreshing.) */
  onRefresh: () => void
  /** The view-details callback. */
  onViewDetails: (jobId: number) => void
  /** A deletion was asked for: one job from its row, or the selection (possibly empty). */
  onDelete: (jobIds: number[], mode: 'single' | 'multiple') => void
  selectedIds: ReadonlySet<number>
  onSelectionChange: (ids: ReadonlySet<number>) => void
  /**
   * Before the clerk's filters are known (the prerendered page until its scripts have run, and the
   * moment after): Refresh could not work yet, so it is drawn disabled, not as ready. (The status
   * tabs are not: a disabled Fluent tab is no longer announced as selected.)
   */
  waiting?: boolean
}

/**
 * Whether a refresh the clerk asked for is under way, which Refresh shows (the page provides it). A
 * context rather than a prop of the memoized table: a refresh that starts or ends draws the button
 * again, not the table and every row of its page (research my-jobs-tablet.md §18).
 */
export const JobsRefreshing = createContext(false)

function RefreshButton({ onRefresh, waiting }: { onRefresh: () => void; waiting?: boolean }) {
  const refreshing = useContext(JobsRefreshing)
  return (
    <Button icon={<ArrowClockwise20Regular />} onClick={onRefresh} disabled={waiting} disabledFocusable={refreshing}>
      {TEXT.refresh}
    </Button>
  )
}

// Memoized: My Jobs renders again for every answer that arrives; this part only when its own props change.
export const JobsTable = memo(function JobsTable(props: JobsTableProps) {
  const { rows, status, onStatusChange, placeholder } = props
  const styles = useStyles()
  // The tabs are mounted before the rows arrive (and are in the prerendered my-jobs.html), not with
  // them: Fluent's Overflow measures the tab row synchronously when it mounts, and mounted in the same
  // commit as the first jobs that forced the browser to lay out the whole new list inside the commit,
  // 120 to 150 ms where its own rendering step takes about 6 (docs/decisions/status-tabs-before-the-jobs.md).
  return (
    <div className={styles.root}>
      <JobStatusTabs status={status} onStatusChange={onStatusChange} />
      {rows === undefined ? placeholder : <JobsList {...props} rows={rows} />}
    </div>
  )
})

/** The toolbar, the jobs of the page and the pagination, below the tabs. */
function JobsList(props: JobsTableProps & { rows: JobRow[] }) {
  const { rows, rowsInRange, search, reportType, jobType, status, selectedIds, onSelectionChange } = props
  const styles = useStyles()
  const asTable = useJobsTableLayout()
  const [sort, setSort] = useState<JobSort>(DEFAULT_JOB_SORT)
  // The page belongs to one set of filters: new filters, a new search or a new sort start at page 1.
  const filterKey = JSON.stringify([search, reportType, jobType, status, sort])
  const [paging, setPaging] = useState({ page: 1, filterKey })
  // Delete Selected was pressed with nothing selected: said until a job is chosen.
  const [askedWithNone, setAskedWithNone] = useState(false)
  const requestedPage = paging.filterKey === filterKey ? paging.page : 1

  const selected = useMemo(
    () => selectJobs(rows, { search, status, reportType, jobType, sort, page: requestedPage }),
    [rows, search, status, reportType, jobType, sort, requestedPage],
  )
  // Only the newest jobs are here: the pages are those of the whole range, and a page they do not make
  // up waits for the rest (the placeholder in place of the jobs).
  const firstPageOnly = rowsInRange !== undefined
  const restWanted = firstPageOnly && !showsNewestJobs({ search, status, reportType, jobType, sort, page: requestedPage }, rows.length)
  const total = firstPageOnly ? rowsInRange : selected.total
  const pageCount = firstPageOnly ? Math.ceil(rowsInRange / JOBS_PAGE_SIZE) : selected.pageCount
  const page = firstPageOnly ? Math.min(requestedPage, pageCount) : selected.page
  const pageRows = restWanted ? [] : selected.pageRows
  const goTo = (next: number) => setPaging({ page: next, filterKey })

  // Only jobs still in the list and still deletable count as selected.
  const deletableIds = useMemo(() => new Set(rows.filter((row) => row.deletable).map((row) => row.id)), [rows])
  const selectionIds = [...selectedIds].filter((id) => deletableIds.has(id))
  const pageDeletable = pageRows.filter((row) => row.deletable)
  const pageSelectedCount = pageDeletable.filter((row) => selectedIds.has(row.id)).length
  const allOnPage = pageDeletable.length > 0 && pageSelectedCount === pageDeletable.length

  const changeSelection = (next: ReadonlySet<number>) => {
    setAskedWithNone(false)
    onSelectionChange(next)
  }
  const deleteSelected = () => {
    if (selectionIds.length === 0) return setAskedWithNone(true)
    props.onDelete(selectionIds, 'multiple')
  }

  // One function from render to render, reading the latest selection when called: the rows are
  // memoized on it, so a change elsewhere (another job ticked, a refresh) leaves the other rows as they are.
  const toggleNow = (id: number, on: boolean) => {
    const next = new Set(selectionIds)
    if (on) next.add(id)
    else next.delete(id)
    changeSelection(next)
  }
  const latestToggle = useLatest(toggleNow)
  const toggle = useCallback((id: number, on: boolean) => latestToggle.current(id, on), [latestToggle])

  const selection: PageSelection = {
    isSelected: (id) => selectedIds.has(id),
    toggle,
    pageChecked: allOnPage ? true : pageSelectedCount > 0 ? 'mixed' : false,
    pageSelectable: pageDeletable.length > 0,
    togglePage: () => {
      const next = new Set(selectionIds)
      for (const row of pageDeletable) {
        if (allOnPage) next.delete(row.id)
        else next.add(row.id)
      }
      changeSelection(next)
    },
  }

  const first = total === 0 ? 0 : (page - 1) * JOBS_PAGE_SIZE + 1
  const last = Math.min(page * JOBS_PAGE_SIZE, total)
  const View = asTable ? JobsTableView : JobCards

  return (
    <>
      <div className={styles.toolbar}>
        <span className={styles.count} aria-live="polite">
          {TEXT.selectedCount(selectionIds.length)}
        </span>
        <Button appearance="primary" icon={<Delete20Regular />} onClick={deleteSelected}>
          {TEXT.deleteSelected}
        </Button>
        <span className={styles.grow} />
        <RefreshButton onRefresh={props.onRefresh} waiting={props.waiting} />
      </div>
      {askedWithNone && selectionIds.length === 0 && <StatusMessage intent="error">{DELETE_JOBS_TEXT.noneSelected}</StatusMessage>}

      {total === 0 ? (
        <div className={styles.emptyBox}>
          <p className={styles.empty} role="status">
            {TEXT.empty}
          </p>
          {/* No job in the range at all, not only none that the filters or the search let through. */}
          {rows.length === 0 && (
            <Link className={styles.createLink} to="/create-job">
              {TEXT.createJob}
            </Link>
          )}
        </div>
      ) : (
        <>
          {restWanted ? (
            props.placeholder
          ) : (
            <View rows={pageRows} sort={sort} onSortChange={setSort} selection={selection} onViewDetails={props.onViewDetails} onDelete={props.onDelete} />
          )}
          <JobsPagination page={page} pageCount={pageCount} summary={TEXT.range(first, last, total)} onPage={goTo} />
        </>
      )}
    </>
  )
}
