// The e-mail transport for real: an SMTP server on loopback receives what the mailer sends, and
// without SMTP the outbox folder gets an .eml file a person can open.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SMTPServer } from 'smtp-server'
import PostalMime from 'postal-mime'
import pino from 'pino'
import { createMailer } from '../src/email/mailer.ts'
import { signupLinkMail } from '../src/email/templates.ts'

const LINK = 'http://localhost:8080/signup/continue?token=abcDEF123_-'

describe('the mailer', () => {
  let outboxDir: string
  beforeAll(async () => {
    outboxDir = await mkdtemp(path.join(tmpdir(), 'outbox-'))
  })
  afterAll(() => rm(outboxDir, { recursive: true, force: true }))

  it('sends through an SMTP server when SMTP_URL is set', async () => {
    const received: string[] = []
    const smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, _session, callback) {
        let raw = ''
        stream.on('data', (chunk: Buffer) => (raw += chunk.toString()))
        stream.on('end', () => (received.push(raw), callback()))
      },
    })
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve))
    const port = (smtp.server.address() as AddressInfo).port
    try {
      const mailer = createMailer({ smtpUrl: `smtp://127.0.0.1:${port}`, from: 'InspectScribe <no-reply@inspectscribe.example>', outboxDir }, pino({ level: 'silent' }))
      await mailer.send(signupLinkMail('robin@example.com', 'Robin', LINK))
      mailer.close()
      expect(received).toHaveLength(1)
      const parsed = await PostalMime.parse(received[0]!)
      expect(parsed.subject).toBe('Complete your InspectScribe sign-up')
      expect(parsed.to?.[0]?.address).toBe('robin@example.com')
      expect(parsed.from?.address).toBe('no-reply@inspectscribe.example')
      expect(parsed.text).toContain(LINK)
      expect(parsed.html).toContain(`href="${LINK}"`)
    } finally {
      await new Promise<void>((resolve) => smtp.close(() => resolve()))
    }
  })

  it('writes an .eml file to the outbox and logs the link when there is no SMTP server', async () => {
    const lines: string[] = []
    const log = pino({ level: 'info' }, { write: (line: string) => lines.push(line) })
    const mailer = createMailer({ smtpUrl: undefined, from: 'InspectScribe <no-reply@inspectscribe.example>', outboxDir }, log)
    await mailer.send(signupLinkMail('sam@example.com', 'Sam', LINK))
    const files = await readdir(outboxDir)
    expect(files).toHaveLength(1)
    expect(files[0]).toMatch(/sam@example\.com\.eml$/)
    const parsed = await PostalMime.parse(await readFile(path.join(outboxDir, files[0]!)))
    expect(parsed.subject).toBe('Complete your InspectScribe sign-up')
    expect(parsed.text).toContain(LINK)
    // The link stands on a line of its own in the message, so it is easy to find and copy.
    const logged = JSON.parse(lines.at(-1)!)
    expect(logged.msg.split('\n')).toEqual(['e-mail "Complete your InspectScribe sign-up" to sam@example.com written to the outbox (no SMTP_URL); its link:', `  ${LINK}`])
    expect(logged.link).toBe(LINK)
  })
})
