// GET /api/clerk/recharge-history: the clerk's own money moves (recharges, job charges, refunds,
// adjustments), newest first and at most RECENT_TRANSACTIONS_LIMIT, each with the balance after it, in
// the spec's shape, with the path of their statement (or null).
import { readFileSync } from 'node:fs'
import path from 'node:path'
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

  it("answers every one of the clerk's money moves, newest first, each with the balance after it, credits to 2 decimals and the remarks whole", async () => {
    const rose = await signedInClerk(t, 'rose.history@example.com')
    const other = await signedInClerk(t, 'otto.other@example.com')
    const longRemarks = 'Standard plan, bought for the spring inventories at Willow Crescent'
    const first = await recharge(t, rose.userId, { credits: 20_00, paid: 20_00, plan: 'Starter plan', at: new Date('2026-03-04T09:05:00Z') })
    // Another clerk's recharge between Rose's: never in her history.
    const otto = await recharge(t, other.userId, { credits: 99_00, paid: 99_00, plan: 'Otto’s plan', at: new Date('2026-03-05T10:00:00Z') })
    // A job charge (with its job) and an operator's adjustment are money moves too.
    const jobId = await chargeJob(t, rose.userId, 7_35, new Date('2026-03-06T11:00:00Z'))
    // The charge's entry is written right after Otto's recharge (ids are the ledger's, across clerks).
    const charge = otto + 1
    const goodwill = await adjust(t, rose.userId, '5', 'Goodwill after a slow transcript', new Date('2026-03-07T12:00:00Z'))
    const second = await recharge(t, rose.userId, { credits: 17_30, paid: 15_07, currency: 'eur', plan: longRemarks, at: new Date('2026-03-18T16:40:00Z') })
    const third = await recharge(t, rose.userId, { credits: 1_07, paid: 1_00, plan: 'Top-up', at: new Date('2026-04-01T08:00:00Z') })
    const receipt = (id: number) => `IS-${String(id).padStart(6, '0')}`

    const answer = await history(rose)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({
      transactions: [
        { id: third, kind: 'recharge', amount: 1, currency: 'GBP', credit: 1.07, balance: 36.02, remarks: 'Top-up', job_id: null, receipt_number: receipt(third), created_at: '2026-04-01T08:00:00.000Z' },
        { id: second, kind: 'recharge', amount: 15.07, currency: 'EUR', credit: 17.3, balance: 34.95, remarks: longRemarks, job_id: null, receipt_number: receipt(second), created_at: '2026-03-18T16:40:00.000Z' },
        { id: goodwill, kind: 'adjustment', amount: null, currency: null, credit: 5, balance: 17.65, remarks: 'Adjustment: Goodwill after a slow transcript', job_id: null, receipt_number: null, created_at: '2026-03-07T12:00:00.000Z' },
        { id: charge, kind: 'job_charge', amount: null, currency: null, credit: -7.35, balance: 12.65, remarks: `Job #${jobId}`, job_id: jobId, receipt_number: null, created_at: '2026-03-06T11:00:00.000Z' },
        { id: first, kind: 'recharge', amount: 20, currency: 'GBP', credit: 20, balance: 20, remarks: 'Starter plan', job_id: null, receipt_number: receipt(first), created_at: '2026-03-04T09:05:00.000Z' },
      ],
      recharge_report: `recharge-statements/${rose.userId}.pdf`,
    })
    // Otto's history holds his recharge only, and names his own statement.
    expect((await history(other)).json()).toEqual({
      transactions: [{ id: otto, kind: 'recharge', amount: 99, currency: 'GBP', credit: 99, balance: 99, remarks: 'Otto’s plan', job_id: null, receipt_number: receipt(otto), created_at: '2026-03-05T10:00:00.000Z' }],
      recharge_report: `recharge-statements/${other.userId}.pdf`,
    })
  })

  it('answers a failed job’s refund with its job, and the balance it gave back', async () => {
    const fay = await signedInClerk(t, 'fay.refund@example.com')
    await adjust(t, fay.userId, '10', 'Welcome credits')
    const jobId = await chargeJob(t, fay.userId, 4_50)
    const token = readFileSync(path.join(t.app.config.dataDir, 'ops-token'), 'utf8').trim()
    const moved = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${jobId}/status`, headers: { authorization: `Bearer ${token}` }, payload: { status: 'Failed', reason: 'Silent audio', refund: true } })
    expect(moved.statusCode).toBe(200)
    const { transactions } = (await history(fay)).json() as { transactions: object[] }
    expect(transactions.slice(0, 2)).toEqual([
      expect.objectContaining({ kind: 'refund', amount: null, currency: null, credit: 4.5, balance: 10, remarks: `Refund for failed job #${jobId}`, job_id: jobId, receipt_number: null }),
      expect.objectContaining({ kind: 'job_charge', credit: -4.5, balance: 5.5, remarks: `Job #${jobId}`, job_id: jobId }),
    ])
  })

  it(`answers the newest ${RECENT_TRANSACTIONS_LIMIT} moves only`, async () => {
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
      transactions: [
        { id: entry!.id, kind: 'recharge', amount: 25.5, currency: 'GBP', credit: 25.5, balance: 25.5, remarks: 'Standard plan', job_id: null, receipt_number: `IS-${String(entry!.id).padStart(6, '0')}`, created_at: '2025-12-01T10:30:00.000Z' },
      ],
      recharge_report: `recharge-statements/${early.userId}.pdf`,
    })
  })

  it('answers the moves and a report to a clerk who never recharged, and neither to one whose credits never moved', async () => {
    const never = await signedInClerk(t, 'nigel.never@example.com')
    expect((await history(never)).json()).toEqual({ transactions: [], recharge_report: null })
    await adjust(t, never.userId, '30', 'Welcome credits')
    await chargeJob(t, never.userId, 2_00)
    const answer = (await history(never)).json() as { transactions: { kind: string; balance: number }[]; recharge_report: string | null }
    expect(answer.transactions.map(({ kind, balance }) => ({ kind, balance }))).toEqual([
      { kind: 'job_charge', balance: 28 },
      { kind: 'adjustment', balance: 30 },
    ])
    expect(answer.recharge_report).toBe(`recharge-statements/${never.userId}.pdf`)
  })

  // Signed out, like every clerk call: 403 session_ended (the portal then signs the clerk out).
  it('answers a request without a session that the session has ended', async () => {
    const answer = await t.app.inject({ method: 'GET', url: HISTORY })
    expect([answer.statusCode, answer.json()]).toEqual([403, { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' }])
  })
})
