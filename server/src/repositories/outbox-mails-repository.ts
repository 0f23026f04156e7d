// The e-mail outbox's rows (email/outbox.ts says how they are claimed, sent and marked).
import { eq, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { outboxMails } from '../db/schema.ts'

export interface ClaimedMail {
  id: number
  to_address: string
  subject: string
  text_body: string
  html_body: string
  link: string
}

export const outboxMailsRepository = {
  async add(db: Db, mail: { to: string; subject: string; text: string; html: string; link: string }): Promise<void> {
    await db.insert(outboxMails).values({ toAddress: mail.to, subject: mail.subject, textBody: mail.text, htmlBody: mail.html, link: mail.link })
  },

  /**
   * Claims up to `limit` unsent mails no live drain holds, for `claimSeconds`, oldest first: one
   * UPDATE over rows picked FOR UPDATE SKIP LOCKED, so two drains at once never claim one row.
   */
  async claim(db: Db, limit: number, claimSeconds: number): Promise<ClaimedMail[]> {
    const result = (await db.execute(sql`
      update outbox_mails set claimed_until = now() + make_interval(secs => ${claimSeconds}), tries = tries + 1
      where id in (
        select id from outbox_mails
        where sent_at is null and (claimed_until is null or claimed_until < now())
        order by id limit ${limit}
        for update skip locked)
      returning id, to_address, subject, text_body, html_body, link`)) as unknown as { rows: ClaimedMail[] }
    return result.rows.sort((a, b) => a.id - b.id)
  },

  /** A refused send: kept with its error, and left alone `retrySecondsPerTry` × tries before a drain takes it again. */
  async markFailed(db: Db, id: number, error: string, retrySecondsPerTry: number): Promise<void> {
    await db.execute(sql`
      update outbox_mails set claimed_until = now() + make_interval(secs => ${retrySecondsPerTry} * tries), last_error = ${error}
      where id = ${id}`)
  },

  /** Sent: the bodies and link (which may hold a one-time token) are no longer kept. */
  async markSent(db: Db, id: number): Promise<void> {
    await db.update(outboxMails).set({ sentAt: sql`now()`, claimedUntil: null, textBody: '', htmlBody: '', link: '' }).where(eq(outboxMails.id, id))
  },
}
