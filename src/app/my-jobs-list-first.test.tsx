// src/lib/list-first.ts, with My Jobs and the profile's query as the app composes them: on a load of
// My Jobs the profile (and the balance read from it) and the filters' lists wait until the list is on
// screen, and are asked for then; the filters' lists come at once for a clerk who reaches for the
// filters first; nothing waits for a list that failed.
import { fireEvent, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useProfile } from '@/features/profile/api/get-profile'
import { holdUntilListShown, listShown } from '@/lib/list-first'
import { heldReply, profileAnswer, renderWithPortal, setUpFakePortalApi, type FakeReply } from '@/test/fake-portal-api'
import { aDashboardJob } from '@/features/jobs/lib/job-fixtures'
import { MyJobsPage } from '@/features/jobs/components/my-jobs-page'

const api = setUpFakePortalApi()

/** What the header's profile menu shows of the profile. */
function ProfileName() {
  const profile = useProfile()
  return <p>{profile.data ? `Signed in as ${profile.data.full_name}` : 'No profile yet'}</p>
}

beforeEach(() => {
  api.answer('GET', '/lookup/report-types', { status: 200, body: [] })
  api.answer('GET', '/lookup/job-types', { status: 200, body: [] })
  api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
  holdUntilListShown()
})
afterEach(() => listShown())

const renderPage = () =>
  renderWithPortal(
    <>
      <MyJobsPage />
      <ProfileName />
    </>,
  )

/** My Jobs with one report type to offer, once its list has been asked for; the list's answer held. */
async function renderWhileListHeld() {
  api.answer('GET', '/lookup/report-types', { status: 200, body: [{ id: 1, name: 'Check In', description: 'Arrival inspection' }] })
  const list = heldReply<FakeReply>({ status: 200, body: [aDashboardJob({ job_id: 12 })] })
  api.answer('GET', '/clerk/dashboard', list.promise)
  renderPage()
  await expect.poll(() => api.seen('GET', '/clerk/dashboard')).toHaveLength(1)
  return list
}

describe('My Jobs, list first', { timeout: 15_000 }, () => {
  it('asks for the profile only once the list is on screen', async () => {
    const list = heldReply<FakeReply>({ status: 200, body: [aDashboardJob({ job_id: 12, property_address: '12 Station Road, Harrogate' })] })
    api.answer('GET', '/clerk/dashboard', list.promise)
    renderPage()
    expect(await screen.findByText('Loading jobs')).toBeInTheDocument()
    // The spinner can show before the list's request has gone out.
    await expect.poll(() => api.seen('GET', '/clerk/dashboard')).toHaveLength(1)
    expect(api.seen('GET', '/profile')).toHaveLength(0)
    list.release()
    expect(await screen.findByRole('button', { name: 'View details of job 12' })).toBeInTheDocument()
    expect(await screen.findByText('Signed in as Jordan Fieldclerk')).toBeInTheDocument()
    expect(api.seen('GET', '/profile')).toHaveLength(1)
  })

  it('asks for the filters\' lists only once the list is on screen', async () => {
    const list = await renderWhileListHeld()
    expect(await screen.findByText('Loading jobs')).toBeInTheDocument()
    expect(api.seen('GET', '/lookup/report-types')).toHaveLength(0)
    expect(api.seen('GET', '/lookup/job-types')).toHaveLength(0)
    list.release()
    expect(await screen.findByRole('option', { name: 'Check In' })).toBeInTheDocument()
    expect(api.seen('GET', '/lookup/report-types')).toHaveLength(1)
    expect(api.seen('GET', '/lookup/job-types')).toHaveLength(1)
  })

  it('asks for the filters\' lists at once when the clerk reaches for the filters before the list', async () => {
    const list = await renderWhileListHeld()
    fireEvent.focus(screen.getByRole('combobox', { name: 'Report type' }))
    expect(await screen.findByRole('option', { name: 'Check In' })).toBeInTheDocument()
    expect(screen.getByText('Loading jobs')).toBeInTheDocument()
    expect(api.seen('GET', '/lookup/job-types')).toHaveLength(1)
    expect(api.seen('GET', '/profile')).toHaveLength(0)
    list.release()
    expect(await screen.findByRole('button', { name: 'View details of job 12' })).toBeInTheDocument()
  })

  it('lets the profile come when the list failed', async () => {
    api.answer('GET', '/clerk/dashboard', { status: 500, body: { detail: 'Internal Server Error' } })
    renderPage()
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load job data. Please try again later.')
    expect(await screen.findByText('Signed in as Jordan Fieldclerk')).toBeInTheDocument()
  })
})
