import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../testing/auth-test-kit'
import { TermsPage } from './terms-page'

describe('TermsPage', () => {
  it('shows the terms document in a frame', () => {
    renderScreen(<TermsPage />, { route: '/terms' })
    expect(screen.getByRole('heading', { level: 1, name: 'Terms and Conditions' })).toBeInTheDocument()
    expect(screen.getByTitle('Terms and Conditions')).toHaveAttribute('src', '/terms-and-conditions.html')
  })

  it('goes back to the page it was opened from', async () => {
    const { user } = renderScreen(<TermsPage />, { route: '/terms', at: ['/signup', '/terms'] })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/signup$/)
  })

  it('goes back to sign-in when it was opened directly', async () => {
    const { user } = renderScreen(<TermsPage />, { route: '/terms' })
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/)
  })

  it('returns to sign-up', async () => {
    const { user } = renderScreen(<TermsPage />, { route: '/terms', at: ['/login', '/terms'] })
    await user.click(screen.getByRole('button', { name: 'Return to Sign Up' }))
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/signup$/)
  })
})
