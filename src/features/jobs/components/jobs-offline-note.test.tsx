import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { JobsOfflineNote } from './jobs-offline-note'

describe('JobsOfflineNote', () => {
  it('says the list is offline and when it was last updated, in local time', () => {
    render(<JobsOfflineNote lastUpdatedAt={new Date(2026, 10, 22, 9, 15).getTime()} />)
    expect(screen.getByRole('status')).toHaveTextContent(/^You are offline\. Showing your jobs as they were at 22 Nov 2026, 09:15 AM\.$/)
  })

  it('says so without a time when the last update is unknown', () => {
    render(<JobsOfflineNote lastUpdatedAt={0} />)
    expect(screen.getByRole('status')).toHaveTextContent(/^You are offline\. Showing your jobs as they were last loaded on this device\.$/)
  })
})
