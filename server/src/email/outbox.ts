// The e-mail outbox (docs/decisions/mail-outbox.md). A mail is written as a row in the transaction of
// the change that causes it (`queueMail`), so it exists exactly when the change does; a drain then
// sends it through the app's mailer and marks it sent. The drain runs right after the commit (the
// caller asks for it), once a minute on the queue's schedule, and at each start: a process that stops
// between the commit and the send leaves the row, and the next drain sends it.
//
// In one process drains run one at a time (`drain`). Drains in two processes never send one mail twice:
// each first claims its rows in one UPDATE over rows picked `FOR UPDATE SKIP LOCKED` that are unsent and
// unclaimed, setting `claimed_until`; no other drain picks a claimed row until the claim lapses. The
// send happens outside any transaction (on PGlite a transaction holds the only connection). A process
// that dies after sending but before marking the row sent would send that mail again once its claim
// lapses: the one duplicate this allows, rather than a lost mail.
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../db/database.ts'
import { outboxMailsRepository, type ClaimedMail } from '../repositories/outbox-mails-repository.ts'
import type { Mailer, OutgoingMail } from './mailer.ts'

/** How long a drain holds a mail it is sending; a drain that died lets go after this. */
const CLAIM_SECONDS = 120
/** A failed send waits this long per try before a drain takes it again (1, 2, 3 ... minutes). */
const RETRY_SECONDS_PER_TRY = 60
/** Mails one claim takes; a drain claims again until none are left. */
const CLAIM_BATCH = 20

/** Writes the mail to the outbox in the caller's transaction: it is sent once that commits. */
export async function queueMail(tx: Db, mail: OutgoingMail): Promise<void> {
  await outboxMailsRepository.add(tx, mail)
}

export interface Outbox {
  /**
   * Sends every mail due now; answers how many it sent. Resolves once each mail committed before the call
   * was tried (by this drain or by the one running in this process when it was asked for). Failures are
   * logged and retried later, never thrown.
   */
  drain(): Promise<number>
  /** Resolves once the drains under way have ended (the app waits for this before closing the database). */
  settled(): Promise<void>
}

export function createOutbox(db: Db, mailer: Mailer, log: Pick<FastifyBaseLogger, 'error'>): Outbox {
  /** The drain running in this process, and the one that runs after it for every call made meanwhile. */
  let current: Promise<number> | undefined
  let followUp: Promise<number> | undefined

  const claim = () => outboxMailsRepository.claim(db, CLAIM_BATCH, CLAIM_SECONDS)

  async function sendOne(mail: ClaimedMail): Promise<boolean> {
    try {
      await mailer.send({ to: mail.to_address, subject: mail.subject, text: mail.text_body, html: mail.html_body, link: mail.link })
    } catch (error) {
      // Logged with the error alone: the mail's link (a sign-up or reset token) never reaches the log.
      log.error({ err: error, mailId: mail.id }, 'could not send an e-mail; it stays in the outbox and is tried again')
      await outboxMailsRepository.markFailed(db, mail.id, String(error instanceof Error ? error.message : error), RETRY_SECONDS_PER_TRY)
      return false
    }
    await outboxMailsRepository.markSent(db, mail.id)
    return true
  }

  async function drainAll(): Promise<number> {
    let sent = 0
    for (let batch = await claim(); batch.length > 0; batch = await claim()) {
      for (const mail of batch) if (await sendOne(mail)) sent += 1
    }
    return sent
  }

  function drain(): Promise<number> {
    if (!current) {
      current = drainAll()
        .catch((error: unknown) => {
          log.error({ err: error }, 'the e-mail outbox could not be drained; it is tried again within a minute')
          return 0
        })
        .finally(() => (current = undefined))
      return current
    }
    // One drain at a time in a process. The running one may have claimed the caller's mail and still be
    // sending it, so the caller waits for it and then drains again: a drain resolves only once every mail
    // committed before it was asked for has been tried (unless another process claimed it). Calls made
    // meanwhile share that one follow-up, so a slow mail server keeps them waiting two drains at most.
    followUp ??= current.then(() => {
      followUp = undefined
      return drain()
    })
    return followUp
  }

  return {
    drain,
    async settled() {
      while (current || followUp) await Promise.allSettled([current, followUp])
    },
  }
}
