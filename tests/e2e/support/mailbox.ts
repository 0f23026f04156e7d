// A real SMTP server for the e2e run. It lives in Playwright's main process and writes each message
// it receives to a folder, so tests in worker processes can read the mail a clerk would get.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'
import PostalMime from 'postal-mime'

export async function startMailbox(): Promise<{ smtpUrl: string; dir: string; stop(): Promise<void> }> {
  const dir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-mailbox-'))
  let count = 0
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        count += 1
        writeFile(path.join(dir, `${Date.now()}-${count}.eml`), Buffer.concat(chunks)).then(() => callback(), callback)
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as AddressInfo).port
  return {
    smtpUrl: `smtp://127.0.0.1:${port}`,
    dir,
    async stop() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await rm(dir, { recursive: true, force: true })
    },
  }
}

export interface ReceivedMail {
  to: string
  subject: string
  text: string
  /** The first link into the portal, as path and query (the server's port is chosen at random). */
  linkPath: string
}

/**
 * Waits for the newest message to `to` whose subject matches. The limit is generous: the server may
 * send after answering, and a busy machine delays the send; a mail that has arrived returns at once.
 */
export async function waitForMail(to: string, subject: string, timeoutMs = 30_000): Promise<ReceivedMail> {
  const dir = process.env.E2E_MAILDIR
  if (!dir) throw new Error('E2E_MAILDIR is not set: the e2e global setup did not run.')
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    const files = (await readdir(dir)).sort().reverse()
    for (const file of files) {
      const mail = await PostalMime.parse(await readFile(path.join(dir, file)))
      if (mail.to?.some((a) => a.address?.toLowerCase() === to.toLowerCase()) && mail.subject === subject) {
        const link = /https?:\/\/\S+/.exec(mail.text ?? '')?.[0]
        if (!link) throw new Error(`the mail to ${to} has no link:\n${mail.text}`)
        const url = new URL(link)
        return { to, subject, text: mail.text ?? '', linkPath: `${url.pathname}${url.search}` }
      }
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no mail "${subject}" reached ${to} within ${timeoutMs} ms`)
}
