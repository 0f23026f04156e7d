// The Add Credit dialog's recent transactions and recharge report (portal-spec.md §3, §8 "Recharge" and
// "Downloads", §9) against a stand-in API that answers as contract/payments.ts says: the table, cut
// remarks and their tooltip, the history read again after a payment, the empty and failed states, and
// the statement's download.
import { act, screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { refreshCredits } from '@/lib/credits'
import { profileAnswer } from '@/test/fake-portal-api'
import { recordSavedDownloads } from '@/test/saved-downloads'
import { history, planRadio, renderDialog, setUpAddCreditApi, transaction } from '../testing/add-credit-test-kit'

// The Payment dialog has its own tests; a stand-in shows which plan Add Credit handed over.
vi.mock('./payment-dialog', () => import('../testing/payment-dialog-stand-in'))

const { api, answerPlans, answerHistory } = setUpAddCreditApi()

const LONG_REMARKS = 'Standard plan bought for the agency team'

/** Each row's cells' text, the head row first. */
const tableRows = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => within(row).getAllByRole(row.querySelector('th') ? 'columnheader' : 'cell').map((cell) => cell.textContent))

afterEach(() => {
  vi.restoreAllMocks()
})

describe('Add Credit: the recent transactions', () => {
  it('shows date dd/mm/yyyy hh:mm, the plan with its receipt number, the amount paid in its currency, the credits with 2 decimals and the balance after', async () => {
    answerPlans()
    answerHistory(
      history({
        transactions: [
          transaction({ id: 2, amount: 95.5, currency: 'gbp', credit: 100, balance: 112.35, remarks: 'Standard plan', receipt_number: 'IS-000002', created_at: '2026-11-21T17:45:00' }),
          transaction({ id: 1, amount: 12.34, currency: 'eur', credit: 12.345, balance: 12.35, remarks: 'Default payment', receipt_number: 'IS-000001', created_at: '2026-01-03T08:07:00' }),
        ],
      }),
    )
    const { dialog } = renderDialog()
    const table = await within(dialog).findByRole('table', { name: 'Recent transactions' })
    expect(tableRows(table)).toEqual([
      ['Date', 'Description', 'Amount paid', 'Credits', 'Balance'],
      ['21/11/2026 17:45', 'Standard planReceipt IS-000002', '£95.50', '+100.00', '112.35'],
      ['03/01/2026 08:07', 'Default paymentReceipt IS-000001', '€12.34', '+12.35', '12.35'],
    ])
  })

  it('shows every money move: job charges with their job, refunds and operator adjustments, each with the balance after it', async () => {
    answerPlans()
    const moves = { amount: null, currency: null, receipt_number: null }
    answerHistory(
      history({
        transactions: [
          transaction({ ...moves, id: 5, kind: 'refund', credit: 7.35, balance: 17.65, remarks: 'Refund for failed job #13', job_id: 13, created_at: '2026-11-22T10:00:00' }),
          transaction({ ...moves, id: 4, kind: 'adjustment', credit: 5, balance: 10.3, remarks: 'Adjustment: Goodwill', created_at: '2026-11-21T12:00:00' }),
          transaction({ ...moves, id: 3, kind: 'job_charge', credit: -7.35, balance: 5.3, remarks: 'Job #13', job_id: 13, created_at: '2026-11-21T11:00:00' }),
          transaction({ id: 2, credit: 12.65, amount: 12.65, balance: 12.65, receipt_number: 'IS-000002', remarks: 'Top-up', created_at: '2026-11-21T09:00:00' }),
        ],
      }),
    )
    const { dialog } = renderDialog()
    const table = await within(dialog).findByRole('table', { name: 'Recent transactions' })
    expect(tableRows(table).slice(1)).toEqual([
      ['22/11/2026 10:00', 'Refund for failed job #13', '—', '+7.35', '17.65'],
      ['21/11/2026 12:00', 'Adjustment: Goodwill', '—', '+5.00', '10.30'],
      ['21/11/2026 11:00', 'Job #13', '—', '-7.35', '5.30'],
      ['21/11/2026 09:00', 'Top-upReceipt IS-000002', '£12.65', '+12.65', '12.65'],
    ])
    // No amount was paid for a move nobody paid for: said in words, not only a dash.
    expect(within(table).getAllByRole('cell', { name: 'Nothing paid' })).toHaveLength(3)
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
    expect(await within(dialog).findByText('Standard plan', { selector: 'td' })).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Download recharge report' })).toBeInTheDocument()
  })

  it('keeps remarks of 30 characters whole, with no tooltip', async () => {
    answerPlans()
    const thirty = 'Standard plan bought for the a'
    answerHistory(history({ transactions: [transaction({ remarks: thirty })] }))
    const { dialog } = renderDialog()
    const cell = (await within(dialog).findByText(thirty)).closest('td')!
    // The whole remarks, then the receipt's number under them.
    expect(cell).toHaveTextContent(new RegExp(`^${thirty}Receipt IS-000001$`))
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
