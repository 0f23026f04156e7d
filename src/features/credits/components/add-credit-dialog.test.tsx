// The Add Credit dialog (portal-spec.md §2, §3, §8 "Recharge", §9) against a stand-in API that answers
// as contract/payments.ts and contract/lookups.ts say: the plans and paying for one (or the default 50
// credits) in the Payment dialog on top, the recent transactions, the recharge report, the load
// failures, and offline.
import { act, screen, waitFor, within } from '@testing-library/react'
import { useState } from 'react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { RechargePlan } from '@contract/lookups.ts'
import type { RechargeHistory, RechargeTransaction } from '@contract/payments.ts'
import { AppDialog } from '@/components/app-dialog'
import { refreshCredits } from '@/lib/credits'
import { profileAnswer, renderWithPortal, setUpFakePortalApi } from '@/test/fake-portal-api'
import { recordSavedDownloads } from '@/test/saved-downloads'
import { AddCreditDialog } from './add-credit-dialog'
import type { PaymentDialogProps } from './payment-dialog'

// The Payment dialog is another part of issue 13 with its own tests; here a stand-in with its props
// shows which plan Add Credit handed over.
vi.mock('./payment-dialog', () => ({
  PaymentDialog: ({ open, plan, onClose }: PaymentDialogProps) => (
    <AppDialog open={open} title="Payment" onClose={onClose} maxWidth="sm">
      <p>{plan ? `Paying for plan ${plan.id}: ${plan.name}` : 'Paying the default amount'}</p>
    </AppDialog>
  ),
}))

const api = setUpFakePortalApi()

const PLANS: RechargePlan[] = [
  { id: 1, name: 'Starter plan', description: 'For a few inspections a month.', credit_value: 20, price: 20, currency: 'gbp' },
  { id: 2, name: 'Standard plan', description: 'Most clerks choose this one.', credit_value: 100, price: 95.5, currency: 'GBP' },
]

const LONG_REMARKS = 'Standard plan bought for the agency team'

function transaction(overrides: Partial<RechargeTransaction> = {}): RechargeTransaction {
  return { id: 1, amount: 20, currency: 'gbp', credit: 20, remarks: 'Starter plan', created_at: '2026-11-20T09:05:00', ...overrides }
}

function history(overrides: Partial<RechargeHistory> = {}): RechargeHistory {
  return { transactions: [transaction()], recharge_report: 'clerks/c1/recharges/statement.pdf', ...overrides }
}

function answerPlans(plans: RechargePlan[] = PLANS) {
  api.answer('GET', '/lookup/recharge-plans', { status: 200, body: plans })
}

function answerHistory(body: RechargeHistory = history()) {
  api.answer('GET', '/clerk/recharge-history', { status: 200, body })
}

function renderDialog() {
  const onClose = vi.fn()
  const rendered = renderWithPortal(<AddCreditDialog open onClose={onClose} />)
  const dialog = screen.getByRole('dialog', { name: 'Add Credit' })
  return { ...rendered, onClose, dialog }
}

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

const planRadio = (name: string | RegExp) => screen.findByRole('radio', { name })
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
    expect(await screen.findByRole('dialog', { name: 'Payment' })).toBeInTheDocument()
    await user.keyboard('{Escape}')
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

describe('Add Credit: the recent transactions', () => {
  it('shows date dd/mm/yyyy hh:mm, the plan, the amount paid in its currency and the credits with 2 decimals', async () => {
    answerPlans()
    answerHistory(
      history({
        transactions: [
          transaction({ id: 2, amount: 95.5, currency: 'gbp', credit: 100, remarks: 'Standard plan', created_at: '2026-11-21T17:45:00' }),
          transaction({ id: 1, amount: 12.34, currency: 'eur', credit: 12.345, remarks: 'Default payment', created_at: '2026-01-03T08:07:00' }),
        ],
      }),
    )
    const { dialog } = renderDialog()
    const table = await within(dialog).findByRole('table', { name: 'Recent transactions' })
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => within(row).getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell').map((cell) => cell.textContent))
    expect(rows).toEqual([
      ['Date', 'Plan', 'Amount paid', 'Credits'],
      ['21/11/2026 17:45', 'Standard plan', '£95.50', '100.00'],
      ['03/01/2026 08:07', 'Default payment', '€12.34', '12.35'],
    ])
  })

  it('cuts remarks at 30 characters and shows the whole text in a tooltip on hover and on keyboard focus', async () => {
    answerPlans()
    answerHistory(history({ transactions: [transaction({ remarks: LONG_REMARKS })] }))
    const { user, dialog } = renderDialog()
    expect(LONG_REMARKS).toHaveLength(40)
    const cut = await within(dialog).findByText('Standard plan bought for the a…')
    expect(within(dialog).queryByText(LONG_REMARKS)).not.toBeInTheDocument()
    expect(cut).toHaveAccessibleDescription(LONG_REMARKS)

    await user.hover(cut)
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_REMARKS)
    await user.unhover(cut)
    await waitFor(() => expect(screen.queryByRole('tooltip')).not.toBeInTheDocument())

    // From the keyboard: Tab reaches the cut remarks (after the plans, the pay button).
    await user.click(await planRadio(/^Starter plan/))
    await user.tab() // the pay button
    await user.tab()
    expect(cut).toHaveFocus()
    expect(await screen.findByRole('tooltip')).toHaveTextContent(LONG_REMARKS)
  })

  it('reads the history again when a payment refreshes the credits (refreshCredits)', async () => {
    answerPlans()
    answerHistory(history({ transactions: [], recharge_report: null }))
    const { client, dialog } = renderDialog()
    expect(await within(dialog).findByText('No recent transactions found.')).toBeInTheDocument()

    answerHistory(history({ transactions: [transaction({ remarks: 'Standard plan', credit: 100, amount: 95.5 })] }))
    api.answer('GET', '/profile', { status: 200, body: profileAnswer() })
    await act(() => refreshCredits(client))
    expect(await within(dialog).findByRole('cell', { name: 'Standard plan' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Download recharge report' })).toBeInTheDocument()
  })

  it('keeps remarks of 30 characters whole, with no tooltip', async () => {
    answerPlans()
    const thirty = 'Standard plan bought for the a'
    answerHistory(history({ transactions: [transaction({ remarks: thirty })] }))
    const { dialog } = renderDialog()
    const cell = await within(dialog).findByRole('cell', { name: thirty })
    expect(cell).toHaveTextContent(new RegExp(`^${thirty}$`))
    expect(within(cell).queryByText(/…/)).not.toBeInTheDocument()
  })

  it('says "No recent transactions found." and "No recharge history to show as of current date" for a clerk with no recharge', async () => {
    answerPlans()
    answerHistory(history({ transactions: [], recharge_report: null }))
    const { dialog } = renderDialog()
    expect(await within(dialog).findByText('No recent transactions found.')).toBeInTheDocument()
    expect(within(dialog).getByText('No recharge history to show as of current date')).toBeInTheDocument()
    expect(within(dialog).queryByRole('table')).not.toBeInTheDocument()
    expect(within(dialog).queryByRole('button', { name: 'Download recharge report' })).not.toBeInTheDocument()
  })

  it.each([
    ['the server’s failure', { status: 500, body: { detail: 'Database unavailable' } }],
    ['no answer', 'network' as const],
    ['an answer of another shape', { status: 200, body: { transactions: 'none' } }],
  ])('says "Failed to load transaction history" on %s, and tries again', async (_, reply) => {
    answerPlans()
    api.answer('GET', '/clerk/recharge-history', reply)
    const { user, dialog } = renderDialog()
    await waitFor(() => expect(within(dialog).getByRole('alert')).toHaveTextContent(/^Failed to load transaction history/))
    expect(within(dialog).queryByText('No recharge history to show as of current date')).not.toBeInTheDocument()

    answerHistory()
    await user.click(within(within(dialog).getByRole('alert')).getByRole('button', { name: 'Try again' }))
    expect(await within(dialog).findByRole('table', { name: 'Recent transactions' })).toBeInTheDocument()
  })
})

describe('Add Credit: the recharge report', () => {
  const saved = recordSavedDownloads()

  it('downloads GET /files/15/{recharge_report} with the session and saves it under its file name', async () => {
    answerPlans()
    answerHistory(history({ recharge_report: 'clerks/c1/recharges/recharge report.pdf' }))
    api.answer('GET', '/files/15/clerks/c1/recharges/recharge%20report.pdf', { status: 200, body: 'the statement' })
    const { user, dialog } = renderDialog()
    await user.click(await within(dialog).findByRole('button', { name: 'Download recharge report' }))
    await waitFor(() => expect(saved).toHaveLength(1))
    expect(saved[0]?.name).toMatch(/^InspectScribe recharge statement \d{4}-\d{2}-\d{2}\.pdf$/)
    expect(await saved[0]?.blob?.text()).toBe('"the statement"')
    const [request] = api.seen('GET', '/files/15/clerks/c1/recharges/recharge%20report.pdf')
    expect(request?.authorization).toBe('Bearer test-token')
    expect(within(dialog).queryByText('No recharge history to show as of current date')).not.toBeInTheDocument()
  })

  it('says "Failed to download the report file" (portal-spec.md §8 Downloads) when the download fails', async () => {
    answerPlans()
    answerHistory()
    api.answer('GET', '/files/15/clerks/c1/recharges/statement.pdf', { status: 404, body: { detail: 'Not found' } })
    const { user, dialog } = renderDialog()
    const button = await within(dialog).findByRole('button', { name: 'Download recharge report' })
    await user.click(button)
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(/^Failed to download the report file$/)
    expect(button).toHaveAccessibleDescription('Failed to download the report file')
    expect(saved).toEqual([])
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
