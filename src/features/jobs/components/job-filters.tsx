// The list's filters (portal-spec.md §2 My Jobs): report type (All Reports), job type (All Jobs), the
// date range (job-date-range.tsx), and the free-text search. They wrap onto several lines on a narrow
// screen; at the mobile breakpoint and below (§9, 768 px) they fold behind a Filters button that says
// how many are set, so a phone shows its first job without scrolling. The fold is CSS alone: the
// prerendered my-jobs.html is laid out folded on a phone from its first paint, and nothing moves when
// the scripts take over.
import { memo, useId, useRef, useState } from 'react'
import { Button, Field, Input, Select, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { Filter20Regular, Search20Regular } from '@fluentui/react-icons'
import { visuallyHidden } from '@/components/visually-hidden'
import type { JobFilterOptions } from '../api/get-filter-options'
import { sameRange, type DayRange } from '../lib/date-range'
import { LIST_TEXT as TEXT } from '../list-messages'
import { keepsEarlyTap, useEarlyTap } from '@/lib/early-tap'
import { useValueTypedBeforeHydration } from '@/lib/use-value-typed-before-hydration'
import { JobDateRange } from './job-date-range'

/** portal-spec.md §9: the mobile breakpoint, as the shell's sidebar uses it (768 px wide or less). */
const FOLDED = '@media (max-width: 768px)'
const UNFOLDED = '@media (min-width: 769px)'

const useStyles = makeStyles({
  wrapper: { display: 'grid', gap: tokens.spacingVerticalM, minWidth: 0 },
  toggle: { justifySelf: 'start', [UNFOLDED]: { display: 'none' } },
  count: {
    display: 'inline-grid',
    placeItems: 'center',
    minWidth: '20px',
    height: '20px',
    marginLeft: tokens.spacingHorizontalXS,
    padding: `0 ${tokens.spacingHorizontalXS}`,
    boxSizing: 'border-box',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground,
    color: tokens.colorNeutralForegroundOnBrand,
    fontSize: tokens.fontSizeBase200,
    fontWeight: tokens.fontWeightSemibold,
  },
  hidden: visuallyHidden,
  folded: { [FOLDED]: { display: 'none' } },
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  select: { flex: '1 1 180px', minWidth: '160px', maxWidth: '260px' },
  search: { flex: '2 1 240px', minWidth: '200px' },
})

export interface JobFiltersProps {
  /** The lookups; undefined while loading or when they failed (only the "All" choices are offered). */
  options: JobFilterOptions | undefined
  /** Report type name, '' for All Reports. */
  reportType: string
  onReportTypeChange: (name: string) => void
  /** Job type name, '' for All Jobs. */
  jobType: string
  onJobTypeChange: (name: string) => void
  /** The range in force; null while it is not known yet. */
  range: DayRange | null
  /** What Reset dates goes back to: the last 7 days up to today. */
  defaultRange: DayRange
  /** Called with each valid range typed, or null to go back to the default. */
  onRangeChange: (range: DayRange | null) => void
  search: string
  onSearchChange: (text: string) => void
  /** The clerk reached for the filters (a pointer pressed or the focus moved inside them). */
  onReach?: () => void
  /**
   * Before the clerk's filters are known (the prerendered page until its scripts have run, and the
   * moment after): the choices and dates could not work yet, so they are drawn disabled,
   * not as ready. The search takes typing all the same: what is typed is kept.
   */
  waiting?: boolean
}

/** Names, with `current` added when the lookup does not (or no longer) offer it. */
function choices(names: string[], current: string): string[] {
  return current && !names.includes(current) ? [...names, current] : names
}

/** How many filters narrow the list: a report type, a job type, a range other than the default, a search. */
export function filtersSet({ reportType, jobType, range, defaultRange, search }: Pick<JobFiltersProps, 'reportType' | 'jobType' | 'range' | 'defaultRange' | 'search'>): number {
  return [reportType !== '', jobType !== '', range !== null && !sameRange(range, defaultRange), search.trim() !== ''].filter(Boolean).length
}

// Memoized: My Jobs renders again for every answer that arrives; this part only when its own props change.
export const JobFilters = memo(function JobFilters(props: JobFiltersProps) {
  const { options, reportType, jobType, range, defaultRange, onRangeChange, search } = props
  const styles = useStyles()
  const panelId = useId()
  const [open, setOpen] = useState(false)
  // my-jobs.html holds the toggle before the scripts run (phones and tablets): a tap there is kept.
  const toggle = useRef<HTMLButtonElement>(null)
  const onToggleClick = useEarlyTap(toggle, () => setOpen((shown) => !shown))
  const reportTypes = choices(options?.reportTypes.map((type) => type.name) ?? [], reportType)
  const jobTypes = choices(options?.jobTypes.map((type) => type.name) ?? [], jobType)
  const count = filtersSet(props)
  // my-jobs.html holds the search field before the scripts run: what was typed there is kept.
  const searchField = useRef<HTMLInputElement>(null)
  useValueTypedBeforeHydration(searchField, props.onSearchChange)

  return (
    <div className={styles.wrapper} onPointerDownCapture={props.onReach} onFocusCapture={props.onReach}>
      <Button
        ref={toggle}
        {...keepsEarlyTap}
        className={styles.toggle}
        icon={<Filter20Regular />}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={onToggleClick}
      >
        {TEXT.filtersButton}
        {count > 0 && (
          <>
            <span className={styles.count} aria-hidden="true">
              {count}
            </span>
            <span className={styles.hidden}>{TEXT.filtersSet(count)}</span>
          </>
        )}
      </Button>
      <div id={panelId} className={mergeClasses(styles.root, !open && styles.folded)} role="group" aria-label={TEXT.filtersLabel}>
        <Field className={styles.select} label={TEXT.reportType}>
          <Select value={reportType} disabled={props.waiting} onChange={(_, data) => props.onReportTypeChange(data.value)}>
            <option value="">{TEXT.allReports}</option>
            {reportTypes.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <Field className={styles.select} label={TEXT.jobType}>
          <Select value={jobType} disabled={props.waiting} onChange={(_, data) => props.onJobTypeChange(data.value)}>
            <option value="">{TEXT.allJobs}</option>
            {jobTypes.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </Select>
        </Field>
        <JobDateRange range={range} defaultRange={defaultRange} onRangeChange={onRangeChange} disabled={props.waiting} />
        <Field className={styles.search} label={TEXT.search}>
          <Input
            ref={searchField}
            type="search"
            value={search}
            onChange={(_, data) => props.onSearchChange(data.value)}
            placeholder={TEXT.searchPlaceholder}
            contentBefore={<Search20Regular aria-hidden />}
            autoComplete="off"
          />
        </Field>
      </div>
    </div>
  )
})
