// The list's filters (portal-spec.md §2 My Jobs): report type (All Reports), job type (All Jobs), the
// date range (job-date-range.tsx), and the free-text search. They
// wrap onto several lines on a narrow screen.
import { useRef } from 'react'
import { Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components'
import { Search20Regular } from '@fluentui/react-icons'
import type { JobFilterOptions } from '../api/get-filter-options'
import type { DayRange } from '../lib/date-range'
import { LIST_TEXT as TEXT } from '../list-messages'
import { useValueTypedBeforeHydration } from '@/lib/use-value-typed-before-hydration'
import { JobDateRange } from './job-date-range'

const useStyles = makeStyles({
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

export function JobFilters(props: JobFiltersProps) {
  const { options, reportType, jobType, range, defaultRange, onRangeChange, search } = props
  const styles = useStyles()
  const reportTypes = choices(options?.reportTypes.map((type) => type.name) ?? [], reportType)
  const jobTypes = choices(options?.jobTypes.map((type) => type.name) ?? [], jobType)
  // my-jobs.html holds the search field before the scripts run: what was typed there is kept.
  const searchField = useRef<HTMLInputElement>(null)
  useValueTypedBeforeHydration(searchField, props.onSearchChange)

  return (
    <div className={styles.root} role="group" aria-label={TEXT.filtersLabel}>
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
  )
}
