// A server process told to stop (SIGTERM, as systemd, Docker or a deploy sends it) while a clerk's
// resumable upload is under way: the upload's request finishes and is stored whole, no new connection
// is taken (a balancer sends it to another process), and the process exits 0 within its stop limit
// (server/src/stop-gracefully.ts). The real compiled server as `npm start` runs it, on its embedded
// database (what is tested here does not depend on the database kind, so it runs once).
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import { afterEach, beforeEach, describe, expect, inject, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { RESUMABLE_UPLOADS_FOLDER } from '../../src/resumable-uploads/tus-server.ts'
import { STOP_HARD_LIMIT_MS, STOP_LIMITS } from '../../src/stop-gracefully.ts'
import { signInDemoClerk, startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'
import { createUpload, offsetOf, patch, uploadIdOf } from '../uploads/tus-client.ts'

/** What a new connection meets: an answer's status, or the connection's error code. */
const newConnection = (url: string) =>
  fetch(`${url}/api/health`).then(
    (response) => response.status,
    (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
  )

describe.skipIf(inject('databaseKind') === 'postgres')('a server process stopped with SIGTERM', () => {
  let server: CompiledServer
  let dataDir: string
  const start = () => startCompiledServer({ DATA_DIR: dataDir, PORTAL_DIR: path.join(dataDir, 'no-portal'), DEMO_ACCOUNT: 'true', LOG_LEVEL: 'info', PUBLIC_URL: '' })

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-sigterm-'))
    server = await start()
  }, 90_000)

  afterEach(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('finishes the upload under way, refuses new connections, and exits 0 within its limit', { timeout: 60_000 }, async () => {
    const token = await signInDemoClerk(server)
    const recording = toneWav(20, 440)
    const { answer, location } = await createUpload(server.url, token, 'Kitchen.wav', recording.length)
    expect(answer.status).toBe(201)
    const staged = path.join(dataDir, RESUMABLE_UPLOADS_FOLDER, uploadIdOf(location))

    // Half the bytes sent, and stored by the server: its request is under way when the signal comes.
    const body = new PassThrough()
    const upload = patch(server.url, token, location, 0, body)
    const half = Math.floor(recording.length / 2)
    body.write(recording.subarray(0, half))
    await expect.poll(async () => (await stat(staged)).size).toBe(half)

    const signalledAt = Date.now()
    process.kill(server.pid, 'SIGTERM')
    await expect.poll(() => server.output().includes('"msg":"stopping"')).toBe(true)
    // No new connection is taken from now on (a balancer tries another process).
    await expect.poll(() => newConnection(server.url)).toBe('ECONNREFUSED')

    // The upload under way still finishes: the rest of its bytes are taken and stored.
    body.end(recording.subarray(half))
    const finished = await upload
    expect({ status: finished.status, offset: finished.headers['upload-offset'] }).toEqual({ status: 204, offset: String(recording.length) })
    expect((await readFile(staged)).equals(recording)).toBe(true)

    // Then the process ends by itself, cleanly, well within the stop's limit.
    const { code, signal } = await server.exited
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(Date.now() - signalledAt).toBeLessThan(STOP_HARD_LIMIT_MS)
    expect(server.output()).not.toContain('killed by timeout')
    expect(server.output()).not.toContain(`requests still under way after ${STOP_LIMITS.requestsMs / 1000} s are cut`)
  })

  it('cuts a request still under way after its limit, exits 0, and the upload resumes on another process', { timeout: 120_000 }, async () => {
    const token = await signInDemoClerk(server)
    const recording = toneWav(20, 440)
    const { location } = await createUpload(server.url, token, 'Cellar.wav', recording.length)
    const staged = path.join(dataDir, RESUMABLE_UPLOADS_FOLDER, uploadIdOf(location))
    const body = new PassThrough()
    const upload = patch(server.url, token, location, 0, body)
    const half = Math.floor(recording.length / 2)
    body.write(recording.subarray(0, half))
    await expect.poll(async () => (await stat(staged)).size).toBe(half)

    // The clerk's connection stalls (a big file on a slow line): the rest never comes while the process stops.
    const signalledAt = Date.now()
    process.kill(server.pid, 'SIGTERM')
    const { code, signal } = await server.exited
    const stoppedIn = Date.now() - signalledAt
    // Cut at the requests' limit; the stop then went on as usual and ended well (before, the whole
    // stop's 10 s ran out and close-with-grace ended the process with code 1, the database left open).
    expect({ code, signal }).toEqual({ code: 0, signal: null })
    expect(server.output()).toContain(`requests still under way after ${STOP_LIMITS.requestsMs / 1000} s are cut`)
    expect(server.output()).not.toContain('killed by timeout')
    expect(stoppedIn).toBeGreaterThanOrEqual(STOP_LIMITS.requestsMs)
    expect(stoppedIn).toBeLessThan(STOP_HARD_LIMIT_MS)
    expect((await upload).status).toBe(0)
    body.destroy()

    // Another process (here: the next one on the same data) has what was stored and takes the rest.
    server = await start()
    const again = await signInDemoClerk(server)
    expect(await offsetOf(server.url, again, location)).toBe(half)
    const rest = await patch(server.url, again, location, half, recording.subarray(half))
    expect({ status: rest.status, offset: rest.headers['upload-offset'] }).toEqual({ status: 204, offset: String(recording.length) })
    expect((await readFile(staged)).equals(recording)).toBe(true)
  })
})
