// A client that goes away in the middle of an upload (a phone that lost its signal, a closed tab) is
// ordinary: the server logs it once at info level, saying so, and never as an error (issue 24 item 9).
// A real socket is closed mid-body; the app's own log is read.
import { connect } from 'node:net'
import { Writable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import { toneWav } from '../../src/audio/wav.ts'
import { MailCapture, openTestDatabase, signIn, signUpClerk, testConfig, type TestApp } from '../support/test-app.ts'

interface LogLine {
  level: number
  msg?: string
}

describe('a client that goes away mid-upload', () => {
  let t: TestApp
  let token: string
  let port: number
  const logLines: LogLine[] = []

  beforeAll(async () => {
    const database = await openTestDatabase()
    const mail = new MailCapture()
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        logLines.push(JSON.parse(chunk.toString()) as LogLine)
        done()
      },
    })
    const app = await buildApp({ config: testConfig(), database, logger: { level: 'info', stream }, mailer: mail, scheduledTasks: false })
    t = { app, database, mail }
    await signUpClerk(t, 'gone.client@example.com')
    token = (await signIn(t, 'gone.client@example.com')).token
    await app.listen({ port: 0, host: '127.0.0.1' })
    port = (app.server.address() as { port: number }).port
  })
  afterAll(() => t.app.close())

  /** Starts a multipart upload of `filePart` to `url`, sends half of it, then closes the connection. */
  async function goAwayHalfway(url: string, fields: Record<string, string>, fileField: string, fileName: string, firstBytes: Buffer) {
    const boundary = 'gone-boundary'
    const head = Buffer.from(
      Object.entries(fields)
        .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
        .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="${fileField}"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    )
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    socket.write(
      `POST ${url} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${head.length + 4 * 1024 * 1024}\r\n\r\n`,
    )
    socket.write(Buffer.concat([head, firstBytes, Buffer.alloc(256 * 1024, 1)]))
    // The server has the request (its log line) before the client leaves.
    await expect.poll(() => logLines.some((line) => line.msg === 'incoming request')).toBe(true)
    socket.destroy()
  }

  it('logs a template upload cut half-way at info level, as a client that went away', async () => {
    const start = logLines.length
    await goAwayHalfway('/api/clerk-template/create/', { template_name: 'Half' }, 'template_file', 'half.pdf', Buffer.from('%PDF-1.7\n'))

    await expect.poll(() => logLines.slice(start).find((line) => line.msg === 'the client went away before its request was read')).toMatchObject({ level: 30 })
    expect(logLines.slice(start).filter((line) => line.level >= 40)).toEqual([])
  })

  it('logs an audio upload cut half-way at info level, as a client that went away', async () => {
    const start = logLines.length
    const wavHead = Buffer.concat([Buffer.from('RIFF\xff\xff\xff\x00WAVEfmt ', 'latin1')])
    await goAwayHalfway('/api/clerk/calculate-cost', { report_type_id: '1' }, 'audio_files', 'half.wav', wavHead)

    await expect.poll(() => logLines.slice(start).find((line) => line.msg === 'the client went away before its request was read')).toMatchObject({ level: 30 })
    expect(logLines.slice(start).filter((line) => line.level >= 40)).toEqual([])
  })

  /**
   * Sends a whole multipart upload of `wav` (every byte its Content-Length names) in one write, and
   * `after` straight behind it, then leaves: the server has the body's bytes before it has read them.
   */
  async function sendWholeThenLeave(wav: Buffer, after: Buffer) {
    const boundary = 'whole-boundary'
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="report_type_id"\r\n\r\n1\r\n`),
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="audio_files"; filename="whole.wav"\r\nContent-Type: audio/wav\r\n\r\n`),
      wav,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ])
    const socket = connect(port, '127.0.0.1')
    socket.on('error', () => {})
    await new Promise<void>((resolve) => socket.once('connect', resolve))
    const head = `POST /api/clerk/calculate-cost HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`
    await new Promise<void>((resolve) => socket.write(Buffer.concat([Buffer.from(head), body, after]), () => resolve()))
    socket.destroy()
  }

  // Found by a hostile client against the running server: a body whose bytes had all arrived (Node's
  // `complete`) but that the route had not read yet when its connection closed was logged as "request
  // failed" at error level. Made exact here with bytes past the Content-Length, which are no request:
  // Node answers them 400 and closes the connection under the upload still being read. (A client that
  // leaves right after its last byte meets the same path, when the close beats the route's read.)
  // The form and the bytes after it fit in one read of the socket (a second of audio, 1 KB after), so
  // the connection is always closed before the route reads: with a long recording the route sometimes
  // read it all first, and the test then saw neither line. Closed before the read, the form once waited
  // for ever (@fastify/multipart never saw the close): requireMultipart now refuses it.
  it('logs an upload whose connection closed after its last byte arrived, before it was read, at info level', async () => {
    const start = logLines.length
    await sendWholeThenLeave(toneWav(1), Buffer.alloc(1024, 0x41))

    await expect.poll(() => logLines.slice(start).find((line) => line.msg === 'the client went away before its request was read' || line.level >= 40)).toMatchObject({ level: 30 })
    expect(logLines.slice(start).filter((line) => line.level >= 40)).toEqual([])
  })
})
