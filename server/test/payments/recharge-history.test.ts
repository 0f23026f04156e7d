// GET /api/clerk/recharge-history: the clerk's own recharges, newest first and at most
// RECENT_TRANSACTIONS_LIMIT, in the spec's shape, with the path of their statement (or null).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_PATHS, RECENT_TRANSACTIONS_LIMIT } from '@contract/payments.ts'
import { creditEntries } from '../../src/db/schema.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { adjust, chargeJob, recharge, signedInClerk, type SignedInClerk } from './recharge-support.ts'

const HISTORY = `/api${PAYMENT_PATHS.rechargeHistory}`

describe('the recharge history', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await createTestApp()
  })
  afterAll(() => t.app.close())

  const history = (clerk: SignedInClerk) => t.app.inject({ method: 'GET', url: HISTORY, headers: clerk.headers })

  it("answers the clerk's own recharges, newest first, with credits to 2 decimals and the remarks whole", async () => {
    const rose = await signedInClerk(t, 'rose.history@example.com')
    const other = await signedInClerk(t, 'otto.other@example.com')
    const longRemarks = 'Standard plan, bought for the spring inventories at Willow Crescent'
    const first = await recharge(t, rose.userId, { credits: 20_00, paid: 20_00, plan: 'Starter plan', at: new Date('2026-03-04T09:05:00Z') })
    // Another clerk's recharge between Rose's: never in her history.
    await recharge(t, other.userId, { credits: 99_00, paid: 99_00, plan: 'Otto’s plan', at: new Date('2026-03-05T10:00:00Z') })
    // A job charge and an operator's adjustment are not recharges.
    await chargeJob(t, rose.userId, 7_35)
    await adjust(t, rose.userId, '5', 'Goodwill after a slow transcript')
    const second = await recharge(t, rose.userId, { credits: 17_30, paid: 15_07, currency: 'eur', plan: longRemarks, at: new Date('2026-03-18T16:40:00Z') })
    const third = await recharge(t, rose.userId, { credits: 1_07, paid: 1_00, plan: 'Top-up', at: new Date('2026-04-01T08:00:00Z') })

    const answer = await history(rose)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      transactions: [
        { id: third, amount: 1, currency: 'GBP', credit: 1.07, remarks: 'Top-up', created_at: '2026-04-01T08:00:00.000Z' },
        { id: second, amount: 15.07, currency: 'EUR', credit: 17.3, remarks: longRemarks, created_at: '2026-03-18T16:40:00.000Z' },
        { id: first, amount: 20, currency: 'GBP', credit: 20, remarks: 'Starter plan', created_at: '2026-03-04T09:05:00.000Z' },
      ],
      recharge_report: `recharge-statements/${rose.userId}.pdf`,
    })
    // Otto's history holds his recharge only, and names his own statement.
    expect((await history(other)).json()).toEqual({
      transactions: [{ id: expect.any(Number), amount: 99, currency: 'GBP', credit: 99, remarks: 'Otto’s plan', created_at: '2026-03-05T10:00:00.000Z' }],
      recharge_report: `recharge-statements/${other.userId}.pdf`,
    })
  })

  it(`answers the newest ${RECENT_TRANSACTIONS_LIMIT} recharges only`, async () => {
    const many = await signedInClerk(t, 'mona.many@example.com')
    const ids: number[] = []
    for (let index = 0; index < RECENT_TRANSACTIONS_LIMIT + 2; index += 1) {
      ids.push(await recharge(t, many.userId, { credits: 10_00 + index, paid: 10_00 + index, plan: `Plan ${index + 1}`, at: new Date(Date.UTC(2026, 0, 1 + index, 12)) }))
    }
    const { transactions } = (await history(many)).json() as { transactions: { id: number; remarks: string }[] }
    expect(transactions.map((transaction) => transaction.id)).toEqual(ids.slice(2).reverse())
    expect(transactions.map((transaction) => transaction.remarks).slice(0, 2)).toEqual([`Plan ${RECENT_TRANSACTIONS_LIMIT + 2}`, `Plan ${RECENT_TRANSACTIONS_LIMIT + 1}`])
  })

  it('answers a recharge written before the ledger kept what was paid as one unit of GBP per credit', async () => {
    const early = await signedInClerk(t, 'edith.early@example.com')
    // As migration 0009 left an older recharge: no paid_cents, no paid_currency.
    const [entry] = await t.database.db
      .insert(creditEntries)
      .values({ userId: early.userId, amountCents: 25_50, kind: 'recharge', reason: 'Standard plan', createdAt: new Date('2025-12-01T10:30:00Z') })
      .returning({ id: creditEntries.id })
    expect((await history(early)).json()).toEqual({
      transactions: [{ id: entry!.id, amount: 25.5, currency: 'GBP', credit: 25.5, remarks: 'Standard plan', created_at: '2025-12-01T10:30:00.000Z' }],
      recharge_report: `recharge-statements/${early.userId}.pdf`,
    })
  })

  it('answers no transactions and no report to a clerk who never recharged, whatever else moved their credits', async () => {
    const never = await signedInClerk(t, 'nigel.never@example.com')
    await adjust(t, never.userId, '30', 'Welcome credits')
    await chargeJob(t, never.userId, 2_00)
    expect((await history(never)).json()).toEqual({ transactions: [], recharge_report: null })
  })

  // Signed out, like every clerk call: 403 session_ended (the portal then signs the clerk out).
  it('answers a request without a session that the session has ended', async () => {
    const answer = await t.app.inject({ method: 'GET', url: HISTORY })
    expect([answer.statusCode, answer.json()]).toEqual([403, { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' }])
  })
})
