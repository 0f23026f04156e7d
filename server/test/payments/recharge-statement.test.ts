// The recharge report, GET /api/files/15/{recharge_report}: a PDF statement of the clerk's recharges,
// produced on request for its owner only. Its text is read back as a clerk would read the page.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PAYMENT_PATHS } from '@contract/payments.ts'
import { pdfPages } from '../support/pdf-text.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { adjust, chargeJob, recharge, signedInClerk, type SignedInClerk } from './recharge-support.ts'

const NOT_FOUND = { detail: 'Not found', code: 'not_found' }
const COLUMN_HEADS = ['Date (UTC)', 'Plan / remarks', 'Amount paid', 'Credits added', 'Balance after']

/** The five cells of the table row whose date cell reads `date`, on any page. */
function rowOf(pages: string[][], date: string): string[] {
  const runs = pages.flat()
  const at = runs.indexOf(date)
  expect(at, `a row dated ${date}`).toBeGreaterThanOrEqual(0)
  return runs.slice(at, at + 5)
}

describe('the recharge statement', () => {
  let t: TestApp
  let harriet: SignedInClerk
  beforeAll(async () => {
    t = await createTestApp()
    harriet = await signedInClerk(t, 'harriet.oakley@example.com', { fullName: 'Harriet Oakley', company: 'Oakley Inventories Ltd' })
    await recharge(t, harriet.userId, { credits: 20_00, paid: 20_00, plan: 'Starter plan', at: new Date('2026-03-04T09:05:00Z') })
    // Between the recharges: a job charge and an operator's adjustment move the balance too.
    await chargeJob(t, harriet.userId, 7_35)
    await adjust(t, harriet.userId, '5', 'Goodwill')
    await recharge(t, harriet.userId, { credits: 50_00, paid: 45_00, plan: 'Standard plan', at: new Date('2026-03-18T16:40:00Z') })
    // After the last recharge: in no running balance of the statement.
    await chargeJob(t, harriet.userId, 3_00)
  })
  afterAll(() => t.app.close())

  const reportPath = (clerk: SignedInClerk) => `/api/files/15/recharge-statements/${clerk.userId}.pdf`
  const download = (url: string, clerk?: SignedInClerk) => t.app.inject({ method: 'GET', url, headers: clerk?.headers })

  it('is the path the history names', async () => {
    const history = await t.app.inject({ method: 'GET', url: `/api${PAYMENT_PATHS.rechargeHistory}`, headers: harriet.headers })
    expect(`/api/files/15/${history.json().recharge_report}`).toBe(reportPath(harriet))
  })

  it("gives its owner a PDF of every recharge, with the running balance of the whole ledger, the clerk's name and company, and totals", async () => {
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
    expect(runs.slice(0, 4)).toEqual(['Recharge statement', 'Clerk: Harriet Oakley', 'Company: Oakley Inventories Ltd', expect.stringMatching(/^Produced: \d\d\/\d\d\/\d{4} \d\d:\d\d UTC$/)])
    // Produced now (to the minute), and the file is named by the same day.
    const [, day, month, year, hour, minute] = /^Produced: (\d\d)\/(\d\d)\/(\d{4}) (\d\d):(\d\d) UTC$/.exec(runs[3]!)!
    const produced = new Date(`${year}-${month}-${day}T${hour}:${minute}:00Z`).getTime()
    expect(produced).toBeGreaterThanOrEqual(before.getTime() - 60_000)
    expect(produced).toBeLessThanOrEqual(after.getTime())
    expect(fileName![1]).toBe(`${year}-${month}-${day}`)

    expect(runs.slice(4, 9)).toEqual(COLUMN_HEADS)
    // 20.00 after the first recharge; then -7.35 (job), +5.00 (adjustment), +50.00: 67.65, not 70.00.
    expect(rowOf(pages, '04/03/2026 09:05')).toEqual(['04/03/2026 09:05', 'Starter plan', '£20.00', '20.00', '20.00'])
    expect(rowOf(pages, '18/03/2026 16:40')).toEqual(['18/03/2026 16:40', 'Standard plan', '£45.00', '50.00', '67.65'])
    expect(runs.slice(9)).toEqual([...rowOf(pages, '04/03/2026 09:05'), ...rowOf(pages, '18/03/2026 16:40'), 'Total paid: £65.00', 'Total credits bought: 70.00'])
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
    expect(runs.slice(-7)).toEqual(['10/03/2026 12:00', 'Starter plan', '£10.00', '10.00', '10.00', 'Total paid: £10.00', 'Total credits bought: 10.00'])
  })

  it('answers a request without a session that the session has ended', async () => {
    const answer = await download(reportPath(harriet))
    expect([answer.statusCode, answer.json()]).toEqual([403, { detail: 'Your session has ended. Please sign in again.', code: 'session_ended' }])
  })

  it('answers 404 to a clerk with no recharge, whatever else moved their credits', async () => {
    const never = await signedInClerk(t, 'nell.never@example.com')
    await adjust(t, never.userId, '30', 'Welcome credits')
    expect([(await download(reportPath(never), never)).statusCode, (await download(reportPath(never), never)).json()]).toEqual([404, NOT_FOUND])
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
    for (const page of pages.slice(1)) expect(page.slice(0, 5)).toEqual(COLUMN_HEADS)
    // Every recharge once, in order, each with the balance after it.
    const runs = pages.flat()
    expect(runs.filter((run) => /^\d\d\/\d\d\/2026 \d\d:00$/.test(run))).toEqual(dates)
    expect(rowOf(pages, dates[0]!)).toEqual([dates[0], 'Plan 1', '£12.00', '10.00', '10.00'])
    expect(rowOf(pages, dates[count - 1]!)).toEqual([dates[count - 1], `Plan ${count}`, '£12.00', '10.00', '600.00'])
    expect(pages.at(-1)!.slice(-2)).toEqual(['Total paid: £720.00', 'Total credits bought: 600.00'])
    expect(pages.slice(0, -1).flat().filter((run) => run.startsWith('Total '))).toEqual([])
  })
})
