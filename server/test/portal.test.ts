import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { createTestApp } from './support/test-app.ts'

const PRECOMPRESSED_TEXT = 'export const route = "my jobs";\n'.repeat(300)

describe('serving the portal', () => {
  let app: FastifyInstance
  let portalDir: string
  beforeAll(async () => {
    portalDir = await mkdtemp(path.join(tmpdir(), 'portal-'))
    await mkdir(path.join(portalDir, 'assets'))
    await writeFile(path.join(portalDir, 'index.html'), '<!doctype html><title>InspectScribe shell</title>')
    await writeFile(path.join(portalDir, 'login.html'), '<!doctype html><title>Sign in · InspectScribe</title><h1>Sign in</h1>')
    await writeFile(path.join(portalDir, 'my-jobs.html'), '<!doctype html><title>My Jobs · InspectScribe</title><h1>My Jobs</h1>')
    await writeFile(path.join(portalDir, 'assets', 'index-abc123.js'), 'console.log("app");\n'.repeat(200))
    // A chunk the build compressed ahead (vite.config.ts): the same text beside its .br and .gz copies.
    await writeFile(path.join(portalDir, 'assets', 'route-def456.js'), PRECOMPRESSED_TEXT)
    await writeFile(path.join(portalDir, 'assets', 'route-def456.js.br'), brotliCompressSync(PRECOMPRESSED_TEXT))
    await writeFile(path.join(portalDir, 'assets', 'route-def456.js.gz'), gzipSync(PRECOMPRESSED_TEXT, { level: 9 }))
    await writeFile(path.join(portalDir, 'sw.js'), 'self.addEventListener("fetch", () => {})')
    await writeFile(path.join(portalDir, 'manifest.webmanifest'), '{"name":"InspectScribe"}')
    ;({ app } = await createTestApp({ portalDir }))
  })
  afterAll(async () => {
    await app.close()
    await rm(portalDir, { recursive: true, force: true })
  })

  it('answers a deep link navigation with the shell, revalidated on every load', async () => {
    const response = await app.inject({ method: 'GET', url: '/create-job?tab=completed', headers: { accept: 'text/html,application/xhtml+xml' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/html/)
    expect(response.headers['cache-control']).toBe('no-cache')
    expect(response.body).toContain('InspectScribe shell')
  })

  it('answers the root with the shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(200)
    expect(response.body).toContain('InspectScribe shell')
  })

  it('answers /login with the document that holds the prerendered sign-in form, and no other path with it', async () => {
    for (const url of ['/login', '/login?from=email']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toContain('<h1>Sign in</h1>')
    }
    for (const url of ['/', '/my-jobs', '/login/extra', '/signup']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.body).not.toContain('<h1>Sign in</h1>')
    }
  })

  it('answers /my-jobs with the document that holds the prerendered signed-in shell, and no other path with it', async () => {
    for (const url of ['/my-jobs', '/my-jobs?job=12']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.statusCode).toBe(200)
      expect(response.headers['cache-control']).toBe('no-cache')
      expect(response.body).toBe('<!doctype html><title>My Jobs · InspectScribe</title><h1>My Jobs</h1>')
    }
    // Paths that redirect to /my-jobs render the redirect first: they keep the plain shell.
    for (const url of ['/', '/dashboard', '/my-jobs/', '/create-job', '/template-management', '/login']) {
      const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
      expect(response.body).not.toContain('<h1>My Jobs</h1>')
    }
  })

  it('does not answer a fetch of /my-jobs that wants no HTML with a document', async () => {
    const response = await app.inject({ method: 'GET', url: '/my-jobs', headers: { accept: 'application/json' } })
    expect(response.statusCode).toBe(404)
  })

  it('does not answer a fetch of /login that wants no HTML with a document', async () => {
    const response = await app.inject({ method: 'GET', url: '/login', headers: { accept: 'application/json' } })
    expect(response.statusCode).toBe(404)
  })

  it('serves hashed assets as immutable', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' })
    expect(response.statusCode).toBe(200)
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable')
  })

  it('serves the service worker and the manifest without long caching, so updates are seen', async () => {
    const worker = await app.inject({ method: 'GET', url: '/sw.js' })
    expect(worker.statusCode).toBe(200)
    expect(worker.headers['cache-control']).toBe('no-cache')
    const manifest = await app.inject({ method: 'GET', url: '/manifest.webmanifest' })
    expect(manifest.headers['cache-control']).toBe('no-cache')
  })

  it('does not answer a missing script with the shell', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/missing.js', headers: { accept: '*/*' } })
    expect(response.statusCode).toBe(404)
    expect(response.json()).toEqual({ detail: 'Not found', code: 'not_found' })
  })

  it('never falls back to the shell under /api', async () => {
    const response = await app.inject({ method: 'GET', url: '/api', headers: { accept: 'text/html' } })
    expect(response.statusCode).toBe(404)
  })

  it('compresses what it serves when the client accepts it', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/index-abc123.js', headers: { 'accept-encoding': 'gzip' } })
    expect(response.statusCode).toBe(200)
    expect(response.headers['content-encoding']).toBe('gzip')
    expect(response.rawPayload.length).toBeLessThan(4000)
  })

  it('serves a chunk compressed at build time as it was stored, in the encoding the client prefers', async () => {
    const brotli = await app.inject({ method: 'GET', url: '/assets/route-def456.js', headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.statusCode).toBe(200)
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotli.headers['content-type']).toMatch(/javascript/)
    expect(brotli.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers.vary).toMatch(/accept-encoding/i)
    expect(brotli.rawPayload).toEqual(brotliCompressSync(PRECOMPRESSED_TEXT))

    const gzip = await app.inject({ method: 'GET', url: '/assets/route-def456.js', headers: { 'accept-encoding': 'gzip' } })
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(gzip.rawPayload).toEqual(gzipSync(PRECOMPRESSED_TEXT, { level: 9 }))

    const plain = await app.inject({ method: 'GET', url: '/assets/route-def456.js', headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(PRECOMPRESSED_TEXT)
  })

  it('never serves a compressed copy by its own name as a script', async () => {
    const response = await app.inject({ method: 'GET', url: '/assets/route-def456.js.br', headers: { accept: '*/*' } })
    expect(response.headers['content-type'] ?? '').not.toMatch(/javascript/)
  })
})

describe('serving a portal built without prerendered screens', () => {
  it('answers /login and /my-jobs with the shell', async () => {
    const portalDir = await mkdtemp(path.join(tmpdir(), 'portal-'))
    await writeFile(path.join(portalDir, 'index.html'), '<!doctype html><title>InspectScribe shell</title>')
    const { app } = await createTestApp({ portalDir })
    try {
      for (const url of ['/login', '/my-jobs']) {
        const response = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } })
        expect(response.statusCode).toBe(200)
        expect(response.body).toContain('InspectScribe shell')
      }
    } finally {
      await app.close()
      await rm(portalDir, { recursive: true, force: true })
    }
  })
})
