import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it, vi } from 'vitest'
import { SessionTimeoutDialog } from './session-timeout-dialog'

function renderWarning() {
  const onStay = vi.fn()
  const onLogout = vi.fn()
  render(
    <FluentProvider theme={webLightTheme}>
      <SessionTimeoutDialog open remainingMs={15_000} onStay={onStay} onLogout={onLogout} />
    </FluentProvider>,
  )
  return { onStay, onLogout }
}

describe('SessionTimeoutDialog', () => {
  it('is an alert dialog in the product’s style: the title on the title bar, described by its warning', async () => {
    renderWarning()
    const dialog = await screen.findByRole('alertdialog', { name: 'Session timeout' })
    const titleBar = within(dialog).getByTestId('app-dialog-title-bar')
    expect(within(titleBar).getByRole('heading', { name: 'Session timeout' })).toBeInTheDocument()
    expect(dialog).toHaveAccessibleDescription('You have been inactive for a while. For your security you will be signed out in 00:15.')
    expect(within(dialog).getByRole('timer')).toHaveTextContent('00:15')
  })

  it('offers exactly Stay signed in and Logout, starts on Stay signed in, and ignores Escape', async () => {
    const user = userEvent.setup()
    const { onStay, onLogout } = renderWarning()
    const dialog = await screen.findByRole('alertdialog', { name: 'Session timeout' })
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Stay signed in', 'Logout'])
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Stay signed in' })).toHaveFocus())

    await user.keyboard('{Escape}')
    expect(screen.getByRole('alertdialog', { name: 'Session timeout' })).toBeInTheDocument()
    expect(onStay).not.toHaveBeenCalled()

    await user.click(within(dialog).getByRole('button', { name: 'Logout' }))
    expect(onLogout).toHaveBeenCalledOnce()
    await user.click(within(dialog).getByRole('button', { name: 'Stay signed in' }))
    expect(onStay).toHaveBeenCalledOnce()
  })
})
