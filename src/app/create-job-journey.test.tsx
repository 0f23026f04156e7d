// Create Job in the whole app (providers and routes as src/app/app.tsx has them): after a submit the
// wizard goes through /dashboard, a route outside the signed-in frame, to My Jobs; the toast must
// still be there.
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { audioFile, costAnswer, fillGeneralInfo, setUpCreateJobApi } from '@/features/create-job/testing/create-job-test-kit'
import { saveSession } from '@/lib/session'
import { profileAnswer } from '@/test/fake-portal-api'
import { AppProvider } from './provider'
import { AppRoutes } from './routes'

const api = setUpCreateJobApi()

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>
}

const liveToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`

describe('Create Job in the app', () => {
  it('shows "Job created successfully! Job ID: {id}" on My Jobs after the submit', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 20 }) })
    api.answer('GET', '/clerk-template', { status: 200, body: [] })
    api.answer('GET', '/notification', { status: 200, body: [] })
    api.answer('GET', '/clerk/dashboard', { status: 200, body: [] })
    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
    api.answer('POST', '/clerk/create-job', { status: 200, body: { success: true, message: 'Job created successfully.', job_id: 77, expectedCompletion: '2026-11-23T10:00:00.000Z' } })
    saveSession(liveToken(), 'CLERK')
    const user = userEvent.setup({ delay: null })
    render(
      <AppProvider>
        <MemoryRouter initialEntries={['/create-job']}>
          <AppRoutes />
          <CurrentPath />
        </MemoryRouter>
      </AppProvider>,
    )
    await fillGeneralInfo(user, [audioFile()])
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByRole('heading', { level: 2, name: 'Cost' })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('checkbox', { name: /^I understand that the quality/ }))
    await user.click(screen.getByRole('checkbox', { name: /^I understand that credits/ }))
    await user.click(screen.getByRole('button', { name: 'Submit' }))

    expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeInTheDocument()
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/my-jobs$/)
    // The toast (a list item of Fluent's Toaster, named by its title); a screen reader hears it from a live region too.
    expect(screen.getByRole('listitem', { name: 'Job created successfully! Job ID: 77' })).toBeVisible()
  })
})
