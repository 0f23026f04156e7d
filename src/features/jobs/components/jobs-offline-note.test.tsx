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

  it('names the stored list’s range when it is not the chosen one', () => {
    render(<JobsOfflineNote lastUpdatedAt={new Date(2026, 10, 22, 17, 40).getTime()} storedRange={{ startMs: new Date(2026, 10, 15).getTime(), endMs: new Date(2026, 10, 22, 23, 59, 59, 999).getTime() }} />)
    expect(screen.getByRole('status')).toHaveTextContent(
      /^You are offline\. Showing the last list stored on this device, read at 22 Nov 2026, 05:40 PM: jobs created from 15\/11\/2026 to 22\/11\/2026\.$/,
    )
  })
})
