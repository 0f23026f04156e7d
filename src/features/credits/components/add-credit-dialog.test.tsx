// The Add Credit dialog (portal-spec.md §2, §3, §8 "Recharge", §9) against a stand-in API that answers
// as contract/payments.ts and contract/lookups.ts say: the plans and paying for one (or the default 50
// credits) in the Payment dialog on top, their load failure, and offline. The recent transactions and
// the recharge report are in recent-transactions.test.tsx.
import { act, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { pressEscapeIn, renderWithPortal } from '@/test/fake-portal-api'
import { planRadio, renderDialog, setUpAddCreditApi } from '../testing/add-credit-test-kit'
import { AddCreditDialog } from './add-credit-dialog'

// The Payment dialog has its own tests; a stand-in shows which plan Add Credit handed over.
vi.mock('./payment-dialog', () => import('../testing/payment-dialog-stand-in'))

const { api, answerPlans, answerHistory } = setUpAddCreditApi()

/** As the sidebar holds it: closed until asked for. */
function OpensAddCredit() {
  const [open, setOpen] = useState(false)
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <AddCreditDialog open={open} onClose={() => setOpen(false)} />
    </>
  )
}

const noPlanRadio = () => screen.getByRole('radio', { name: 'No plan: the default amount of 50 credits' })

/** The named dialog is gone and Add Credit, beneath it, is given back to assistive technology. */
async function waitForDialogClosed(name: string) {
  await waitFor(() => {
    expect(screen.queryByRole('dialog', { name })).not.toBeInTheDocument()
    expect(screen.getByRole('dialog', { name: 'Add Credit' })).toBeInTheDocument()
  })
}

/** Sets what navigator.onLine answers and announces it as the browser does. */
async function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  await act(async () => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

// Back online for the next test: TanStack Query's onlineManager also heard the offline event.
afterEach(async () => {
  vi.restoreAllMocks()
  await act(async () => void window.dispatchEvent(new Event('online')))
})

describe('Add Credit: the recharge plans', () => {
  it('reads nothing while closed', async () => {
    answerPlans()
    answerHistory()
    const { user, client } = renderWithPortal(<OpensAddCredit />)
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    // A query the closed dialog asked for would be in the cache from the render on.
    expect(client.getQueryCache().getAll()).toEqual([])
    await user.click(screen.getByRole('button', { name: 'Open' }))
    expect(await planRadio(/^Starter plan/)).toBeInTheDocument()
    expect(api.requests.map(({ method, path }) => `${method} ${path}`).sort()).toEqual(['GET /clerk/recharge-history', 'GET /lookup/recharge-plans'])
  })

  it('lists each plan with its name, credits, price in its currency and description, and no plan chosen at first', async () => {
    answerPlans()
    answerHistory()
    const { dialog } = renderDialog()
    const group = await within(dialog).findByRole('radiogroup', { name: 'Recharge plans' })
    const starter = await planRadio('Starter plan 20 credits, £20.00')
    expect(starter).toHaveAccessibleDescription('For a few inspections a month.')
    const standard = await planRadio('Standard plan 100 credits, £95.50')
    expect(standard).toHaveAccessibleDescription('Most clerks choose this one.')
    expect(within(group).getAllByRole('radio')).toHaveLength(3)
    expect(noPlanRadio()).toBeChecked()
    expect(starter).not.toBeChecked()
    expect(within(dialog).getByRole('button', { name: 'Buy 50 credits (default amount)' })).toBeEnabled()
  })

  it('pays for the chosen plan in the Payment dialog, opened on top of Add Credit', async () => {
    answerPlans()
    answerHistory()
    const { user, onClose } = renderDialog()
    await user.click(await planRadio(/^Standard plan/))
    expect(await planRadio(/^Standard plan/)).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Buy Standard plan for £95.50' }))

    const payment = await screen.findByRole('dialog', { name: 'Payment' })
    expect(payment).toHaveTextContent('Paying for plan 2: Standard plan')
    // Add Credit stays open beneath (hidden from assistive technology while Payment is open, so looked
    // for in the page itself); closing Payment leaves it as it was.
    expect(document.querySelectorAll('[role="dialog"]')).toHaveLength(2)
    expect(onClose).not.toHaveBeenCalled()
    await user.click(within(payment).getByRole('button', { name: 'Close' }))
    await waitForDialogClosed('Payment')
    expect(await planRadio(/^Standard plan/)).toBeChecked()

    // Escape closes the Payment dialog alone.
    await user.click(screen.getByRole('button', { name: 'Buy Standard plan for £95.50' }))
    await pressEscapeIn(await screen.findByRole('dialog', { name: 'Payment' }), user)
    await waitForDialogClosed('Payment')
    expect(onClose).not.toHaveBeenCalled()
  })

  it('chooses with the keyboard: arrow keys move between plans', async () => {
    answerPlans()
    answerHistory()
    const { user } = renderDialog()
    await user.click(await planRadio(/^Starter plan/))
    await user.keyboard('{ArrowDown}')
    expect(await planRadio(/^Standard plan/)).toBeChecked()
    expect(await planRadio(/^Standard plan/)).toHaveFocus()
    expect(screen.getByRole('button', { name: 'Buy Standard plan for £95.50' })).toBeInTheDocument()
  })

  it('pays the default 50 credits when no plan is chosen, also after going back to no plan', async () => {
    answerPlans()
    answerHistory()
    const { user } = renderDialog()
    await user.click(await planRadio(/^Starter plan/))
    await user.click(noPlanRadio())
    await user.click(screen.getByRole('button', { name: 'Buy 50 credits (default amount)' }))
    expect(await screen.findByRole('dialog', { name: 'Payment' })).toHaveTextContent('Paying the default amount')
  })

  it.each([
    ['the server’s failure', { status: 500 }],
    ['no answer', 'network' as const],
  ])('says "Failed to load recharge plans" on %s, still offers the default payment, and tries again', async (_, reply) => {
    api.answer('GET', '/lookup/recharge-plans', reply)
    answerHistory()
    const { user, dialog } = renderDialog()
    const alert = await within(dialog).findByRole('alert')
    expect(alert).toHaveTextContent(/^Failed to load recharge plans/)
    expect(within(dialog).queryByRole('radio', { name: /plan 20 credits/ })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Buy 50 credits (default amount)' })).toBeEnabled()

    answerPlans()
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await planRadio(/^Starter plan/)).toBeInTheDocument()
    expect(within(dialog).queryByText('Failed to load recharge plans')).not.toBeInTheDocument()
  })
})

describe('Add Credit offline', () => {
  const OFFLINE = 'You are offline. Buying credits and downloading the recharge report need a connection; try again when you are back online.'

  it('says payments need a connection, disables paying and the report, sends nothing, and keeps what it had read', async () => {
    answerPlans()
    answerHistory()
    const { user, dialog } = renderDialog()
    const download = await within(dialog).findByRole('button', { name: 'Download recharge report' })
    await user.click(await planRadio(/^Starter plan/))
    const requestsBefore = api.requests.length

    await setOnline(false)
    expect(within(dialog).getByRole('status')).toHaveTextContent(OFFLINE)
    const pay = within(dialog).getByRole('button', { name: 'Buy Starter plan for £20.00' })
    expect(pay).toBeDisabled()
    expect(download).toBeDisabled()
    await user.click(pay)
    await user.click(download)
    expect(screen.queryByRole('dialog', { name: 'Payment' })).not.toBeInTheDocument()
    expect(api.requests).toHaveLength(requestsBefore)
    // The plans and the history already read are still shown.
    expect(within(dialog).getByRole('table', { name: 'Recent transactions' })).toBeInTheDocument()
    expect(await planRadio(/^Standard plan/)).toBeInTheDocument()

    await setOnline(true)
    expect(within(dialog).queryByText(OFFLINE)).not.toBeInTheDocument()
    expect(pay).toBeEnabled()
  })

  it('opened offline: says so, offers nothing to pay, and waits for the connection before reading the history', async () => {
    await setOnline(false)
    answerPlans()
    answerHistory()
    const { dialog } = renderDialog()
    expect(within(dialog).getByRole('status')).toHaveTextContent(OFFLINE)
    expect(within(dialog).getByRole('button', { name: 'Buy 50 credits (default amount)' })).toBeDisabled()
    expect(await within(dialog).findByText('Your recent transactions show here when you are back online.')).toBeInTheDocument()
    expect(api.seen('GET', '/clerk/recharge-history')).toHaveLength(0)

    await setOnline(true)
    expect(await within(dialog).findByRole('table', { name: 'Recent transactions' })).toBeInTheDocument()
  })
})
