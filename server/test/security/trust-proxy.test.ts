// The per-address sign-in limit must hold behind (and without) a proxy: a client cannot pick its own
// address by sending X-Forwarded-For, and with TRUST_PROXY the address is the one the proxy appended.
import { afterEach, describe, expect, it } from 'vitest'
import { DEMO_CLERK } from '../../src/db/seed-data.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const TOO_MANY = { detail: { error: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.' }, code: 'rate_limited' }

describe('the client address behind a proxy', () => {
  let t: TestApp | undefined
  afterEach(() => t?.app.close())

  const login = (app: TestApp, email: string, password: string, forwardedFor: string, remoteAddress = '10.9.0.1') =>
    app.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress, headers: { 'x-forwarded-for': forwardedFor } })

  it('in production without TRUST_PROXY, a new forged X-Forwarded-For on each try does not escape the limit', async () => {
    t = await createTestApp({ production: true, trustProxy: false })
    for (let i = 0; i < 20; i++) {
      expect((await login(t, `guess${i}@example.com`, 'Wrong-password-1', `203.0.113.${i}`)).statusCode).toBe(401)
    }
    const blocked = await login(t, DEMO_CLERK.email, DEMO_CLERK.password, '203.0.113.200')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual(TOO_MANY)
  })

  it('with TRUST_PROXY=1, the address is the right-most entry the proxy appended, not what the client wrote', async () => {
    t = await createTestApp({ production: true, trustProxy: 1 })
    // The client forges a new left-most entry each time; the proxy appends the real address 198.51.100.7.
    for (let i = 0; i < 20; i++) {
      expect((await login(t, `guess${i}@example.com`, 'Wrong-password-1', `203.0.113.${i}, 198.51.100.7`)).statusCode).toBe(401)
    }
    const blocked = await login(t, DEMO_CLERK.email, DEMO_CLERK.password, '203.0.113.200, 198.51.100.7')
    expect(blocked.statusCode).toBe(429)
    expect(blocked.json()).toEqual(TOO_MANY)
    // Another real client behind the same proxy is not blocked.
    expect((await login(t, DEMO_CLERK.email, DEMO_CLERK.password, '198.51.100.8')).statusCode).toBe(200)
  })

  it('with TRUST_PROXY naming the proxy, only that proxy is believed', async () => {
    t = await createTestApp({ production: true, trustProxy: ['10.9.0.0/24'] })
    // 20 failures through the trusted proxy (10.9.0.1), which appended 198.51.100.7, block that client.
    for (let i = 0; i < 20; i++) {
      expect((await login(t, `guess${i}@example.com`, 'Wrong-password-1', `203.0.113.${i}, 198.51.100.7`)).statusCode).toBe(401)
    }
    expect((await login(t, DEMO_CLERK.email, DEMO_CLERK.password, '198.51.100.7')).statusCode).toBe(429)
    // A peer outside the trusted range is taken at its own address, whatever it forwards.
    expect((await login(t, DEMO_CLERK.email, DEMO_CLERK.password, '198.51.100.7', '192.0.2.50')).statusCode).toBe(200)
  })
})
