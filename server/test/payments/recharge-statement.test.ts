// The recharge report, GET /api/files/15/{recharge_report}: a PDF statement of the clerk's money moves
// over a period, from the balance before it to the balance after it, each card payment with its receipt
// number under the seller's details; produced on request for its owner only. Its text is read back as a
// clerk would read the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_PATHS } from '@contract/payments.ts'
import { pdfPages } from '../support/pdf-text.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { adjust, chargeJob, recharge, signedInClerk, type SignedInClerk } from './recharge-support.ts'

const NOT_FOUND = { detail: 'Not found', code: 'not_found' }
const COLUMN_HEADS = ['Date (UTC)', 'Description', 'Receipt no.', 'Amount paid', 'Credits', 'Balance after']
const receipt = (entryId: number) => `IS-${String(entryId).padStart(6, '0')}`

/** The cells of the table row whose date cell reads `date`, on any page: six for a card payment, four for another move (its receipt and amount cells are empty). */
function rowOf(pages: string[][], date: string, cells = 6): string[] {
  const runs = pages.flat()
  const at = runs.indexOf(date)
  expect(at, `a row dated ${date}`).toBeGreaterThanOrEqual(0)
  return runs.slice(at, at + cells)
}

describe('the recharge statement', () => {
  let t: TestApp
  let harriet: SignedInClerk
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp()
    harriet = await signedInClerk(t, 'harriet.oakley@example.com', { fullName: 'Harriet Oakley', company: 'Oakley Inventories Ltd' })
    ids.starter = await recharge(t, harriet.userId, { credits: 20_00, paid: 20_00, plan: 'Starter plan', at: new Date('2026-03-04T09:05:00Z') })
    // Between the recharges: a job charge and an operator's adjustment are rows of their own.
    ids.job = await chargeJob(t, harriet.userId, 7_35, new Date('2026-03-10T10:00:00Z'))
    await adjust(t, harriet.userId, '5', 'Goodwill', new Date('2026-03-11T10:00:00Z'))
    ids.standard = await recharge(t, harriet.userId, { credits: 50_00, paid: 45_00, plan: 'Standard plan', at: new Date('2026-03-18T16:40:00Z') })
    ids.lastJob = await chargeJob(t, harriet.userId, 3_00, new Date('2026-03-20T09:00:00Z'))
  })
  afterAll(() => t.app.close())

  const reportPath = (clerk: SignedInClerk) => `/api/files/15/recharge-statements/${clerk.userId}.pdf`
  const download = (url: string, clerk?: SignedInClerk) => t.app.inject({ method: 'GET', url, headers: clerk?.headers })

  it('is the path the history names', async () => {
    const history = await t.app.inject({ method: 'GET', url: `/api${PAYMENT_PATHS.rechargeHistory}`, headers: harriet.headers })
    expect(`/api/files/15/${history.json().recharge_report}`).toBe(reportPath(harriet))
  })

  it("gives its owner a PDF of every money move between the opening and closing balances, the clerk's name and company, the seller, receipts and totals", async () => {
    const before = new Date()
    const answer = await download(reportPath(harriet), harriet)
    const after = new Date()
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    expect(answer.headers['cache-control']).toBe('private, no-store')
    // Sent as it is drawn: chunked, with no length known beforehand.
    expect([answer.headers['transfer-encoding'], answer.headers['content-length']]).toEqual(['chunked', undefined])
    const fileName = /^attachment; filename="InspectScribe recharge statement (\d{4}-\d{2}-\d{2})\.pdf"; filename\*=UTF-8''InspectScribe%20recharge%20statement%20\1\.pdf$/.exec(
      String(answer.headers['content-disposition']),
    )
    expect(fileName, String(answer.headers['content-disposition'])).not.toBeNull()
    expect(answer.rawPayload.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    const pages = pdfPages(answer.rawPayload)
    expect(pages).toHaveLength(1)
    const runs = pages[0]!
    expect(runs.slice(0, 9)).toEqual([
      'Recharge statement',
      'Clerk: Harriet Oakley',
      'Company: Oakley Inventories Ltd',
      expect.stringMatching(/^Period: the first entry to \d\d\/\d\d\/\d{4} \d\d:\d\d UTC$/),
      expect.stringMatching(/^Produced: \d\d\/\d\d\/\d{4} \d\d:\d\d UTC$/),
      // The test app sets no seller's address or VAT number: the statement says so.
      'Seller: InspectScribe',
      "Seller's address not set",
      'VAT number not set',
      'Opening balance: 0.00',
    ])
    expect(runs[3]!.slice('Period: the first entry to '.length)).toBe(runs[4]!.slice('Produced: '.length))
    // Produced now (to the minute), and the file is named by the same day.
    const [, day, month, year, hour, minute] = /^Produced: (\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d) UTC$/.exec(runs[4]!)!
    const produced = new Date(`${year}-${month}-${day}T${hour}:${minute}:00Z`).getTime()
    expect(produced).toBeGreaterThanOrEqual(before.getTime() - 60_000)
    expect(produced).toBeLessThanOrEqual(after.getTime())
    expect(fileName![1]).toBe(`${year}-${month}-${day}`)

    expect(runs.slice(9, 15)).toEqual(COLUMN_HEADS)
    // Every move, oldest first, with the balance after it: 20.00, -7.35 (the job), +5.00, +50.00, -3.00.
    expect(runs.slice(15)).toEqual([
      ...['04/03/2026 09:05', 'Starter plan', receipt(ids.starter!), '£20.00', '+20.00', '20.00'],
      ...['10/03/2026 10:00', `Job #${ids.job}`, '-7.35', '12.65'],
      ...['11/03/2026 10:00', 'Adjustment: Goodwill', '+5.00', '17.65'],
      ...['18/03/2026 16:40', 'Standard plan', receipt(ids.standard!), '£45.00', '+50.00', '67.65'],
      ...['20/03/2026 09:00', `Job #${ids.lastJob}`, '-3.00', '64.65'],
      'Closing balance: 64.65',
      'Total paid: £65.00',
      'Total credits bought: 70.00',
    ])
  })

  it("answers 404 to another clerk asking for the first clerk's statement, and to every path but the clerk's own", async () => {
    const other = await signedInClerk(t, 'olive.other@example.com')
    await recharge(t, other.userId, { credits: 10_00, paid: 10_00, plan: 'Starter plan', at: new Date('2026-03-10T12:00:00Z') })
    const refused = async (url: string, clerk: SignedInClerk) => {
      const answer = await download(url, clerk)
      return [answer.statusCode, answer.json()]
    }
    expect(await refused(reportPath(harriet), other)).toEqual([404, NOT_FOUND])
    for (const path of [
      `recharge-statements/../recharge-statements/${harriet.userId}.pdf`,
      `../recharge-statements/${other.userId}.pdf`,
      `recharge-statements/${other.userId}.pdf/..`,
      `recharge-statements/${other.userId.toUpperCase()}.pdf`,
      `recharge-statements/${other.userId}`,
      `${other.userId}.pdf`,
    ]) {
      expect(await refused(`/api/files/15/${path}`, other), path).toEqual([404, NOT_FOUND])
    }
    // Her own path answers her own statement, without a line of Harriet's.
    const own = await download(reportPath(other), other)
    expect(own.statusCode).toBe(200)
    const runs = pdfPages(own.rawPayload).flat()
    expect(runs).toContain('Clerk: Casey Clerk')
    expect(runs).toContain('Company: Not specified')
    expect(runs.slice(-9)).toEqual(['10/03/2026 12:00', 'Starter plan', expect.stringMatching(/^IS-\d{6}$/), '£10.00', '+10.00', '10.00', 'Closing balance: 10.00', 'Total paid: £10.00', 'Total credits bought: 10.00'])
  })

  it('answers a request without a session that the session has ended', async () => {
    const answer = await download(reportPath(harriet))
    expect([answer.statusCode, answer.json()]).toEqual([403, { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' }])
  })

  it('answers 404 to a clerk whose credits never moved, and a statement once an adjustment moved them', async () => {
    const never = await signedInClerk(t, 'nell.never@example.com')
    expect([(await download(reportPath(never), never)).statusCode, (await download(reportPath(never), never)).json()]).toEqual([404, NOT_FOUND])
    await adjust(t, never.userId, '30', 'Welcome credits', new Date('2026-03-01T08:00:00Z'))
    const runs = pdfPages((await download(reportPath(never), never)).rawPayload).flat()
    expect(runs.slice(-7)).toEqual(['01/03/2026 08:00', 'Adjustment: Welcome credits', '+30.00', '30.00', 'Closing balance: 30.00', 'Total paid: nothing in this period', 'Total credits bought: 0.00'])
  })

  it('flows a long statement over pages, the column heads on each, and the totals on the last', async () => {
    const busy = await signedInClerk(t, 'bea.busy@example.com', { fullName: 'Bea Busy', company: 'Busy Bee Inventories' })
    const count = 60
    const dates: string[] = []
    for (let index = 0; index < count; index += 1) {
      const at = new Date(Date.UTC(2026, 0, 1, 8) + index * 6 * 3_600_000)
      await recharge(t, busy.userId, { credits: 10_00, paid: 12_00, plan: `Plan ${index + 1}`, at })
      dates.push(`${String(at.getUTCDate()).padStart(2, '0')}/${String(at.getUTCMonth() + 1).padStart(2, '0')}/2026 ${String(at.getUTCHours()).padStart(2, '0')}:00`)
    }
    const answer = await download(reportPath(busy), busy)
    expect(answer.statusCode).toBe(200)
    const pages = pdfPages(answer.rawPayload)
    expect(pages.length).toBeGreaterThan(1)
    for (const page of pages.slice(1)) expect(page.slice(0, 6)).toEqual(COLUMN_HEADS)
    // Every recharge once, in order, each with the balance after it.
    const runs = pages.flat()
    expect(runs.filter((run) => /^\d\d\/\d\d\/2026 \d\d:00$/.test(run))).toEqual(dates)
    expect(rowOf(pages, dates[0]!)).toEqual([dates[0], 'Plan 1', expect.stringMatching(/^IS-\d{6}$/), '£12.00', '+10.00', '10.00'])
    expect(rowOf(pages, dates[count - 1]!)).toEqual([dates[count - 1], `Plan ${count}`, expect.stringMatching(/^IS-\d{6}$/), '£12.00', '+10.00', '600.00'])
    expect(pages.at(-1)!.slice(-3)).toEqual(['Closing balance: 600.00', 'Total paid: £720.00', 'Total credits bought: 600.00'])
    expect(pages.slice(0, -1).flat().filter((run) => run.startsWith('Total '))).toEqual([])
  })
})

describe('a statement over a period, from a seller with its details set', () => {
  let t: TestApp
  let clerk: SignedInClerk
  const ids: Record<string, number> = {}
  beforeAll(async () => {
    t = await createTestApp({ seller: { name: 'Scribe Services Ltd', address: '1 High Street, York YO1 7HH', vatNumber: 'GB 123 4567 89' } })
    clerk = await signedInClerk(t, 'pat.period@example.com', { fullName: 'Pat Period' })
    await recharge(t, clerk.userId, { credits: 40_00, paid: 40_00, plan: 'February plan', at: new Date('2026-02-10T09:00:00Z') })
    await chargeJob(t, clerk.userId, 12_50, new Date('2026-02-27T23:59:00Z'))
    ids.march = await recharge(t, clerk.userId, { credits: 20_00, paid: 20_00, plan: 'March plan', at: new Date('2026-03-01T00:00:00Z') })
    ids.job = await chargeJob(t, clerk.userId, 2_25, new Date('2026-03-31T23:59:00Z'))
    await recharge(t, clerk.userId, { credits: 10_00, paid: 10_00, plan: 'April plan', at: new Date('2026-04-01T00:00:00Z') })
  })
  afterAll(() => t.app.close())

  const statement = (query: string) => t.app.inject({ method: 'GET', url: `/api/files/15/recharge-statements/${clerk.userId}.pdf${query}`, headers: clerk.headers })

  it('opens with the balance before the period, holds only its moves, and closes with the balance after it', async () => {
    const answer = await statement('?from=2026-03-01&to=2026-03-31')
    expect(answer.statusCode).toBe(200)
    const runs = pdfPages(answer.rawPayload).flat()
    expect(runs.slice(3, 9)).toEqual([
      'Period: 01/03/2026 to 31/03/2026',
      expect.stringMatching(/^Produced: /),
      'Seller: Scribe Services Ltd',
      "Seller's address: 1 High Street, York YO1 7HH",
      'VAT number: GB 123 4567 89',
      // 40.00 - 12.50 in February.
      'Opening balance: 27.50',
    ])
    expect(runs.slice(15)).toEqual([
      ...['01/03/2026 00:00', 'March plan', receipt(ids.march!), '£20.00', '+20.00', '47.50'],
      ...['31/03/2026 23:59', `Job #${ids.job}`, '-2.25', '45.25'],
      'Closing balance: 45.25',
      'Total paid: £20.00',
      'Total credits bought: 20.00',
    ])
  })

  it('refuses a period it cannot read with a clear message', async () => {
    for (const query of ['?from=2026-03-31&to=2026-03-01', '?from=2026-02-30', '?to=31/03/2026', '?from=yesterday']) {
      const answer = await statement(query)
      expect([query, answer.statusCode, answer.json()]).toEqual([
        query,
        400,
        { detail: 'The statement’s period is two dates written as YYYY-MM-DD (from=2026-03-01&to=2026-03-31), the first not after the second.', code: 'invalid_input' },
      ])
    }
  })
})
