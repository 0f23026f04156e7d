import { Suspense } from 'react'
import { render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { routeModules, startRoute } from './route-modules'

function renderLogin() {
  const Login = routeModules.login.Component
  render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter initialEntries={['/login']}>
          <Suspense fallback={<p>Loading the page</p>}>
            <Login />
          </Suspense>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
}

describe('the first route', () => {
  // Checked right after render, without waiting: a page that suspended would show the fallback.
  it('renders a page whose module startRoute has loaded in the first render, without suspending', async () => {
    await startRoute('/login')
    renderLogin()
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
    expect(screen.queryByText('Loading the page')).not.toBeInTheDocument()
  })
})
