// Credits as integer cents (contract/money.ts), and the operator command line's reading of an amount
// (scripts/ops-arguments.ts): decimal text in, whole cents, exact decimal text out.
import { describe, expect, it } from 'vitest'
import { centsToCredits, formatCents, parseCents } from '@contract/money.ts'
import { creditsBody, parse, UsageError } from '../../../scripts/ops-arguments.ts'

describe('cents', () => {
  it('reads every typed amount from 0.01 to 2.00 as its exact cents, and writes it back the same', () => {
    for (let cents = 1; cents <= 200; cents++) {
      const text = `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`
      expect(parseCents(text)).toEqual({ ok: true, cents })
      expect(parseCents(`-${text}`)).toEqual({ ok: true, cents: -cents })
      expect(formatCents(cents)).toBe(text)
      expect(formatCents(-cents)).toBe(`-${text}`)
    }
  })

  it('reads whole numbers, one decimal, a sign and spaces', () => {
    expect(parseCents('25')).toEqual({ ok: true, cents: 2500 })
    expect(parseCents('1.1')).toEqual({ ok: true, cents: 110 })
    expect(parseCents('+3')).toEqual({ ok: true, cents: 300 })
    expect(parseCents(' -0.07 ')).toEqual({ ok: true, cents: -7 })
    expect(parseCents('-0')).toEqual({ ok: true, cents: 0 })
    expect(parseCents('9999999999.99')).toEqual({ ok: true, cents: 999999999999 })
  })

  it('refuses more than 2 decimals and anything that is not decimal text, saying why', () => {
    expect(parseCents('0.001')).toEqual({ ok: false, problem: 'An amount of credits has at most 2 decimals (cents), e.g. 1.10 or -0.07; "0.001" has more.' })
    expect(parseCents('-1.105')).toEqual({ ok: false, problem: 'An amount of credits has at most 2 decimals (cents), e.g. 1.10 or -0.07; "-1.105" has more.' })
    for (const text of ['', 'abc', '1,50', '1e2', '.5', '1.', '0x10', 'Infinity', 'NaN', '1 000', '--1']) {
      expect(parseCents(text)).toEqual({ ok: false, problem: `"${text.trim()}" is not an amount of credits; write it like 25, 1.10 or -0.07.` })
    }
  })

  it('answers credits as the number with those 2 decimals', () => {
    expect(centsToCredits(17230)).toBe(172.3)
    expect(centsToCredits(7)).toBe(0.07)
    expect(centsToCredits(30)).toBe(0.3)
    expect(centsToCredits(-110)).toBe(-1.1)
    expect(() => formatCents(0.5)).toThrow('not a whole number of cents: 0.5')
  })
})

describe('the command line’s credits arguments', () => {
  const credits = (...argv: string[]) => {
    const { values, positionals } = parse(['credits', ...argv])
    return creditsBody(positionals.slice(1), values.reason)
  }

  it('sends the typed amount as exact decimal text, negative amounts included', () => {
    expect(credits('jo@example.com', '1.1', '--reason', 'Goodwill')).toEqual({ email: 'jo@example.com', amount: '1.10', reason: 'Goodwill' })
    expect(credits('jo@example.com', '-0.07', '--reason', 'Correction')).toEqual({ email: 'jo@example.com', amount: '-0.07', reason: 'Correction' })
    expect(credits('jo@example.com', '25', '--reason', 'Late job')).toEqual({ email: 'jo@example.com', amount: '25.00', reason: 'Late job' })
  })

  it('refuses a third decimal, a non-number, zero and a missing reason with the message the operator sees', () => {
    const refusal = (...argv: string[]) => {
      try {
        credits(...argv)
      } catch (error) {
        if (error instanceof UsageError) return error.message
        throw error
      }
      throw new Error('accepted')
    }
    expect(refusal('jo@example.com', '0.001', '--reason', 'x')).toBe('An amount of credits has at most 2 decimals (cents), e.g. 1.10 or -0.07; "0.001" has more.')
    expect(refusal('jo@example.com', '-1.505', '--reason', 'x')).toBe('An amount of credits has at most 2 decimals (cents), e.g. 1.10 or -0.07; "-1.505" has more.')
    expect(refusal('jo@example.com', '1e2', '--reason', 'x')).toBe('"1e2" is not an amount of credits; write it like 25, 1.10 or -0.07.')
    expect(refusal('jo@example.com', '-.5', '--reason', 'x')).toBe('"-.5" is not an amount of credits; write it like 25, 1.10 or -0.07.')
    expect(refusal('jo@example.com', '0.00', '--reason', 'x')).toBe('Give the clerk’s e-mail and a non-zero amount, e.g. credits jo@example.com 25 --reason "Goodwill"')
    expect(refusal('jo@example.com', '5')).toBe('Every credit adjustment needs --reason "<why>".')
    expect(refusal('jo@example.com')).toBe('Give the clerk’s e-mail and a non-zero amount, e.g. credits jo@example.com 25 --reason "Goodwill"')
  })
})
