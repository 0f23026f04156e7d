// Account deletion: sign-in stops at once; the server's own hourly task erases the account 7 days
// later (within the promised 10). The task's runs go through its queue as its schedule sends them,
// under a fake clock.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { outboxMails, users } from '../../src/db/schema.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { bearer, createTestApp, multipart, runScheduledTask, signIn, signUpClerk, STRONG_PASSWORD, type TestApp } from '../support/test-app.ts'

const DAY = 24 * 60 * 60_000

describe('account deletion', () => {
  let t: TestApp
  beforeAll(async () => {
    // Only the date is faked: database and file I/O run for real.
    vi.useFakeTimers({ toFake: ['Date'] })
    t = await createTestApp({}, { scheduledTasks: ['account-erasure'] })
    await signUpClerk(t, 'leaver@example.com', STRONG_PASSWORD, 'Lee Leaver')
    await signUpClerk(t, 'stayer@example.com')
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.app.close()
  })

  const files = async () =>
    (await readdir(path.join(t.app.config.dataDir, 'files'), { recursive: true, withFileTypes: true }).catch(() => [])).filter((e) => e.isFile()).length

  it('ends sign-in at once and erases the personal data and files within 10 days', async () => {
    const { token, refreshCookie } = await signIn(t, 'leaver@example.com')
    const { payload, headers } = multipart({ template_name: 'Mine' }, [{ name: 'template_file', filename: 'notes.txt', content: 'room by room' }])
    expect((await t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: { ...headers, ...bearer(token) }, payload })).statusCode).toBe(200)
    expect(await files()).toBe(1)

    const response = await t.app.inject({ method: 'POST', url: '/api/account/gdpr-delete', headers: bearer(token) })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: 'Your account will be deleted within 10 days.', success: true })

    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(403)
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/refresh-token', cookies: { inspectscribe_refresh: refreshCookie } })).statusCode).toBe(403)
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: 'leaver@example.com', password: STRONG_PASSWORD } })
    expect(login.statusCode).toBe(403)
    expect(login.json()).toEqual({ detail: { error: 'This account is being deleted and can no longer sign in.' }, code: 'account_being_deleted' })

    const id = (await usersRepository.findByEmail(t.database.db, 'leaver@example.com'))!.id
    const requestedAt = Date.now()
    vi.setSystemTime(requestedAt + 7 * DAY - 60_000)
    await runScheduledTask(t, 'account-erasure')
    expect((await usersRepository.findById(t.database.db, id))!.status).toBe('deleting')
    expect(await files()).toBe(1)

    // The first hourly run after day 7 erases it.
    vi.setSystemTime(requestedAt + 7 * DAY + 60 * 60_000)
    await runScheduledTask(t, 'account-erasure')
    expect((await usersRepository.findById(t.database.db, id))!.status).toBe('deleted')
    expect(await files()).toBe(0)
    expect(Date.now() - requestedAt).toBeLessThan(10 * DAY)
    const [erased] = await t.database.db.select().from(users).where(eq(users.id, id))
    expect(erased).toMatchObject({ fullName: 'Erased account', phoneNumber: '', companyName: '', address: '', email: `erased-${id}@erased.invalid` })
    expect(await files()).toBe(0)
    expect(await usersRepository.findByEmail(t.database.db, 'leaver@example.com')).toBeUndefined()
    // The e-mails to the account go from the outbox too.
    const mailsTo = async (address: string) => (await t.database.db.select().from(outboxMails).where(eq(outboxMails.toAddress, address))).length
    expect(await mailsTo('leaver@example.com')).toBe(0)

    // Another clerk is untouched.
    expect(await mailsTo('stayer@example.com')).toBe(1)
    expect((await usersRepository.findByEmail(t.database.db, 'stayer@example.com'))!.status).toBe('active')
  })
})
