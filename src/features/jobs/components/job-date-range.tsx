// The list's date range (portal-spec.md §2 My Jobs, §9): two Fluent date pickers in dd/MM/yyyy that
// take typing as well as a calendar, and a button back to the default range. A range is applied as
// soon as both fields hold real days with the start not after the end: while typing (a whole date),
// on leaving a field, on Enter, or on a day picked in the calendar. The fields ask for a text keyboard
// (inputMode "text"), which has "/", rather than a tablet's numeric keypad, which has not. Only days the
// server takes in every time zone can be typed or picked (02/01/1970 to 30/12/9999, lib/date-range.ts).
import { useState } from 'react'
import { Button, Field, makeStyles, tokens } from '@fluentui/react-components'
import { DatePicker, type DatePickerProps, type DatePickerValidationResultData } from '@fluentui/react-datepicker-compat'
import { ArrowReset20Regular } from '@fluentui/react-icons'
import { FIRST_RANGE_DAY, formatRangeDay, LAST_RANGE_DAY, parseRangeDay, readRangeDay, type DayProblem, type DayRange } from '../lib/date-range'
import { LIST_TEXT as TEXT } from '../list-messages'

const useStyles = makeStyles({
  dates: { display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: tokens.spacingHorizontalS, flex: '1 1 auto' },
  date: { width: '168px' },
  picker: { width: '100%', minWidth: 0 },
  // Lines the button up with the inputs under their labels.
  reset: { marginTop: '26px' },
})

/** The UK's week starts on Monday (DayOfWeek.Monday, an enum of a package the portal does not import). */
const MONDAY = 1 as NonNullable<DatePickerProps['firstDayOfWeek']>

type Side = 'start' | 'end'

interface DateDraft {
  /** The last day each field was read as; null once a field was emptied. */
  start: Date | null
  end: Date | null
  /** Why the field's text could not be read as a day the range may use; null when it could. */
  bad: Record<Side, DayProblem | null>
  /** What each field last held as typed, to tell why the date picker refused it on leaving. */
  typed: Record<Side, string>
  /** The range these days were last taken from; a new range from outside replaces them. */
  from: string
}

const rangeKey = (range: DayRange | null) => (range ? `${range.start.getTime()}-${range.end.getTime()}` : '')
const draftOf = (range: DayRange | null): DateDraft => ({
  start: range?.start ?? null,
  end: range?.end ?? null,
  bad: { start: null, end: null },
  typed: { start: formatDay(range?.start), end: formatDay(range?.end) },
  from: rangeKey(range),
})
function formatDay(day?: Date): string {
  return day ? formatRangeDay(day) : ''
}
const problemText = (problem: DayProblem) => (problem === 'out-of-range' ? TEXT.dateOutOfRange : TEXT.badDate)

export interface JobDateRangeProps {
  /** The range in force; null while it is not known yet (the prerendered page: the fields stay empty). */
  range: DayRange | null
  /** What Reset dates goes back to: the last 7 days up to today. */
  defaultRange: DayRange
  /** Called with each valid range chosen, or null to go back to the default. */
  onRangeChange: (range: DayRange | null) => void
  /** Drawn disabled: no range can be chosen yet (the prerendered page before its scripts). */
  disabled?: boolean
}

export function JobDateRange({ range, defaultRange, onRangeChange, disabled = false }: JobDateRangeProps) {
  const styles = useStyles()
  const [draft, setDraft] = useState(() => draftOf(range))
  // The range changed from outside (a reset, a new day): show it.
  if (draft.from !== rangeKey(range)) setDraft(draftOf(range))

  const startAfterEnd = !!draft.start && !!draft.end && draft.start > draft.end
  const errors: Record<Side, string | undefined> = {
    start: draft.bad.start ? problemText(draft.bad.start) : startAfterEnd ? TEXT.startAfterEnd : undefined,
    end: draft.bad.end ? problemText(draft.bad.end) : undefined,
  }

  /** A field now reads as `day` (null: emptied). */
  const choose = (side: Side, day: Date | null | undefined, typed = draft.typed) => {
    const next: DateDraft = { ...draft, typed, [side]: day ?? null, bad: { ...draft.bad, [side]: day ? null : 'format' } }
    if (next.start && next.end && next.start <= next.end) {
      const nextRange = { start: next.start, end: next.end }
      next.from = rangeKey(nextRange)
      if (next.from !== rangeKey(range)) onRangeChange(nextRange)
    }
    setDraft(next)
  }
  const markBad = (side: Side, problem: DayProblem) => setDraft((current) => ({ ...current, bad: { ...current.bad, [side]: problem } }))

  // A whole date typed is taken at once; one that cannot be a day says so at once.
  const onType = (side: Side) => (text: string) => {
    const typed = { ...draft.typed, [side]: text }
    const trimmed = text.trim()
    if (trimmed.length < 8 || !/^\d{1,2}\/\d{1,2}\/\d{4}$/.test(trimmed)) return setDraft({ ...draft, typed })
    const read = readRangeDay(trimmed)
    if (read.day) choose(side, read.day, typed)
    else setDraft({ ...draft, typed, bad: { ...draft.bad, [side]: read.problem } })
  }
  // The picker refused the field's text on leaving it: say why, from what was typed.
  const onValidation = (side: Side) => (data: DatePickerValidationResultData) => {
    if (data.error) markBad(side, readRangeDay(draft.typed[side]).problem ?? 'format')
  }
  const onReset = () => {
    setDraft(draftOf(defaultRange))
    onRangeChange(null)
  }

  return (
    <div className={styles.dates}>
      {(['start', 'end'] as const).map((side) => {
        const label = side === 'start' ? TEXT.startDate : TEXT.endDate
        return (
          <Field key={side} className={styles.date} label={label} hint={errors[side] ? undefined : TEXT.dateHint} validationMessage={errors[side]}>
            <DatePicker
              className={styles.picker}
              disabled={disabled}
              value={draft[side]}
              onSelectDate={(day) => choose(side, day)}
              onValidationResult={onValidation(side)}
              onChange={(_, data) => onType(side)(data.value)}
              allowTextInput
              formatDate={formatDay}
              parseDateFromString={parseRangeDay}
              minDate={FIRST_RANGE_DAY}
              maxDate={LAST_RANGE_DAY}
              placeholder={TEXT.dateHint}
              // Tapping the field is for typing; the icon, Arrow Down or Enter opens the calendar.
              openOnClick={false}
              disableAutoFocus
              firstDayOfWeek={MONDAY}
              input={{ inputMode: 'text', autoComplete: 'off', maxLength: 10 }}
              contentAfter={{ 'aria-label': TEXT.openCalendar(label), 'aria-labelledby': undefined }}
            />
          </Field>
        )
      })}
      <Button className={styles.reset} icon={<ArrowReset20Regular />} onClick={onReset} disabled={disabled}>
        {TEXT.resetDates}
      </Button>
    </div>
  )
}
