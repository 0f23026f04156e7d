import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderScreen } from '../testing/auth-test-kit'
import { CheckEmail } from './check-email'

describe('CheckEmail', () => {
  it('says where the registration link went and to look in spam', () => {
    renderScreen(<CheckEmail />, { route: '/emailrequest', state: { name: 'Jo Clerk', email: 'jo@example.com' } })
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeInTheDocument()
    expect(screen.getByText('Thank you for signing up, Jo Clerk.')).toBeInTheDocument()
    expect(screen.getByText(/We have sent a registration link with a signup token to/)).toHaveTextContent(
      'We have sent a registration link with a signup token to jo@example.com.',
    )
    expect(screen.getByText(/check your spam or junk folder/)).toBeInTheDocument()
  })

  it('still makes sense when opened without the sign-up details', () => {
    renderScreen(<CheckEmail />, { route: '/emailrequest' })
    expect(screen.getByText('We have sent a registration link with a signup token to your email address.')).toBeInTheDocument()
    expect(screen.queryByText(/Thank you/)).not.toBeInTheDocument()
  })

  it('returns to the sign-in page', async () => {
    const { user } = renderScreen(<CheckEmail />, { route: '/emailrequest', state: { email: 'jo@example.com' } })
    await user.click(screen.getByRole('button', { name: 'Return to Login' }))
    expect(screen.getByLabelText('current path')).toHaveTextContent(/^\/login$/)
  })
})
