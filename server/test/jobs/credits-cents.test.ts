// Money is held as integer hundredths end to end: every cent amount the operator types is accepted and
// the balance is exact to the cent (issue 9: a floating-point `multipleOf 0.01` refused 20 of the 200
// amounts from 0.01 to 2.00).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createTestApp, opsHeaders, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

/** "0.07", "1.10", "-2.00": written with integer arithmetic, as an operator types it. */
const typed = (cents: number) => `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`

describe('operator credits in cents', () => {
  let t: TestApp
  let token: string
  const email = 'cora.cents@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    token = (await signIn(t, email)).token
  })
  afterAll(() => t.app.close())

  const adjust = (amount: unknown) => t.app.inject({ method: 'POST', url: '/api/ops/credits', headers: opsHeaders(t), payload: { email, amount, reason: 'Cent check' } })
  const profileCredits = async () => (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).json().credits

  it('accepts every cent amount from 0.01 to 2.00 and keeps the balance exact', async () => {
    let balance = 0
    const refused: string[] = []
    for (let cents = 1; cents <= 200; cents++) {
      const response = await adjust(typed(cents))
      balance += cents
      if (response.statusCode !== 200) refused.push(`${typed(cents)}: ${response.body}`)
      else expect(response.json()).toEqual({ message: `Credits adjusted. ${email} now has ${typed(balance)} credits.` })
    }
    expect(refused).toEqual([])
    // 1 + 2 + … + 200 cents = 20,100 cents.
    expect(await profileCredits()).toBe(201)
  }, 60_000) // 200 calls, each a transaction: room for a busy machine

  it('takes cents away exactly, and answers the balance as a number of credits to 2 decimals', async () => {
    for (let cents = 1; cents <= 200; cents += 7) expect((await adjust(typed(-cents))).statusCode).toBe(200)
    // 1 + 8 + … + 197 = 29 amounts averaging 99 cents: 2,871 cents taken from 20,100.
    expect(await profileCredits()).toBe(172.29)
    expect((await adjust('-0.07')).json()).toEqual({ message: `Credits adjusted. ${email} now has 172.22 credits.` })
    // A JSON number is not the text the command line sends: refused as sent, never coerced, nothing changes.
    expect((await adjust(0.08)).statusCode).toBe(400)
    expect((await adjust('0.08')).json()).toEqual({ message: `Credits adjusted. ${email} now has 172.30 credits.` })
    const notes = (await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) })).json() as { message: string }[]
    expect(notes.map((n) => n.message).slice(0, 2)).toEqual(['Added 0.08 credits: Cent check', 'Removed 0.07 credits: Cent check'])
  })

  it('refuses more than 2 decimals, a non-number, zero and a balance below zero with clear messages', async () => {
    expect((await adjust('0.001')).json()).toEqual({ detail: 'An amount of credits has at most 2 decimals (cents), e.g. 1.10 or -0.07; "0.001" has more.', code: 'invalid_input' })
    expect((await adjust('1,50')).json()).toEqual({ detail: '"1,50" is not an amount of credits; write it like 25, 1.10 or -0.07.', code: 'invalid_input' })
    expect((await adjust('1e2')).json()).toEqual({ detail: '"1e2" is not an amount of credits; write it like 25, 1.10 or -0.07.', code: 'invalid_input' })
    expect((await adjust('0.00')).json()).toEqual({ detail: 'The amount must not be zero.', code: 'invalid_input' })
    expect((await adjust('100000.01')).json()).toEqual({ detail: 'An adjustment can be at most 100000.00 credits either way.', code: 'invalid_input' })
    const blankReason = await t.app.inject({ method: 'POST', url: '/api/ops/credits', headers: opsHeaders(t), payload: { email, amount: '5', reason: '   ' } })
    expect(blankReason.statusCode).toBe(400)
    expect(blankReason.json()).toEqual({ detail: 'Every credit adjustment needs a reason.', code: 'invalid_input' })
    const below = await adjust('-172.31')
    expect(below.statusCode).toBe(409)
    expect(below.json()).toEqual({ detail: 'That would take the balance below zero (it is 172.30).', code: 'insufficient_credits' })
    expect(await profileCredits()).toBe(172.3)
  })
})
