// What `npm start` shows a person at a terminal: readable lines, no JSON, the e-mailed link alone on
// its line (and only once), and no per-request lines unless LOG_LEVEL=debug asks for them.
import { Writable } from 'node:stream'
import { afterEach, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { terminalLogging } from '../../src/logging.ts'
import { openTestDatabase, testConfig } from '../support/test-app.ts'

function terminal() {
  let text = ''
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      text += chunk.toString()
      done()
    },
  })
  return { destination, lines: () => text.split('\n').filter((line) => line !== '') }
}

describe('the log at a terminal', () => {
  let app: FastifyInstance | undefined
  afterEach(() => app?.close())

  const start = async (level: string, destination: Writable) => {
    // No mailer given: the real outbox mailer of a server without SMTP_URL.
    app = await buildApp({ config: testConfig(), database: await openTestDatabase(), scheduledTasks: false, ...terminalLogging(level, destination) })
    return app
  }

  it('shows the sign-up e-mail with its link on a line of its own, among readable lines and no request noise', async () => {
    const screen = terminal()
    await start('info', screen.destination)
    expect((await app!.inject({ method: 'GET', url: '/api/lookup/report-types' })).statusCode).toBe(200)
    const requested = await app!.inject({ method: 'POST', url: '/api/auth/signup-request', payload: { full_name: 'Robin Reader', email: 'robin@example.com' } })
    expect(requested.statusCode).toBe(200)

    const lines = screen.lines()
    expect(lines.filter((line) => line.trimStart().startsWith('{"'))).toEqual([])
    const linkLines = lines.filter((line) => line.includes('/signup/continue?token='))
    expect(linkLines).toHaveLength(1)
    expect(linkLines[0]).toMatch(/^ {2}http:\/\/localhost:8080\/signup\/continue\?token=[\w-]{43}$/)
    const before = lines[lines.indexOf(linkLines[0]!) - 1]
    expect(before).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: e-mail "Complete your InspectScribe sign-up" to robin@example.com written to the outbox \(no SMTP_URL\); its link:$/)
    expect(lines.join('\n')).not.toMatch(/incoming request|request completed|answered 200/)
  })

  it('shows each request on one line at LOG_LEVEL=debug', async () => {
    const screen = terminal()
    await start('debug', screen.destination)
    await app!.inject({ method: 'GET', url: '/api/lookup/report-types' })
    expect(screen.lines()).toContainEqual(expect.stringMatching(/DEBUG: GET \/api\/lookup\/report-types answered 200 in \d+ ms$/))
  })

  it('shows the e-mailed links’ requests at LOG_LEVEL=debug without their tokens', async () => {
    const screen = terminal()
    await start('debug', screen.destination)
    await app!.inject({ method: 'GET', url: '/reset-password?token=SECRET-TERMINAL-TOKEN' })
    expect(screen.lines()).toContainEqual(expect.stringMatching(/DEBUG: GET \/reset-password\?token=\[redacted\] answered \d{3} in \d+ ms$/))
    expect(screen.lines().join('\n')).not.toContain('SECRET')
  })
})
