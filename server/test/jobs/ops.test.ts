// The operator calls behind `npm run ops`: the token, the life cycle, notes, credits and accounts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { bearer, createDemoJobsFor, createTestApp, opsHeaders, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

describe('operator calls', () => {
  let t: TestApp
  let ids: number[]
  const email = 'olive.ops@example.com'

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, email)
    ids = await createDemoJobsFor(t, email, 6)
  })
  afterAll(() => t.app.close())

  const ops = (method: 'GET' | 'POST', url: string, payload?: object) => t.app.inject({ method, url: `/api/ops${url}`, headers: opsHeaders(t), payload })
  const notifications = async (token: string) =>
    ((await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) })).json() as { message: string }[]).map((n) => n.message)

  const jobNotification = async (token: string, message: string) =>
    ((await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(token) })).json() as { message: string; job_id: number | null }[]).find(
      (n) => n.message === message,
    )

  it('refuses every call without the operator token, including a clerk’s token', async () => {
    const { token } = await signIn(t, email)
    for (const headers of [{}, bearer(token), bearer('x'.repeat(64))]) {
      const response = await t.app.inject({ method: 'GET', url: '/api/ops/jobs', headers })
      expect(response.statusCode).toBe(401)
      expect(response.json()).toEqual({ detail: 'This call needs the operator token (OPS_TOKEN or DATA_DIR/ops-token).', code: 'operator_token_required' })
    }
  })

  it('lists jobs newest first, by clerk and by status', async () => {
    const all = (await ops('GET', `/jobs?clerk=${encodeURIComponent(email.toUpperCase())}`)).json()
    // The first demo job is the newest.
    expect(all.map((job: { jobId: number }) => job.jobId)).toEqual(ids)
    const failed = (await ops('GET', '/jobs?status=Failed')).json()
    expect(failed).toEqual([expect.objectContaining({ jobId: ids[5], status: 'Failed', clerkEmail: email, transcripts: 0 })])
  })

  it('moves a job one legal step, notifies its clerk, and refuses an illegal move', async () => {
    const { token } = await signIn(t, email)
    const moved = await ops('POST', `/jobs/${ids[0]}/status`, { status: 'Scheduled' })
    expect(moved.json()).toEqual({ message: `Job #${ids[0]} moved from Submitted to Scheduled.` })
    expect(await notifications(token)).toContain(`Job #${ids[0]} is now Scheduled.`)
    // A job's notification names its job, so the portal can open it.
    expect(await jobNotification(token, `Job #${ids[0]} is now Scheduled.`)).toMatchObject({ job_id: ids[0] })

    const skipped = await ops('POST', `/jobs/${ids[0]}/status`, { status: 'Completed' })
    expect(skipped.statusCode).toBe(409)
    expect(skipped.json()).toEqual({ detail: `Job #${ids[0]}: A Scheduled job cannot move to Completed; it can move to In Progress or Failed.`, code: 'job_state_conflict' })
    const final = await ops('POST', `/jobs/${ids[5]}/status`, { status: 'Scheduled' })
    expect(final.json()).toEqual({ detail: `Job #${ids[5]}: A Failed job cannot change status.`, code: 'job_state_conflict' })
    expect((await ops('POST', '/jobs/999999/status', { status: 'Scheduled' })).json()).toEqual({ detail: 'Job #999999 was not found.', code: 'not_found' })
    expect((await ops('POST', `/jobs/${ids[0]}/status`, { status: 'Done' })).statusCode).toBe(400)
  })

  it('adds a staff note the clerk sees on the job and in a notification', async () => {
    const { token } = await signIn(t, email)
    expect((await ops('POST', `/jobs/${ids[1]}/notes`, { note: '  Kitchen audio is faint; we will do our best.  ' })).json()).toEqual({ message: `Staff note added to job #${ids[1]}.` })
    const jobs = (await t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=0&end=${Date.now() + 1000}`, headers: bearer(token) })).json()
    const job = jobs.find((j: { job_id: number }) => j.job_id === ids[1])
    expect(job.staff_note.at(-1).note).toBe('Kitchen audio is faint; we will do our best.')
    expect(await jobNotification(token, `New staff note on job #${ids[1]}: Kitchen audio is faint; we will do our best.`)).toMatchObject({ job_id: ids[1] })
    expect((await ops('POST', `/jobs/${ids[1]}/notes`, { note: '   ' })).json()).toEqual({ detail: 'Please write the staff note.', code: 'invalid_input' })
  })

  it('adjusts credits with a reason, never below zero, and the profile shows the balance', async () => {
    const { token } = await signIn(t, email)
    expect((await ops('POST', '/credits', { email, amount: '30.25', reason: 'Goodwill for a late job' })).json()).toEqual({
      message: `Credits adjusted. ${email} now has 30.25 credits.`,
    })
    const refused = await ops('POST', '/credits', { email, amount: '-31', reason: 'Correction' })
    expect(refused.statusCode).toBe(409)
    expect(refused.json()).toEqual({ detail: 'That would take the balance below zero (it is 30.25).', code: 'insufficient_credits' })
    expect((await ops('POST', '/credits', { email, amount: '-10.25', reason: 'Correction' })).json().message).toBe(`Credits adjusted. ${email} now has 20.00 credits.`)
    const profile = (await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).json()
    expect(profile).toMatchObject({ credits: 20, is_low_credit: false })
    expect(await notifications(token)).toEqual(expect.arrayContaining(['Added 30.25 credits: Goodwill for a late job', 'Removed 10.25 credits: Correction']))
    expect((await ops('POST', '/credits', { email: 'nobody@example.com', amount: '5', reason: 'x' })).json()).toEqual({ detail: 'No clerk account has the e-mail nobody@example.com.', code: 'not_found' })
  })

  it('deactivates an account (its sessions end, sign-in is refused) and reactivates it', async () => {
    const { token } = await signIn(t, email)
    expect((await ops('POST', '/accounts/deactivate', { email })).json()).toEqual({ message: `${email} is deactivated; their sessions have ended.` })
    expect((await t.app.inject({ method: 'GET', url: '/api/profile', headers: bearer(token) })).statusCode).toBe(403)
    const refused = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: 'Strong-Pass-1' } })
    expect(refused.json()).toEqual({ detail: { error: 'Inactive account' }, code: 'account_inactive' })
    expect((await ops('POST', '/accounts/deactivate', { email })).statusCode).toBe(409)

    expect((await ops('POST', '/accounts/reactivate', { email })).json()).toEqual({ message: `${email} can sign in again.` })
    await signIn(t, email)
    expect((await ops('POST', '/accounts/reactivate', { email })).json()).toEqual({ detail: `${email} is not a deactivated account.`, code: 'conflict' })
  })

  // Last: it adds jobs the tests above do not expect.
  it('words the demo jobs for people: the operator’s answer and the clerk’s notification', async () => {
    const { token } = await signIn(t, email)
    expect(await jobNotification(token, '6 demo jobs were added to your account.')).toMatchObject({ job_id: null })
    const one = await ops('POST', '/demo-jobs', { email, count: 1 })
    const [id] = [...(one.json().message as string).matchAll(/#(\d+)/g)].map((match) => Number(match[1]))
    expect(one.json()).toEqual({ message: `1 demo job was added for ${email}: #${id}.`, job_ids: [id] })
    expect(await jobNotification(token, '1 demo job was added to your account.')).toMatchObject({ job_id: null })
    const many = (await ops('POST', '/demo-jobs', { email, count: 2 })).json().message as string
    expect(many).toMatch(new RegExp(`^2 demo jobs were added for ${email.replace(/\./g, '\\.')}: #\\d+, #\\d+\\.$`))
  })
})
