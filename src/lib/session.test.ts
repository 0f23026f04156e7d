import { describe, expect, it, vi } from 'vitest'
import { clearSession, isAuthenticated, onSessionEnded, readSession, saveSession, SESSION_KEYS, tokenExpiry, tokenSubject } from './session'

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

  it('is not announced when an expired token is removed by the check', () => {
    const listener = vi.fn()
    const stop = onSessionEnded(listener)
    saveSession(jwt({ sub: 'c1', exp: 2_000 }), 'CLERK')
    expect(isAuthenticated(2_000_000)).toBe(false)
    expect(sessionStorage.length).toBe(0)
    expect(listener).not.toHaveBeenCalled()
    stop()
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

  it('is authenticated while the token lives, and removes it once expired', () => {
    saveSession(jwt({ exp: 2_000 }), 'CLERK')
    expect(isAuthenticated(1_999_000)).toBe(true)
    expect(isAuthenticated(2_000_000)).toBe(false)
    expect(sessionStorage.getItem(SESSION_KEYS.token)).toBeNull()
    expect(sessionStorage.length).toBe(0)
  })

  it('treats a token without expiry as live until cleared', () => {
    saveSession('opaque-token', 'CLERK')
    expect(sessionStorage.getItem(SESSION_KEYS.expiry)).toBeNull()
    expect(isAuthenticated()).toBe(true)
    clearSession()
    expect(isAuthenticated()).toBe(false)
  })
})
