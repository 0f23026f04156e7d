import { useState } from 'react'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithPortal } from '@/test/fake-portal-api'
import type { DayRange } from '../lib/date-range'
import { JobFilters } from './job-filters'

const DEFAULT: DayRange = { start: new Date(2026, 10, 15), end: new Date(2026, 10, 22) }
const OPTIONS = { reportTypes: [{ id: 1, name: 'Inventory Report', description: '' }], jobTypes: [{ id: 1, name: 'AI', max_audio_files: 1 }] }

/** The filters kept as the page keeps them. */
function Harness() {
  const [reportType, setReportType] = useState('')
  const [jobType, setJobType] = useState('')
  const [range, setRange] = useState<DayRange | null>(null)
  const [search, setSearch] = useState('')
  return (
    <JobFilters
      options={OPTIONS}
      reportType={reportType}
      onReportTypeChange={setReportType}
      jobType={jobType}
      onJobTypeChange={setJobType}
      range={range ?? DEFAULT}
      defaultRange={DEFAULT}
      onRangeChange={setRange}
      search={search}
      onSearchChange={setSearch}
    />
  )
}

describe('JobFilters', () => {
  // Below 768 px the filters fold behind this button (a CSS media query, so in the browser only:
  // tests/e2e/my-jobs-layout.spec.ts sees them folded on a phone and open on a tablet).
  it('has a Filters button that opens and closes the filters and says how many are set', async () => {
    const { user } = renderWithPortal(<Harness />)
    const toggle = screen.getByRole('button', { name: 'Filters' })
    const group = screen.getByRole('group', { name: 'Job filters' })
    expect(toggle).toHaveAttribute('aria-controls', group.id)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')

    await user.selectOptions(screen.getByRole('combobox', { name: 'Report type' }), 'Inventory Report')
    expect(screen.getByRole('button', { name: 'Filters (1 set)' })).toBe(toggle)
    await user.type(screen.getByRole('searchbox', { name: 'Search jobs' }), 'mill')
    expect(toggle).toHaveAccessibleName('Filters (2 set)')
    await user.clear(screen.getByRole('combobox', { name: /^Start date/ }))
    await user.type(screen.getByRole('combobox', { name: /^Start date/ }), '01/11/2026')
    await user.tab()
    expect(toggle).toHaveAccessibleName('Filters (3 set)')
    await user.selectOptions(screen.getByRole('combobox', { name: 'Job type' }), 'AI')
    expect(toggle).toHaveAccessibleName('Filters (4 set)')

    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'false')
  })
})
