// Security headers on every answer: the API's JSON, the portal's shell and its files. The terms page
// is the one document the portal frames (in the terms dialog), so only it may be framed, by the portal.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../src/plugins/security-headers.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'

const POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "frame-src 'self'",
  "img-src 'self' data:",
  "manifest-src 'self'",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self'",
].join(';')

describe('security headers', () => {
  let portalDir: string
  let dev: TestApp
  let production: TestApp
  beforeAll(async () => {
    portalDir = await mkdtemp(path.join(tmpdir(), 'portal-'))
    await mkdir(path.join(portalDir, 'assets'))
    await writeFile(path.join(portalDir, 'index.html'), '<!doctype html><title>InspectScribe shell</title>')
    await writeFile(path.join(portalDir, 'terms-and-conditions.html'), '<!doctype html><title>Terms</title>')
    await writeFile(path.join(portalDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    dev = await createTestApp({ portalDir })
    production = await createTestApp({ portalDir, production: true, publicUrl: 'https://portal.example.com' })
  })
  afterAll(async () => {
    await dev.app.close()
    await production.app.close()
    await rm(portalDir, { recursive: true, force: true })
  })

  const expectCommonHeaders = (headers: Record<string, unknown>) => {
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('no-referrer')
    expect(headers['cross-origin-opener-policy']).toBe('same-origin')
    expect(headers['x-powered-by']).toBeUndefined()
  }

  it('puts the policy, nosniff, no framing and no referrer on an API answer', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/api/health' })
    expect(response.statusCode).toBe(200)
    expectCommonHeaders(response.headers)
    expect(response.headers['content-security-policy']).toBe(POLICY)
    expect(response.headers['x-frame-options']).toBe('DENY')
    expect(response.headers['strict-transport-security']).toBeUndefined()
  })

  it('puts the same headers on the portal’s shell, at the root and on a deep link, and on the service worker', async () => {
    for (const url of ['/', '/my-jobs?tab=completed', '/sw.js']) {
      const response = await dev.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(200)
      expectCommonHeaders(response.headers)
      expect(response.headers['content-security-policy']).toBe(POLICY)
      expect(response.headers['x-frame-options']).toBe('DENY')
    }
  })

  it('lets only the portal itself frame its terms page', async () => {
    const response = await dev.app.inject({ method: 'GET', url: '/terms-and-conditions.html', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expectCommonHeaders(response.headers)
    expect(response.headers['content-security-policy']).toBe(POLICY.replace("frame-ancestors 'none'", "frame-ancestors 'self'"))
    expect(response.headers['x-frame-options']).toBe('SAMEORIGIN')
  })

  it('adds HSTS and the upgrade of insecure requests in production only', async () => {
    for (const url of ['/api/health', '/']) {
      const response = await production.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains')
      expect(response.headers['content-security-policy']).toBe(`${POLICY};upgrade-insecure-requests`)
    }
  })

  it('opens the policy to Stripe.js only when payments switch it on', () => {
    const withStripe = contentSecurityPolicy({ production: false, stripe: true })
    expect(withStripe['script-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com'])
    expect(withStripe['frame-src']).toEqual(["'self'", 'https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'])
    expect(withStripe['connect-src']).toEqual(["'self'", 'https://api.stripe.com'])
    const without = contentSecurityPolicy({ production: false, stripe: false })
    expect(JSON.stringify(without)).not.toContain('stripe')
  })

  it('allows the inline scripts of the portal’s documents by their hash, and no other', async () => {
    const builtDir = await mkdtemp(path.join(tmpdir(), 'portal-inline-'))
    // As the build writes the prerendered documents' loader (scripts/screen-scripts.ts); index.html has none.
    await writeFile(path.join(builtDir, 'index.html'), '<!doctype html><script type="module" src="/assets/index.js"></script>')
    await writeFile(path.join(builtDir, 'login.html'), '<!doctype html><script data-entry="/assets/index.js">document.title="ok"</script>')
    await writeFile(path.join(builtDir, 'my-jobs.html'), '<!doctype html><script data-entry="/assets/index.js">document.title="ok"</script>')
    const built = await createTestApp({ portalDir: builtDir })
    try {
      for (const url of ['/login', '/my-jobs', '/api/health']) {
        const response = await built.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
        // sha256 of document.title="ok", base64.
        expect(response.headers['content-security-policy']).toBe(POLICY.replace("script-src 'self'", "script-src 'self' 'sha256-MlWKJveT4owdFqPdaPBekTaJDvSHrmh7KvNWratr5qg='"))
      }
    } finally {
      await built.app.close()
      await rm(builtDir, { recursive: true, force: true })
    }
  })
})
