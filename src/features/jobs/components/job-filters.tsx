// The list's filters (portal-spec.md §2 My Jobs): report type (All Reports), job type (All Jobs), the
// date range typed as dd/MM/yyyy with a button back to the default, and the free-text search. They
// wrap onto several lines on a narrow screen.
import { useState, type ChangeEvent } from 'react'
import { Button, Field, Input, Select, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowReset20Regular, CalendarLtr20Regular, Search20Regular } from '@fluentui/react-icons'
import type { JobFilterOptions } from '../api/get-filter-options'
import { formatRangeDay, parseRangeDay, type DayRange } from '../lib/date-range'
import { LIST_TEXT as TEXT } from '../list-messages'

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexWrap: 'wrap',
    alignItems: 'flex-start',
    gap: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
  },
  select: { flex: '1 1 180px', minWidth: '160px', maxWidth: '260px' },
  dates: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, flex: '1 1 auto' },
  date: { width: '150px' },
  // Fluent's Input asks for more room than a dd/MM/yyyy date needs.
  dateInput: { width: '100%', minWidth: 0 },
  // Lines the button up with the inputs under their labels.
  reset: { marginTop: '26px' },
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
  /** The range in force. */
  range: DayRange
  /** What Reset dates goes back to: the last 7 days up to today. */
  defaultRange: DayRange
  /** Called with each valid range typed, or null to go back to the default. */
  onRangeChange: (range: DayRange | null) => void
  search: string
  onSearchChange: (text: string) => void
}

interface DateDraft {
  start: string
  end: string
  /** The range these texts were last taken from; a new range from outside replaces them. */
  from: string
  touched: { start: boolean; end: boolean }
}

const rangeKey = (range: DayRange) => `${range.start.getTime()}-${range.end.getTime()}`
const draftOf = (range: DayRange): DateDraft => ({
  start: formatRangeDay(range.start),
  end: formatRangeDay(range.end),
  from: rangeKey(range),
  touched: { start: false, end: false },
})

/** Names, with `current` added when the lookup does not (or no longer) offer it. */
function choices(names: string[], current: string): string[] {
  return current && !names.includes(current) ? [...names, current] : names
}

export function JobFilters(props: JobFiltersProps) {
  const { options, reportType, jobType, range, defaultRange, onRangeChange, search } = props
  const styles = useStyles()
  const [draft, setDraft] = useState(() => draftOf(range))
  // The range changed from outside (a reset, a new day): show it.
  if (draft.from !== rangeKey(range)) setDraft(draftOf(range))

  const start = parseRangeDay(draft.start)
  const end = parseRangeDay(draft.end)
  const startAfterEnd = !!start && !!end && start > end
  const dateError = (text: string, day: Date | null, touched: boolean) => (!day && (touched || text.trim().length >= 10) ? TEXT.badDate : undefined)
  const startError = dateError(draft.start, start, draft.touched.start) ?? (startAfterEnd ? TEXT.startAfterEnd : undefined)
  const endError = dateError(draft.end, end, draft.touched.end)

  const onDateChange = (which: 'start' | 'end') => (event: ChangeEvent<HTMLInputElement>) => {
    const text = event.target.value
    const next = { ...draft, [which]: text }
    const nextStart = parseRangeDay(next.start)
    const nextEnd = parseRangeDay(next.end)
    if (nextStart && nextEnd && nextStart <= nextEnd) {
      const nextRange = { start: nextStart, end: nextEnd }
      next.from = rangeKey(nextRange)
      if (next.from !== rangeKey(range)) onRangeChange(nextRange)
    }
    setDraft(next)
  }
  const onDateBlur = (which: 'start' | 'end') => () => setDraft((current) => ({ ...current, touched: { ...current.touched, [which]: true } }))
  const onReset = () => {
    setDraft(draftOf(defaultRange))
    onRangeChange(null)
  }

  const reportTypes = choices(options?.reportTypes.map((type) => type.name) ?? [], reportType)
  const jobTypes = choices(options?.jobTypes.map((type) => type.name) ?? [], jobType)

  return (
    <div className={styles.root} role="group" aria-label={TEXT.filtersLabel}>
      <Field className={styles.select} label={TEXT.reportType}>
        <Select value={reportType} onChange={(_, data) => props.onReportTypeChange(data.value)}>
          <option value="">{TEXT.allReports}</option>
          {reportTypes.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <Field className={styles.select} label={TEXT.jobType}>
        <Select value={jobType} onChange={(_, data) => props.onJobTypeChange(data.value)}>
          <option value="">{TEXT.allJobs}</option>
          {jobTypes.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </Select>
      </Field>
      <div className={styles.dates}>
        {(['start', 'end'] as const).map((side) => {
          const error = side === 'start' ? startError : endError
          return (
            <Field key={side} className={styles.date} label={side === 'start' ? TEXT.startDate : TEXT.endDate} hint={error ? undefined : TEXT.dateHint} validationMessage={error}>
              <Input
                className={styles.dateInput}
                value={draft[side]}
                onChange={onDateChange(side)}
                onBlur={onDateBlur(side)}
                placeholder={TEXT.dateHint}
                inputMode="numeric"
                pattern="\d{2}/\d{2}/\d{4}"
                maxLength={10}
                autoComplete="off"
                contentAfter={<CalendarLtr20Regular aria-hidden />}
              />
            </Field>
          )
        })}
        <Button className={styles.reset} icon={<ArrowReset20Regular />} onClick={onReset}>
          {TEXT.resetDates}
        </Button>
      </div>
      <Field className={styles.search} label={TEXT.search}>
        <Input
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
