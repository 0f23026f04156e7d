import { describe, expect, it, vi } from 'vitest'
import { clearSession, deviceExpiry, LAST_ACTIVITY_KEY, onSessionEnded, readSession, saveSession, SESSION_KEYS, sessionStatus, tokenExpiry, tokenLifetime, tokenSubject, writeLastActivity } from './session'

function jwt(payload: object): string {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(payload)}.signature`
}

describe('tokenExpiry', () => {
  it('reads the exp claim in ms', () => {
    expect(tokenExpiry(jwt({ sub: 'x', exp: 1_900_000_000 }))).toBe(1_900_000_000_000)
  })

  it('stores no expiry for a token without 3 parts or without exp', () => {
    expect(tokenExpiry('opaque-token')).toBeNull()
    expect(tokenExpiry('a.b')).toBeNull()
    expect(tokenExpiry(jwt({ sub: 'x' }))).toBeNull()
    expect(tokenExpiry('a.%%%.c')).toBeNull()
  })
})

describe('tokenSubject', () => {
  it('reads the sub claim, a number as text', () => {
    expect(tokenSubject(jwt({ sub: 'clerk-42', exp: 1_900_000_000 }))).toBe('clerk-42')
    expect(tokenSubject(jwt({ sub: 42 }))).toBe('42')
  })

  it('is null for a token without 3 parts, without sub, or with an empty or odd one', () => {
    expect(tokenSubject('opaque-token')).toBeNull()
    expect(tokenSubject('a.b')).toBeNull()
    expect(tokenSubject('a.%%%.c')).toBeNull()
    expect(tokenSubject(jwt({ exp: 1_900_000_000 }))).toBeNull()
    expect(tokenSubject(jwt({ sub: '  ' }))).toBeNull()
    expect(tokenSubject(jwt({ sub: { id: 1 } }))).toBeNull()
    expect(tokenSubject(`x.${btoa('[1]')}.y`)).toBeNull()
  })
})

describe('the end of a session', () => {
  it('is announced when the session is cleared on purpose', () => {
    const listener = vi.fn()
    const stop = onSessionEnded(listener)
    saveSession(jwt({ sub: 'c1', exp: 1_900_000_000 }), 'CLERK')
    clearSession()
    expect(listener).toHaveBeenCalledTimes(1)
    expect(sessionStorage.length).toBe(0)
    stop()
    clearSession()
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('does not come with the token’s expiry: the token stays and nothing is announced', () => {
    const listener = vi.fn()
    const stop = onSessionEnded(listener)
    saveSession(jwt({ sub: 'c1', exp: 2_000 }), 'CLERK')
    expect(sessionStatus(2_000_000)).toBe('expired')
    expect(readSession()?.token).not.toBeUndefined()
    expect(listener).not.toHaveBeenCalled()
    stop()
  })

  it('takes the kept last activity with it, and nothing is kept once signed out', () => {
    saveSession(jwt({ sub: 'c1', exp: 2_000 }), 'CLERK')
    writeLastActivity(1_234)
    expect(sessionStorage.getItem(LAST_ACTIVITY_KEY)).toBe('1234')
    clearSession()
    expect(sessionStorage.length).toBe(0)
    writeLastActivity(5_678)
    expect(sessionStorage.length).toBe(0)
  })
})

describe('the session in session storage', () => {
  it('keeps exactly the token, its expiry and the role', () => {
    const token = jwt({ exp: 1_900_000_000 })
    saveSession(token, 'CLERK')
    expect(sessionStorage.length).toBe(3)
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBe(token)
    expect(sessionStorage.getItem(SESSION_KEYS.expiry)).toBe('1900000000000')
    expect(sessionStorage.getItem(SESSION_KEYS.role)).toBe('CLERK')
    expect(readSession()).toEqual({ token, expiresAt: 1_900_000_000_000, role: 'CLERK' })
  })

  it('is live while the token lives and expired after, keeping the token', () => {
    saveSession(jwt({ exp: 2_000 }), 'CLERK')
    expect(sessionStatus(1_999_000)).toBe('live')
    expect(sessionStatus(2_000_000)).toBe('expired')
    expect(sessionStorage.length).toBe(3)
  })

  it('treats a token without expiry as live until cleared', () => {
    saveSession('opaque-token', 'CLERK')
    expect(sessionStorage.getItem(SESSION_KEYS.expiry)).toBeNull()
    expect(sessionStatus()).toBe('live')
    clearSession()
    expect(sessionStatus()).toBe('signed-out')
  })
})

describe('the expiry on this device’s clock', () => {
  const MINUTE = 60_000
  // The server signs at its own time; the device's clock may be off it either way.
  const serverNow = 1_900_000_000_000
  const token = jwt({ sub: 'c1', iat: serverNow / 1000, exp: serverNow / 1000 + 15 * 60 })

  it('reads the lifetime as exp − iat, and none without both or when exp is not after iat', () => {
    expect(tokenLifetime(token)).toBe(15 * MINUTE)
    expect(tokenLifetime(jwt({ exp: 2_000 }))).toBeNull()
    expect(tokenLifetime(jwt({ iat: 2_000, exp: 2_000 }))).toBeNull()
    expect(tokenLifetime('opaque-token')).toBeNull()
  })

  it.each([
    ['20 minutes fast', 20 * MINUTE],
    ['20 minutes slow', -20 * MINUTE],
    ['right', 0],
  ])('keeps the token 15 minutes from its arrival with the clock %s', (_clock, skew) => {
    const arrived = serverNow + skew
    saveSession(token, 'CLERK', arrived)
    expect(sessionStorage.getItem(SESSION_KEYS.expiry)).toBe(String(arrived + 15 * MINUTE))
    expect(sessionStatus(arrived + 14 * MINUTE)).toBe('live')
    expect(sessionStatus(arrived + 15 * MINUTE)).toBe('expired')
  })

  it('falls back to exp as written for a token without iat', () => {
    expect(deviceExpiry(jwt({ exp: 2_000 }), 5)).toBe(2_000_000)
  })
})
