// The My Jobs page (portal-spec.md §2): the heading that says what is shown, the filters, the job
// table and its states, and the Job Details and Delete Job dialogs. The list refreshes itself every
// 60 s except while a dialog is open; a failed refresh keeps the jobs shown, and when the connection
// is gone the last known list stays with a note of its age.
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react'
import { Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { useIsRestoring } from '@tanstack/react-query'
import { PageTitle } from '@/components/page-title'
import { StatusMessage } from '@/components/status-message'
import { ApiError } from '@/lib/api-client'
import { listShown, listShownOncePainted, useWaitingForList } from '@/lib/list-first'
import { useOnlineStatus } from '@/lib/use-online-status'
import { useMountedInPrerenderPass, usePrerenderPass } from '@/lib/use-prerender-pass'
import { dropEarlyFirstPage, useEarlyFirstPage, type FirstPage } from '../api/early-dashboard'
import { useJobsDashboard } from '../api/get-dashboard'
import { useJobFilterOptions } from '../api/get-filter-options'
import { useJob } from '../api/get-job'
import { useLastStoredDashboard } from '../api/last-stored-dashboard'
import { dashboardRangeMs, defaultDateRange, formatRangeDay, parseRangeDay, sameRange, type DayRange } from '../lib/date-range'
import { useJobFromAddress } from '../lib/use-job-from-address'
import { rowsBuiltFrom, useJobRows } from '../lib/use-job-rows'
import { jobsTitle } from '../lib/jobs-title'
import { DEFAULT_JOB_FILTERS, useStoredJobFilters, type StoredJobFilters } from '../lib/stored-job-filters'
import { useToday } from '../lib/use-today'
import { LIST_TEXT as TEXT } from '../list-messages'
import type { JobLookup } from './job-details-dialog'
import { JobFilters } from './job-filters'
import { JobsOfflineNote } from './jobs-offline-note'
import { JobsRefreshing, JobsTable } from './jobs-table'

// The dialogs load on their first opening, not with the page (docs/decisions/first-paint-budgets-and-bench.md).
const DeleteJobsDialog = lazy(() => import('./delete-jobs-dialog').then((m) => ({ default: m.DeleteJobsDialog })))
const JobDetailsDialog = lazy(() => import('./job-details-dialog').then((m) => ({ default: m.JobDetailsDialog })))
const useStyles = makeStyles({
  page: { display: 'grid', gap: tokens.spacingVerticalL, minWidth: 0 },
  heading: {
    margin: `calc(-1 * ${tokens.spacingVerticalS}) 0 0`,
    fontSize: tokens.fontSizeBase500,
    lineHeight: tokens.lineHeightBase500,
    fontWeight: tokens.fontWeightSemibold,
    overflowWrap: 'anywhere',
  },
  card: {
    display: 'grid',
    gap: tokens.spacingVerticalL,
    minWidth: 0,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
  },
  loading: { justifyContent: 'flex-start', padding: `${tokens.spacingVerticalXL} 0` },
})

interface DetailsState {
  jobId: number
  open: boolean
  /** A new key per opening, so each opening starts afresh. */
  key: number
}

interface DeletionState {
  mode: 'single' | 'multiple'
  jobIds: number[]
  open: boolean
  key: number
}

function rangeFromStored(stored: { start: string; end: string } | null): DayRange | null {
  if (!stored) return null
  const start = parseRangeDay(stored.start)
  const end = parseRangeDay(stored.end)
  return start && end && start <= end ? { start, end } : null
}

const keepNothing = () => undefined

/**
 * The page, once the clerk's stored filters and the offline copy of the list have been read: the list
 * never starts from the defaults. A page hydrated from the prerendered document (my-jobs.html,
 * docs/decisions/prerendered-my-jobs-shell.md) is already on screen meanwhile: it
 * stays as it was prerendered (heading, empty filters, the loading spinner) rather than vanish.
 */
export function MyJobsPage() {
  // What waited for the list (src/lib/list-first.ts) waits no longer once the page has gone.
  useEffect(() => listShown, [])
  const [filters, setFilters, loaded] = useStoredJobFilters()
  const restoring = useIsRestoring()
  const prerendering = usePrerenderPass()
  // Only the prerendered page has something on screen to keep.
  const prerendered = useMountedInPrerenderPass()
  if (loaded && !restoring && !prerendering) return <MyJobsContent filters={filters} setFilters={setFilters} />
  return prerendered ? <MyJobsContent filters={DEFAULT_JOB_FILTERS} setFilters={keepNothing} waiting /> : null
}

interface MyJobsContentProps {
  filters: StoredJobFilters
  setFilters: (change: Partial<StoredJobFilters>) => void
  /**
   * Before the clerk's filters and stored list are known (the prerendered page's first moments): no
   * request, no date in the date fields (the build's day is not the clerk's), and the spinner.
   */
  waiting?: boolean
}

function MyJobsContent({ filters, setFilters, waiting = false }: MyJobsContentProps) {
  const styles = useStyles()
  const [search, setSearch] = useState('')
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(() => new Set())
  const [details, setDetails] = useState<DetailsState | null>(null)
  const [deletion, setDeletion] = useState<DeletionState | null>(null)
  const online = useOnlineStatus()

  const today = useToday()
  const defaultRange = useMemo(() => defaultDateRange(today), [today])
  const customRange = useMemo(() => rangeFromStored(filters.range), [filters.range])
  const range = customRange ?? defaultRange
  const rangeMs = useMemo(() => dashboardRangeMs(range), [range])

  const dialogOpen = !!details?.open || !!deletion?.open
  // The newest jobs asked for by the entry (early-dashboard.ts) are drawn for the default filters while
  // the whole list is on its way, and the whole list is asked for once they have been painted (the
  // release of src/lib/list-first.ts), so that its transfer is not part of the list's first paint
  // (docs/decisions/first-page-first.md). A range that held no more than those came whole: the list's
  // query takes it at once.
  const defaultChoice = customRange === null && filters.status === 'all' && filters.reportType === '' && filters.jobType === ''
  const firstPageAnswer = useEarlyFirstPage(rangeMs, !waiting && defaultChoice)
  const waitingForList = useWaitingForList(firstPageAnswer !== undefined)
  const wholeListHeld = firstPageAnswer === 'pending' || (firstPageAnswer !== undefined && waitingForList)
  const dashboard = useJobsDashboard(rangeMs, { paused: dialogOpen, enabled: !waiting && !wholeListHeld })
  const firstPage = firstPageAnswer === 'pending' || dashboard.data !== undefined ? undefined : firstPageAnswer
  // Once the whole list is here, or the clerk chose other filters, the first page is gone for good.
  const firstPageDone = !waiting && (!defaultChoice || dashboard.data !== undefined)
  useEffect(() => {
    if (firstPageDone) dropEarlyFirstPage()
  }, [firstPageDone])
  // The lookups wait for the list unless the clerk reaches for the filters before it is shown.
  const [filtersReached, setFiltersReached] = useState(false)
  const onFiltersReached = useCallback(() => setFiltersReached(true), [])
  const filterOptions = useJobFilterOptions(filtersReached)
  const noAnswer = dashboard.error instanceof ApiError && dashboard.error.network
  // Offline with no list for this range (after midnight the default range is a new one): the last
  // list stored on this device, whatever its range, rather than nothing.
  // Not while waiting: the restored copy is read once it is wanted, so it must be in memory by then.
  const stored = useLastStoredDashboard(!waiting && dashboard.data === undefined && !firstPage && (!online || noAnswer || dashboard.fetchStatus === 'paused'))
  // Waiting, a copy restored for the default range is not the clerk's choice yet: nothing is shown.
  const jobs = waiting ? undefined : (dashboard.data ?? firstPage?.jobs ?? stored?.jobs)
  // A long list's rows are built in slices: until they are, the rows shown before (or the spinner).
  const rows = useJobRows(jobs)
  // The table is drawn from new rows in the background, in slices between which the browser paints
  // and answers input, while what was shown stays: its first drawing (the toolbar, ten rows) was the
  // longest task after the prerendered shell's paint
  // (docs/decisions/my-jobs-blocking-time-after-first-paint.md). No rows (a new
  // range still loading, a failure) show at once.
  const deferredRows = useDeferredValue(rows)
  const shownRows = rows && deferredRows
  // The rows shown are the first page's, with more jobs in the range than it holds: the rest is to
  // come. Kept from render to render: a long list's rows are built in slices, and until they are the
  // first page's rows stay shown after the first page itself has gone.
  const [drawnFirstPage, setDrawnFirstPage] = useState<FirstPage>()
  if (firstPage && firstPage !== drawnFirstPage) setDrawnFirstPage(firstPage)
  const rowsInRange =
    drawnFirstPage && drawnFirstPage.inRange > drawnFirstPage.jobs.length && shownRows !== undefined && shownRows === rowsBuiltFrom(drawnFirstPage.jobs)
      ? drawnFirstPage.inRange
      : undefined

  // The filters and the table are memoized (React.memo) and get the same callbacks from render to
  // render: the page renders again for every answer that arrives (the lookups, the list, each fetching
  // flag), and only the part an answer changes is drawn again, not every field of the filters.
  // New filters start with nothing selected, so Delete Selected never takes jobs of another tab,
  // type or range. The search keeps the selection (the count beside the button stays in view).
  const changeFilters = useCallback(
    (change: Partial<StoredJobFilters>) => {
      setFilters(change)
      setSelectedIds(new Set())
    },
    [setFilters],
  )
  const onReportTypeChange = useCallback((reportType: string) => changeFilters({ reportType }), [changeFilters])
  const onJobTypeChange = useCallback((jobType: string) => changeFilters({ jobType }), [changeFilters])
  const onStatusChange = useCallback((status: StoredJobFilters['status']) => changeFilters({ status }), [changeFilters])
  const onRangeChange = useCallback(
    (next: DayRange | null) =>
      changeFilters({ range: next && !sameRange(next, defaultRange) ? { start: formatRangeDay(next.start), end: formatRangeDay(next.end) } : null }),
    [changeFilters, defaultRange],
  )
  // Refresh shows a read under way only when the clerk asked for one: the silent refresh and the whole
  // list after the first pages leave it as it is (spec §2: the list "refreshes silently"), and a Fluent
  // button switched to and from its disabled look changes some 25 classes, which in the bench's traces
  // cost 20-45 ms at each end of every read (research my-jobs-tablet.md §19). A read already under way
  // is joined, not cancelled and sent again: a tap while the whole list arrives does not restart it.
  const [refreshAsked, setRefreshAsked] = useState(false)
  const { refetch } = dashboard
  const onRefresh = useCallback(() => {
    setRefreshAsked(true)
    void refetch({ cancelRefetch: false }).finally(() => setRefreshAsked(false))
  }, [refetch])

  const openDetails = useCallback((jobId: number) => setDetails((current) => ({ jobId, open: true, key: (current?.key ?? 0) + 1 })), [])
  // A notification links to /my-jobs?job=12: open that job once the list is here.
  useJobFromAddress(jobs !== undefined, openDetails)
  const openDeletion = useCallback(
    (jobIds: number[], mode: 'single' | 'multiple') => setDeletion((current) => ({ mode, jobIds, open: true, key: (current?.key ?? 0) + 1 })),
    [],
  )
  const onDeleted = (deletedIds: number[]) =>
    setSelectedIds((current) => new Set([...current].filter((id) => !deletedIds.includes(id))))

  // The details follow the latest list, so a refresh shows a changed status or a new transcript. A job
  // the list leaves out (a notification's, older than the range) is asked for by its id.
  const listedJob = details ? (jobs?.find((job) => job.job_id === details.jobId) ?? null) : null
  const askedJob = useJob(details?.jobId ?? 0, { enabled: !!details?.open && jobs !== undefined && listedJob === null })
  const detailsJob = listedJob ?? (details && askedJob.data?.job_id === details.jobId ? askedJob.data : null)
  const lookup: JobLookup | undefined =
    detailsJob || jobs === undefined ? undefined : askedJob.isPending ? 'loading' : askedJob.error instanceof ApiError && askedJob.error.status === 404 ? 'not-found' : 'failed'

  const refreshFailedOffline = dashboard.isRefetchError && noAnswer
  const showOfflineNote = jobs !== undefined && (!online || refreshFailedOffline || !!stored)

  // What the table shows below its tabs until there are rows: why the first load failed (or could
  // not be made without a connection), else the spinner (the first load, or a first long list whose
  // rows are still being built).
  const listFailed = (jobs === undefined || rowsInRange !== undefined) && (dashboard.isError || dashboard.fetchStatus === 'paused')
  // The list, or why there is none, is on screen: what waited for it may come once it has been painted
  // (src/lib/list-first.ts).
  const listOnScreen = !waiting && (shownRows !== undefined || listFailed)
  useEffect(() => (listOnScreen ? listShownOncePainted() : undefined), [listOnScreen])
  const placeholder = useMemo(
    () =>
      listFailed ? (
        <StatusMessage intent="error" role="alert">
          {TEXT.loadFailed}
        </StatusMessage>
      ) : (
        <Spinner className={styles.loading} size="medium" labelPosition="after" label={TEXT.loading} />
      ),
    [listFailed, styles.loading],
  )

  return (
    <div className={styles.page}>
      <PageTitle>{TEXT.pageTitle}</PageTitle>
      <h2 className={styles.heading} aria-live="polite">
        {jobsTitle({ status: filters.status, reportType: filters.reportType, jobType: filters.jobType })}
      </h2>
      {filterOptions.isError && <StatusMessage intent="warning">{TEXT.filtersFailed}</StatusMessage>}
      {showOfflineNote &&
        (stored ? <JobsOfflineNote lastUpdatedAt={stored.updatedAt} storedRange={stored.range} /> : <JobsOfflineNote lastUpdatedAt={firstPage ? firstPage.receivedAt : dashboard.dataUpdatedAt} />)}
      <div className={styles.card}>
        <JobFilters
          options={waiting ? undefined : filterOptions.data}
          reportType={filters.reportType}
          onReportTypeChange={onReportTypeChange}
          jobType={filters.jobType}
          onJobTypeChange={onJobTypeChange}
          range={waiting ? null : range}
          defaultRange={defaultRange}
          onRangeChange={onRangeChange}
          search={search}
          onSearchChange={setSearch}
          onReach={onFiltersReached}
          waiting={waiting}
        />
      </div>
      <div className={styles.card}>
        <JobsRefreshing.Provider value={refreshAsked}>
          <JobsTable
            rows={shownRows}
            rowsInRange={rowsInRange}
            placeholder={placeholder}
            search={search}
            reportType={filters.reportType}
            jobType={filters.jobType}
            status={filters.status}
            onStatusChange={onStatusChange}
            onRefresh={onRefresh}
            onViewDetails={openDetails}
            onDelete={openDeletion}
            selectedIds={selectedIds}
            onSelectionChange={setSelectedIds}
            waiting={waiting}
          />
        </JobsRefreshing.Provider>
      </div>

      {/* Mounted from the first opening on and closed through `open`: a Fluent dialog unmounted while
          open leaves the page aria-hidden (src/lib/modal-hiding.ts). */}
      {details && (
        <Suspense fallback={null}>
          <JobDetailsDialog key={details.key} job={detailsJob} lookup={lookup} open={details.open} onClose={() => setDetails((current) => current && { ...current, open: false })} />
        </Suspense>
      )}
      {deletion && (
        <Suspense fallback={null}>
          <DeleteJobsDialog
            key={deletion.key}
            mode={deletion.mode}
            jobIds={deletion.jobIds}
            open={deletion.open}
            onClose={() => setDeletion((current) => current && { ...current, open: false })}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </div>
  )
}
