// The e-mail outbox (docs/decisions/mail-outbox.md): a mail is a row written with the change that causes
// it, sent by a drain after the commit and marked sent. Staff completing a job e-mail its clerk; a mail
// the mail server refused, or one whose process stopped before sending it, is sent by a later drain
// (the scheduled one); drains at once send each mail once, and a drain asked for while another sends
// waits for the mails that one claimed; a sent mail's link is not kept.
import { eq, sql } from 'drizzle-orm'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { outboxMails } from '../../src/db/schema.ts'
import { createOutbox, queueMail } from '../../src/email/outbox.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { createDemoJobsFor, createTestApp, opsHeaders, runScheduledTask, signUpClerk, type TestApp } from '../support/test-app.ts'

const mailTo = (to: string, n: number) => ({ to, subject: `Test mail ${n}`, text: `Body ${n}`, html: `<p>Body ${n}</p>`, link: `http://localhost/${n}` })
const unsent = async (t: TestApp) => (await t.database.db.select().from(outboxMails).where(sql`${outboxMails.sentAt} is null`)).length
const unclaimed = async (t: TestApp) => (await t.database.db.select().from(outboxMails).where(sql`${outboxMails.claimedUntil} is null`)).length

describe('the e-mail outbox', { timeout: 30_000 }, () => {
  let t: TestApp
  beforeEach(async () => {
    t = await createTestApp({}, { scheduledTasks: ['mail-outbox-drain'] })
    await t.app.ready()
  })
  afterEach(async () => t.app.close())

  it('e-mails the clerk "Your transcript for {address} is ready" when staff complete a job', async () => {
    await signUpClerk(t, 'done.by.staff@example.com')
    const [, , inProgress] = await createDemoJobsFor(t, 'done.by.staff@example.com', 3)
    const job = (await jobsRepository.findById(t.database.db, inProgress!))!
    expect(job.status).toBe('In Progress')

    const moved = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${job.id}/status`, headers: opsHeaders(t), payload: { status: 'Completed' } })
    expect(moved.statusCode).toBe(200)

    const mails = t.mail.sent.filter((mail) => mail.subject.startsWith('Your transcript'))
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ to: 'done.by.staff@example.com', subject: `Your transcript for ${job.propertyAddress} is ready`, link: `${t.app.config.publicUrl}/my-jobs` })
    expect(mails[0]!.text).toContain(`The transcript of job #${job.id} (${job.propertyAddress}) is ready.`)
    expect(await unsent(t)).toBe(0)
  })

  it('keeps a mail the mail server refused and sends it on a later drain, once', async () => {
    const send = t.mail.send.bind(t.mail)
    t.mail.send = () => Promise.reject(new Error('SMTP server unreachable'))
    // The sign-up still answers: its mail waits in the outbox.
    await expect(t.app.inject({ method: 'POST', url: '/api/auth/signup-request', payload: { full_name: 'Riley Later', email: 'riley@example.com' } })).resolves.toMatchObject({ statusCode: 200 })
    expect(t.mail.sent).toHaveLength(0)
    const [row] = await t.database.db.select().from(outboxMails)
    expect(row).toMatchObject({ toAddress: 'riley@example.com', subject: 'Complete your InspectScribe sign-up', tries: 1, lastError: 'SMTP server unreachable', sentAt: null })

    t.mail.send = send
    // The refused mail waits a minute before a drain takes it again: that minute passes here.
    await t.database.db.update(outboxMails).set({ claimedUntil: new Date(Date.now() - 1000) }).where(eq(outboxMails.id, row!.id))
    await runScheduledTask(t, 'mail-outbox-drain')
    await runScheduledTask(t, 'mail-outbox-drain')
    expect(t.mail.sent.map((mail) => [mail.to, mail.subject])).toEqual([['riley@example.com', 'Complete your InspectScribe sign-up']])
    expect(t.mail.lastLinkTo('riley@example.com')).toContain('/signup/continue?token=')
    // Once sent, the link (a one-time token) and the bodies are no longer kept.
    const [sent] = await t.database.db.select().from(outboxMails).where(eq(outboxMails.id, row!.id))
    expect(sent).toMatchObject({ link: '', textBody: '', htmlBody: '', tries: 2 })
    expect(sent!.sentAt).toBeInstanceOf(Date)
  })

  it('sends a mail committed by a process that stopped before sending it, on the scheduled drain', async () => {
    // The commit happened; the send after it never did (the process stopped).
    await t.database.db.transaction((tx) => queueMail(tx, mailTo('left@example.com', 1)))
    expect(await unsent(t)).toBe(1)
    await runScheduledTask(t, 'mail-outbox-drain')
    expect(t.mail.sent.map((mail) => mail.subject)).toEqual(['Test mail 1'])
    expect(await unsent(t)).toBe(0)
  })

  it('sends each mail once when several processes drain at once', async () => {
    await t.database.db.transaction(async (tx) => {
      for (let n = 1; n <= 45; n++) await queueMail(tx, mailTo(`many${n}@example.com`, n))
    })
    // Each outbox stands for another server process on the same database, sending through the same mailer.
    const otherProcesses = [createOutbox(t.database.db, t.mail, t.app.log), createOutbox(t.database.db, t.mail, t.app.log)]
    const counts = await Promise.all([t.app.outbox.drain(), ...otherProcesses.map((outbox) => outbox.drain())])
    expect(counts.reduce((a, b) => a + b, 0)).toBe(45)
    expect(t.mail.sent.map((mail) => mail.subject).sort()).toEqual(Array.from({ length: 45 }, (_, i) => `Test mail ${i + 1}`).sort())
  })

  it('answers a drain asked for while another sends only once the mails committed before it were sent', async () => {
    // The running drain claimed both mails and is held sending the first, as by a slow mail server.
    let letTheFirstGo!: () => void
    const firstHeld = new Promise<void>((resolve) => (letTheFirstGo = resolve))
    const send = t.mail.send.bind(t.mail)
    t.mail.send = async (mail) => {
      if (mail.subject === 'Test mail 1') await firstHeld
      await send(mail)
    }
    await t.database.db.transaction(async (tx) => {
      await queueMail(tx, mailTo('first@example.com', 1))
      await queueMail(tx, mailTo('second@example.com', 2))
    })
    const running = t.app.outbox.drain()
    await expect.poll(() => unclaimed(t)).toBe(0)

    // A request that committed the second mail asks for a drain: it finds nothing left to claim.
    const asked = t.app.outbox.drain()
    letTheFirstGo()
    await asked
    expect(t.mail.sent.map((mail) => mail.to)).toEqual(['first@example.com', 'second@example.com'])
    expect(await running).toBe(2)
    expect(await unsent(t)).toBe(0)
  })

  it('writes no mail when the transaction that carries it rolls back', async () => {
    await expect(
      t.database.db.transaction(async (tx) => {
        await queueMail(tx, mailTo('never@example.com', 1))
        throw new Error('the change failed')
      }),
    ).rejects.toThrow('the change failed')
    await t.app.outbox.drain()
    expect(t.mail.sent).toHaveLength(0)
    expect(await unsent(t)).toBe(0)
  })
})
