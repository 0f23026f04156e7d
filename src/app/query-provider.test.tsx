// TanStack Query is mounted by the screens that use it, not above the routes
// (docs/decisions/sign-in-page-javascript.md). In the whole app (providers and routes as
// src/app/app.tsx has them): signing in leads, without a reload, to signed-in screens whose queries
// work, and the signed-in frame keeps its answers when it remounts on the way through /dashboard.
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { MemoryRouter, useNavigate } from 'react-router-dom'
import { beforeEach, describe, expect, it } from 'vitest'
import { profileAnswer, setUpFakePortalApi } from '@/test/fake-portal-api'
import { aDashboardJob } from '@/features/jobs/lib/job-fixtures'
import { AppProvider } from './provider'
import { AppRoutes } from './routes'

const api = setUpFakePortalApi()

const jwt = (payload: object) => `h.${btoa(JSON.stringify(payload)).replace(/=+$/, '')}.s`

/** Stands for any way to /dashboard (Create Job's exit goes there). */
function GoToDashboard() {
  const navigate = useNavigate()
  return (
    <button type="button" onClick={() => navigate('/dashboard')}>
      Go to /dashboard
    </button>
  )
}

beforeEach(() => {
  api.answer('POST', '/auth/login', {
    status: 200,
    body: { token: jwt({ sub: 'clerk-7', exp: Math.floor(Date.now() / 1000) + 3600 }), role: 'CLERK', message: 'Login successful', success: true },
  })
  api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
  api.answer('GET', '/notification', { status: 200, body: [] })
  api.answer('GET', '/lookup/report-types', { status: 200, body: [] })
  api.answer('GET', '/lookup/job-types', { status: 200, body: [] })
  api.answer('GET', '/clerk/dashboard', { status: 200, body: [aDashboardJob({ job_id: 12, property_address: '12 Station Road, Harrogate HG1 1AA' })] })
})

async function signIn() {
  const user = userEvent.setup({ delay: null })
  render(
    <AppProvider>
      <MemoryRouter initialEntries={['/login']}>
        <AppRoutes />
        <GoToDashboard />
      </MemoryRouter>
    </AppProvider>,
  )
  await user.type(await screen.findByRole('textbox', { name: 'Email' }), 'jordan@example.com')
  await user.type(screen.getByLabelText(/^Password/), 'Secret-Pass-1')
  await user.click(screen.getByRole('button', { name: 'Sign In' }))
  return user
}

describe('TanStack Query on the signed-in screens', () => {
  it('shows My Jobs with the clerk’s jobs, name and credits after signing in, without a reload', async () => {
    await signIn()
    expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'JF Jordan Fieldclerk Profile menu' })).toBeInTheDocument()
    expect(await within(screen.getByRole('complementary', { name: 'Sidebar' })).findByText('42.50')).toBeInTheDocument()
    expect(await within(await screen.findByRole('table', { name: 'Jobs' })).findByText('12 Station Road, Harrogate HG1 1AA')).toBeInTheDocument()
  })

  it('keeps the signed-in answers when the frame comes back through /dashboard: the profile is not asked for again', async () => {
    const user = await signIn()
    // The profile menu and the sidebar's balance each read GET /profile.
    expect(await screen.findByRole('button', { name: 'JF Jordan Fieldclerk Profile menu' })).toBeInTheDocument()
    expect(await within(screen.getByRole('complementary', { name: 'Sidebar' })).findByText('42.50')).toBeInTheDocument()
    const profileReads = api.seen('GET', '/profile').length

    await user.click(screen.getByRole('button', { name: 'Go to /dashboard' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'My Jobs' })).toBeInTheDocument()
    // The name and balance show at once from the kept answers, and nothing asked again.
    expect(screen.getByRole('button', { name: 'JF Jordan Fieldclerk Profile menu' })).toBeInTheDocument()
    expect(within(screen.getByRole('complementary', { name: 'Sidebar' })).getByText('42.50')).toBeInTheDocument()
    expect(api.seen('GET', '/profile')).toHaveLength(profileReads)
  })
})
