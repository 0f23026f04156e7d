import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it } from 'vitest'
import { waitForDialogClosed } from '@/test/fake-portal-api'
import { TermsDialog } from './terms-dialog'

function Opener() {
  const [open, setOpen] = useState(false)
  return (
    <FluentProvider theme={webLightTheme}>
      <button type="button" onClick={() => setOpen(true)}>
        Read the terms
      </button>
      <TermsDialog open={open} onOpenChange={setOpen} />
    </FluentProvider>
  )
}

describe('TermsDialog', () => {
  it('shows the terms document in the product’s dialog, with its title on the title bar', async () => {
    const user = userEvent.setup()
    render(<Opener />)
    await user.click(screen.getByRole('button', { name: 'Read the terms' }))
    const dialog = await screen.findByRole('dialog', { name: 'Terms and Conditions' })
    const titleBar = within(dialog).getByTestId('app-dialog-title-bar')
    expect(within(titleBar).getByRole('heading', { name: 'Terms and Conditions' })).toBeInTheDocument()
    const frame = within(dialog).getByTitle('Terms and Conditions')
    expect(frame).toHaveAttribute('src', '/terms-and-conditions.html')
    // Its one button is Close; focus starts in the document.
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['Close'])
    await waitFor(() => expect(frame).toHaveFocus())

    await user.click(within(dialog).getByRole('button', { name: 'Close' }))
    await waitForDialogClosed()
    expect(screen.getByRole('button', { name: 'Read the terms' })).toBeInTheDocument()
  })
})
