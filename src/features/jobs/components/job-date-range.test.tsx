import { useState } from 'react'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { renderWithPortal } from '@/test/fake-portal-api'
import type { DayRange } from '../lib/date-range'
import { JobDateRange } from './job-date-range'

const DEFAULT: DayRange = { start: new Date(2026, 10, 15), end: new Date(2026, 10, 22) }

/** The range kept as the page keeps it: a chosen range, or null for the default. */
function Harness({ onRangeChange }: { onRangeChange: (range: DayRange | null) => void }) {
  const [range, setRange] = useState<DayRange | null>(null)
  return (
    <JobDateRange
      range={range ?? DEFAULT}
      defaultRange={DEFAULT}
      onRangeChange={(next) => {
        setRange(next)
        onRangeChange(next)
      }}
    />
  )
}

function setUp() {
  const onRangeChange = vi.fn()
  const { user } = renderWithPortal(<Harness onRangeChange={onRangeChange} />)
  const start = screen.getByRole('combobox', { name: /^Start date/ })
  const end = screen.getByRole('combobox', { name: /^End date/ })
  return { user, onRangeChange, start, end }
}

describe('JobDateRange', () => {
  it('shows the range as dd/MM/yyyy in fields that ask for a text keyboard, which has "/"', () => {
    const { start, end } = setUp()
    expect(start).toHaveValue('15/11/2026')
    expect(end).toHaveValue('22/11/2026')
    expect(start).toHaveAttribute('inputmode', 'text')
    expect(end).toHaveAttribute('inputmode', 'text')
    expect(screen.getAllByText('dd/MM/yyyy')).toHaveLength(2)
  })

  it('applies a date as soon as it is typed whole', async () => {
    const { user, onRangeChange, start } = setUp()
    await user.clear(start)
    await user.type(start, '05/11/2026')
    expect(onRangeChange).toHaveBeenLastCalledWith({ start: new Date(2026, 10, 5), end: new Date(2026, 10, 22) })
    expect(start).toHaveValue('05/11/2026')
    expect(screen.queryByText('Enter a date as dd/MM/yyyy')).not.toBeInTheDocument()
  })

  it('reads a day or month typed with one digit when the field is left, and shows it dd/MM/yyyy', async () => {
    const { user, onRangeChange, end } = setUp()
    await user.clear(end)
    await user.type(end, '1/12/2026')
    await user.tab()
    expect(onRangeChange).toHaveBeenLastCalledWith({ start: new Date(2026, 10, 15), end: new Date(2026, 11, 1) })
    expect(end).toHaveValue('01/12/2026')
  })

  it('says how to type a date, and applies nothing, while a date cannot be read', async () => {
    const { user, onRangeChange, start, end } = setUp()
    await user.clear(end)
    await user.type(end, '31/02/2026')
    expect(screen.getByText('Enter a date as dd/MM/yyyy')).toBeInTheDocument()
    await user.tab()
    expect(screen.getByText('Enter a date as dd/MM/yyyy')).toBeInTheDocument()

    await user.clear(start)
    await user.tab()
    expect(screen.getAllByText('Enter a date as dd/MM/yyyy')).toHaveLength(2)
    expect(onRangeChange).not.toHaveBeenCalled()
  })

  it('refuses a day the server cannot take (before 1970), says which days it can, and applies nothing', async () => {
    const { user, onRangeChange, start, end } = setUp()
    await user.clear(start)
    await user.type(start, '31/12/1969')
    expect(screen.getByText('Enter a date between 02/01/1970 and 30/12/9999')).toBeInTheDocument()
    await user.tab()
    expect(screen.getByText('Enter a date between 02/01/1970 and 30/12/9999')).toBeInTheDocument()
    await user.clear(end)
    await user.type(end, '1/1/0001')
    await user.tab()
    expect(screen.getAllByText('Enter a date between 02/01/1970 and 30/12/9999')).toHaveLength(2)
    expect(onRangeChange).not.toHaveBeenCalled()

    await user.clear(start)
    await user.type(start, '02/01/1970')
    await user.clear(end)
    await user.type(end, '30/12/9999')
    expect(screen.queryByText(/Enter a date/)).not.toBeInTheDocument()
    expect(onRangeChange).toHaveBeenLastCalledWith({ start: new Date(1970, 0, 2), end: new Date(9999, 11, 30) })
  })

  it('says when the start is after the end, and applies nothing until it is not', async () => {
    const { user, onRangeChange, start, end } = setUp()
    await user.clear(start)
    await user.type(start, '30/11/2026')
    expect(screen.getByText('The start date must not be after the end date')).toBeInTheDocument()
    expect(onRangeChange).not.toHaveBeenCalled()
    await user.clear(end)
    await user.type(end, '31/12/2026')
    expect(screen.queryByText('The start date must not be after the end date')).not.toBeInTheDocument()
    expect(onRangeChange).toHaveBeenLastCalledWith({ start: new Date(2026, 10, 30), end: new Date(2026, 11, 31) })
  })

  it('applies a day chosen in the calendar, opened from the field’s icon', async () => {
    const { user, onRangeChange, start } = setUp()
    await user.click(screen.getByRole('button', { name: 'Choose start date from a calendar' }))
    const calendar = await screen.findByRole('dialog', { name: 'Calendar' })
    await user.click(within(calendar).getByRole('button', { name: '10, November, 2026' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calendar' })).not.toBeInTheDocument())
    expect(onRangeChange).toHaveBeenLastCalledWith({ start: new Date(2026, 10, 10), end: new Date(2026, 10, 22) })
    expect(start).toHaveValue('10/11/2026')
  })

  it('opens the calendar from the keyboard and picks the day moved to', async () => {
    const { user, onRangeChange, end } = setUp()
    end.focus()
    await user.keyboard('{ArrowDown}')
    await screen.findByRole('dialog', { name: 'Calendar' })
    // The calendar starts on the field's day, 22 November; one day back and Enter.
    await user.keyboard('{ArrowLeft}{Enter}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Calendar' })).not.toBeInTheDocument())
    expect(onRangeChange).toHaveBeenLastCalledWith({ start: new Date(2026, 10, 15), end: new Date(2026, 10, 21) })
    expect(end).toHaveValue('21/11/2026')
  })

  it('goes back to the default range with Reset dates', async () => {
    const { user, onRangeChange, start } = setUp()
    await user.clear(start)
    await user.type(start, '01/11/2026')
    expect(start).toHaveValue('01/11/2026')
    await user.click(screen.getByRole('button', { name: 'Reset dates' }))
    expect(onRangeChange).toHaveBeenLastCalledWith(null)
    expect(start).toHaveValue('15/11/2026')
  })
  it('leaves both fields empty while the range is not known (the prerendered page), and shows it once it is', async () => {
    function NotKnownYet() {
      const [range, setRange] = useState<DayRange | null>(null)
      return (
        <>
          <button onClick={() => setRange({ start: new Date(2026, 9, 1), end: new Date(2026, 9, 31) })}>Known</button>
          <JobDateRange range={range} defaultRange={DEFAULT} onRangeChange={vi.fn()} />
        </>
      )
    }
    const { user } = renderWithPortal(<NotKnownYet />)
    expect(screen.getByRole('combobox', { name: /^Start date/ })).toHaveValue('')
    expect(screen.getByRole('combobox', { name: /^End date/ })).toHaveValue('')
    expect(screen.getAllByText('dd/MM/yyyy')).toHaveLength(2)
    await user.click(screen.getByRole('button', { name: 'Known' }))
    expect(screen.getByRole('combobox', { name: /^Start date/ })).toHaveValue('01/10/2026')
    expect(screen.getByRole('combobox', { name: /^End date/ })).toHaveValue('31/10/2026')
  })
})
