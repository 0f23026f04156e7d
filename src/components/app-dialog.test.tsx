// Issue 24 item 14: a closed dialog gives the focus back to the control that opened it, also when it
// closes on top of another dialog (the Payment dialog over Add Credit), and the page is read out again.
import { useState } from 'react'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { Button, FluentProvider, webLightTheme } from '@fluentui/react-components'
import { describe, expect, it } from 'vitest'
import { AppDialog } from './app-dialog'

/** A page with a dialog that opens a second dialog on top of it, each closed from within. */
function Page() {
  const [outer, setOuter] = useState(false)
  const [inner, setInner] = useState(false)
  return (
    <FluentProvider theme={webLightTheme}>
      <main>
        <h1>My Jobs</h1>
        <Button onClick={() => setOuter(true)}>Add Credit</Button>
      </main>
      <AppDialog open={outer} title="Add Credit" onClose={() => setOuter(false)}>
        <Button onClick={() => setInner(true)}>Buy 50 credits</Button>
        <AppDialog open={inner} title="Payment" onClose={() => setInner(false)} maxWidth="sm">
          <Button onClick={() => setInner(false)}>Done</Button>
        </AppDialog>
      </AppDialog>
    </FluentProvider>
  )
}

describe('AppDialog', () => {
  it('gives the focus back to its opener, a dialog underneath included, and leaves the page readable', async () => {
    const user = userEvent.setup()
    render(<Page />)
    await user.click(screen.getByRole('button', { name: 'Add Credit' }))
    const addCredit = await screen.findByRole('dialog', { name: 'Add Credit' })
    await user.click(within(addCredit).getByRole('button', { name: 'Buy 50 credits' }))
    const payment = await screen.findByRole('dialog', { name: 'Payment' })

    // "Done" goes with the dialog: the focus would fall to <body>.
    await user.click(within(payment).getByRole('button', { name: 'Done' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Payment' })).not.toBeInTheDocument())
    expect(within(screen.getByRole('dialog', { name: 'Add Credit' })).getByRole('button', { name: 'Buy 50 credits' })).toHaveFocus()

    // So Escape reaches Add Credit, which gives the focus back to the page's button.
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Add Credit' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Add Credit' })).toHaveFocus()
    await waitFor(() => expect(screen.getByRole('main')).toBeInTheDocument())
    expect(screen.getByRole('heading', { name: 'My Jobs' })).toBeInTheDocument()
  })

  it('gives the focus to the same control drawn anew while it was open (a list row after a refresh)', async () => {
    const user = userEvent.setup()
    function List() {
      const [open, setOpen] = useState(false)
      const [refreshes, setRefreshes] = useState(0)
      return (
        <FluentProvider theme={webLightTheme}>
          <main>
            {/* The key changes with each refresh: the row's button is a new element. */}
            <Button key={refreshes} aria-label="View details of job 7" onClick={() => setOpen(true)}>
              View
            </Button>
          </main>
          <AppDialog open={open} title="Job Details" onClose={() => setOpen(false)}>
            <Button onClick={() => setRefreshes((count) => count + 1)}>Refresh the list</Button>
          </AppDialog>
        </FluentProvider>
      )
    }
    render(<List />)
    await user.click(screen.getByRole('button', { name: 'View details of job 7' }))
    const details = await screen.findByRole('dialog', { name: 'Job Details' })
    await user.click(within(details).getByRole('button', { name: 'Refresh the list' }))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Job Details' })).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'View details of job 7' })).toHaveFocus()
  })
})
