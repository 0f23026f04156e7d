// Every request ends (issue 24 item 4), over real connections: a JSON body that stops arriving is
// answered 408 and its connection closed; an upload (a template, create-job's documents) that sends
// nothing, or only a trickle, is cut and leaves no file and no row behind; a slow upload that keeps
// moving still finishes. The limits are the real mechanism, shortened through the app's options
// (30 s, 60 s and 1 KiB a minute in production) so the test does not wait for them.
import { randomBytes } from 'node:crypto'
import { connect } from 'node:net'
import { readdir } from 'node:fs/promises'
import type { Dirent } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CREATE_JOB_FIELDS } from '@contract/create-job.ts'
import { clerkTemplates, jobs } from '../../src/db/schema.ts'
import { createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

const LIMITS = { bodyMs: 400, uploadIdleMs: 400, uploadMinBytes: 1024 }
const PDF = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes)])
const BOUNDARY = 'ends-boundary'

describe('every request ends', () => {
  let t: TestApp
  let token: string
  let port: number
  beforeAll(async () => {
    t = await createTestApp({}, { requestLimits: LIMITS })
    await signUpClerk(t, 'ends@example.com')
    token = (await signIn(t, 'ends@example.com')).token
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as { port: number }).port
  })
  afterAll(() => t.app.close())

  /** A raw connection: what the server sent by the time it closed the connection. */
  function rawRequest(head: string) {
    const socket = connect(port, '127.0.0.1')
    let received = ''
    socket.setEncoding('utf8').on('data', (text: string) => (received += text))
    socket.on('error', () => {})
    const closed = new Promise<string>((resolve) => socket.on('close', () => resolve(received)))
    socket.write(head)
    return { socket, closed }
  }
  const uploadHead = (url: string, length: number) =>
    `POST ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${BOUNDARY}\r\nContent-Length: ${length}\r\n\r\n`
  const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const fileHead = (name: string, fileName: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: application/pdf\r\n\r\n`
  /** Stored files (in progress or kept) and the rows an upload could have written. */
  const leftovers = async () => {
    const root = path.join(t.app.config.dataDir, 'files')
    const files = (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => [] as Dirent[])).filter((entry) => entry.isFile()).map((entry) => entry.name)
    return { files, templates: await t.database.db.$count(clerkTemplates), jobs: await t.database.db.$count(jobs) }
  }
  const NOTHING = { files: [], templates: 0, jobs: 0 }

  it('answers 408 and closes the connection when a JSON body stops arriving', async () => {
    const body = JSON.stringify({ email: 'ends@example.com', password: 'Strong-Pass-1' })
    const { socket, closed } = rawRequest(`POST /api/auth/login HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`)
    socket.write(body.slice(0, 10))
    const answer = await closed
    expect(answer).toMatch(/^HTTP\/1.1 408 Request Timeout\r\n/)
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({ detail: 'The request took too long to arrive.', code: 'request_timeout' })
  })

  it('cuts a template upload that sends nothing, and keeps nothing of it', async () => {
    const start = Buffer.concat([Buffer.from(field('template_name', 'Stalled') + fileHead('template_file', 'stalled.pdf')), PDF(64 * 1024)])
    const { socket, closed } = rawRequest(uploadHead('/api/clerk-template/create/', start.length + 1024 * 1024))
    socket.write(start)
    await closed
    await expect.poll(leftovers).toEqual(NOTHING)
  })

  it('cuts a create-job upload that only trickles a byte now and then, and keeps nothing of it', async () => {
    const fields = field(CREATE_JOB_FIELDS.propertyAddress, '1 Trickle Lane') + field(CREATE_JOB_FIELDS.folderToken, crypto.randomUUID())
    const start = Buffer.concat([Buffer.from(fields + fileHead(CREATE_JOB_FIELDS.supportFiles, 'notes.pdf')), PDF(4 * 1024)])
    const { socket, closed } = rawRequest(uploadHead('/api/clerk/create-job', start.length + 1024 * 1024))
    socket.write(start)
    // A byte at a tenth of the window: never quiet, never moving.
    const trickle = setInterval(() => socket.write(Buffer.from([0x20])), LIMITS.uploadIdleMs / 10)
    await closed
    clearInterval(trickle)
    await expect.poll(leftovers).toEqual(NOTHING)
  })

  it('lets a slow upload that keeps moving finish', async () => {
    const file = PDF(96 * 1024)
    const body = Buffer.concat([Buffer.from(field('template_name', 'Slow but sure') + fileHead('template_file', 'slow.pdf')), file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)])
    const { socket, closed } = rawRequest(`${uploadHead('/api/clerk-template/create/', body.length).replace('HTTP/1.1\r\n', 'HTTP/1.1\r\nConnection: close\r\n')}`)
    // 4 KiB a tenth of the window: it takes several windows, well above the floor in each.
    for (let sent = 0; sent < body.length; sent += 4096) {
      socket.write(body.subarray(sent, sent + 4096))
      await new Promise((resolve) => setTimeout(resolve, LIMITS.uploadIdleMs / 10))
    }
    expect(await closed).toMatch(/^HTTP\/1.1 200 OK\r\n/)
    expect((await leftovers()).templates).toBe(1)
  })
})
