import { act, render, screen } from '@testing-library/react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it, vi } from 'vitest'
import { CreditBalance, type CreditBalanceProps } from './credit-balance'

function renderBalance(props: Partial<CreditBalanceProps> = {}) {
  const onCreditsUpdated = vi.fn()
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <CreditBalance credits={undefined} failed={false} onCreditsUpdated={onCreditsUpdated} {...props} />
    </FluentProvider>,
  )
  const root = () => result.container.querySelector('[data-low-credit]')
  return { ...result, onCreditsUpdated, root }
}

describe('CreditBalance', () => {
  it.each([
    [0, '0.00', true],
    [12.5, '12.50', true],
    [19.999, '20.00', true],
    [20, '20.00', false],
    [150.456, '150.46', false],
  ])('shows %d as %s, in the danger colour when under 20: %s', (credits, shown, low) => {
    const { root } = renderBalance({ credits })
    expect(screen.getByText('Total Credit')).toBeInTheDocument()
    expect(screen.getByText(shown, { exact: false })).toBeInTheDocument()
    expect(root()).toHaveAttribute('data-low-credit', String(low))
    if (low) expect(screen.getByText(shown, { exact: false })).toHaveTextContent(`${shown} (Low credit)`)
    else expect(screen.getByText(shown)).toHaveTextContent(new RegExp(`^${shown}$`))
  })

  it("shows '--' while the balance is unknown", () => {
    const { root } = renderBalance()
    expect(screen.getByText('--')).toBeInTheDocument()
    expect(root()).toHaveAttribute('data-low-credit', 'false')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says when the balance could not be loaded', () => {
    const { root } = renderBalance({ failed: true, credits: 5 })
    expect(screen.getByRole('alert')).toHaveTextContent(/^Could not load credit$/)
    expect(screen.queryByText('5.00')).not.toBeInTheDocument()
    expect(root()).toHaveAttribute('data-low-credit', 'false')
  })

  it('keeps the label and the value readable in the icon rail', () => {
    renderBalance({ credits: 42, compact: true })
    expect(screen.getByText('Total Credit')).toBeInTheDocument()
    expect(screen.getByText('42.00')).toBeInTheDocument()
  })

  it("asks for the balance again on each 'credits-updated' event, and stops listening when gone", () => {
    const { onCreditsUpdated, unmount } = renderBalance({ credits: 42 })
    act(() => void window.dispatchEvent(new Event('credits-updated')))
    act(() => void window.dispatchEvent(new Event('credits-updated')))
    expect(onCreditsUpdated).toHaveBeenCalledTimes(2)
    unmount()
    window.dispatchEvent(new Event('credits-updated'))
    expect(onCreditsUpdated).toHaveBeenCalledTimes(2)
  })
})
