import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationsRepository } from '../../src/repositories/notifications-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { bearer, createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('notifications', () => {
  let t: TestApp
  let mine: string
  let theirs: string
  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'reader@example.com')
    await signUpClerk(t, 'other@example.com')
    const reader = (await usersRepository.findByEmail(t.database.db, 'reader@example.com'))!
    const other = (await usersRepository.findByEmail(t.database.db, 'other@example.com'))!
    for (const message of ['First', 'Second', 'Third']) await notificationsRepository.add(t.database.db, reader.id, message)
    await notificationsRepository.add(t.database.db, other.id, 'Not yours')
    mine = (await signIn(t, 'reader@example.com')).token
    theirs = (await signIn(t, 'other@example.com')).token
  })
  afterAll(() => t.app.close())

  const list = (token: string) => t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) })
  const markRead = (token: string, notification_ids: number[]) =>
    t.app.inject({ method: 'PUT', url: '/api/notification/mark-read', headers: bearer(token), payload: { notification_ids } })

  it('lists only the clerk’s own, newest first, with ISO times', async () => {
    const items = (await list(mine)).json()
    expect(items.map((n: { message: string }) => n.message)).toEqual(['Third', 'Second', 'First'])
    // Not about a job: job_id is null (decisions.md, Hardening: dialogs and notifications).
    expect(items[0]).toEqual({ id: expect.any(Number), message: 'Third', is_read: false, created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), job_id: null })
  })

  it('marks the clerk’s own as read and ignores another clerk’s ids', async () => {
    const items = (await list(mine)).json() as { id: number }[]
    const othersId = ((await list(theirs)).json() as { id: number }[])[0]!.id
    const response = await markRead(mine, [items[0]!.id, othersId])
    expect(response.json()).toEqual({ success: true, updated: 1 })
    expect(((await list(theirs)).json() as { is_read: boolean }[])[0]!.is_read).toBe(false)
    expect(((await list(mine)).json() as { is_read: boolean }[]).map((n) => n.is_read)).toEqual([true, false, false])
  })

  it('marks every one read with all: true, the newest too, even one the portal has not fetched yet', async () => {
    const reader = (await usersRepository.findByEmail(t.database.db, 'reader@example.com'))!
    const seen = ((await list(mine)).json() as { id: number; is_read: boolean }[]).filter((n) => !n.is_read).map((n) => n.id)
    // Arrives between the portal's last poll and the click on Mark all as read.
    await notificationsRepository.add(t.database.db, reader.id, 'Newest')
    const response = await t.app.inject({ method: 'PUT', url: '/api/notification/mark-read', headers: bearer(mine), payload: { notification_ids: seen, all: true } })
    expect(response.json()).toEqual({ success: true, updated: 3 })
    const after = (await list(mine)).json() as { message: string; is_read: boolean }[]
    expect(after.map((n) => [n.message, n.is_read])).toEqual([
      ['Newest', true],
      ['Third', true],
      ['Second', true],
      ['First', true],
    ])
    // Only the clerk's own.
    expect(((await list(theirs)).json() as { is_read: boolean }[]).map((n) => n.is_read)).toEqual([false])
  })

  it('refuses a call without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/notification' })).statusCode).toBe(403)
  })
})
