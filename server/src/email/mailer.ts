// Sends e-mail through nodemailer: over SMTP when SMTP_URL is set; otherwise each message is written
// to the outbox folder as an .eml file and its link is logged, so a person on a fresh machine can
// still open a sign-up or reset link. Production requires SMTP_URL (config.ts): the outbox, and so a
// logged link, exists only on the embedded defaults.
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../config.ts'

export interface OutgoingMail {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the message is about, logged when there is no SMTP server. */
  link: string
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>
  close(): void
}

export function createMailer(mail: Config['mail'], log: FastifyBaseLogger): Mailer {
  if (mail.smtpUrl) {
    const transport = nodemailer.createTransport(mail.smtpUrl)
    return {
      async send({ to, subject, text, html }) {
        await transport.sendMail({ from: mail.from, to, subject, text, html })
        log.info({ to, subject }, `e-mail "${subject}" sent to ${to}`)
      },
      close: () => transport.close(),
    }
  }

  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' })
  return {
    async send({ to, subject, text, html, link }) {
      const info = await transport.sendMail({ from: mail.from, to, subject, text, html })
      await mkdir(mail.outboxDir, { recursive: true })
      const stamp = new Date().toISOString().replace(/[:.]/g, '-')
      const file = path.join(mail.outboxDir, `${stamp}-${to.replace(/[^a-z0-9@.-]/gi, '_')}.eml`)
      await writeFile(file, info.message as Buffer)
      // The link on a line of its own, so it stands out in a terminal and copies cleanly.
      log.info({ to, subject, file, link }, `e-mail "${subject}" to ${to} written to the outbox (no SMTP_URL); its link:\n  ${link}`)
    },
    close: () => transport.close(),
  }
}
