import { render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, useLocation } from 'react-router-dom'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { saveSession } from '@/lib/session'
import { AppRoutes } from './routes'

function CurrentPath() {
  return <output aria-label="current path">{useLocation().pathname}</output>
}

function renderAt(path: string) {
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={[path]}>
          <AppRoutes />
          <CurrentPath />
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
}

const liveToken = () => `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) + 3600 }))}.s`

describe('routes', () => {
  afterEach(() => vi.unstubAllGlobals())

  it.each(['/', '/no/such/page', '/dashboard', '/my-jobs', '/create-job', '/template-management'])(
    'sends a visitor without a session from %s to the sign-in page',
    async (path) => {
      renderAt(path)
      expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
      expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/)
    },
  )

  it('redirects /dashboard to /my-jobs for a signed-in clerk', async () => {
    saveSession(liveToken(), 'CLERK')
    renderAt('/dashboard')
    expect(await screen.findByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/my-jobs$/)
  })

  it.each([
    ['/create-job', 'Create Job'],
    ['/template-management', 'Template Management'],
  ])('opens the protected page %s for a signed-in clerk', async (path, title) => {
    saveSession(liveToken(), 'CLERK')
    renderAt(path)
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument()
  })

  it('sends an expired token whose refresh the server refuses to the sign-in page, and removes it', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ detail: 'Your session has ended. Please sign in again.' }), { status: 403, headers: { 'content-type': 'application/json' } }))
    saveSession(`h.${btoa(JSON.stringify({ exp: 1 }))}.s`, 'CLERK')
    renderAt('/my-jobs')
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(sessionStorage.length).toBe(0)
  })

  it.each([
    ['/signup', 'Sign Up'],
    ['/emailrequest', 'Check your email'],
    ['/signup/continue', 'Complete your profile'],
    ['/forgot-password', 'Forgot password'],
    ['/reset-password', 'Reset password'],
    ['/terms', 'Terms and Conditions'],
  ])('opens the public page %s', async (path, title) => {
    renderAt(path)
    expect(await screen.findByRole('heading', { name: title })).toBeInTheDocument()
  })

  it('shows the auth pages beside the marketing panel', async () => {
    renderAt('/login')
    const panel = await screen.findByRole('complementary', { name: 'About InspectScribe' })
    expect(panel).toHaveTextContent('The smart, AI-powered platform for inventory clerks')
    expect(panel).toHaveTextContent('GDPR')
  })
})
