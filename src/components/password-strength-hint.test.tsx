import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { PasswordStrengthHint } from '@/components/password-strength-hint'

describe('PasswordStrengthHint', () => {
  it('says nothing until something is typed', () => {
    const { container } = render(<PasswordStrengthHint password="" />)
    expect(container).toHaveTextContent(/^$/)
  })

  it.each([
    ['abc', 'Weak'],
    ['abcdefgh', 'Weak'],
    ['Abcdefgh', 'Moderate'],
    ['Abcdefg1', 'Moderate'],
    ['Abcdef1!', 'Strong'],
  ])('rates %j as %s', (password, strength) => {
    render(<PasswordStrengthHint password={password} />)
    expect(screen.getByText('Password strength:')).toHaveTextContent(`Password strength: ${strength}`)
  })
})
