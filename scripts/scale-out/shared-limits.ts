// What must count across processes, not per process: the sign-in limit (by e-mail and by the client's
// address as nginx saw it), the payment dedupe window, and each scheduled task's one run a period.
import { AUTH_MESSAGES } from '../../server/src/auth/messages.ts'
import { expectEqual, expectThat } from './checks.ts'
import { waitFor } from './wait-for.ts'
import { ClerkClient, PASSWORD } from './clerk-client.ts'
import { paidClerk } from './everyday-work.ts'
import { clerkEmail, upstreamsSince, type RunContext } from './run-context.ts'

/** LOGIN_FAILURE_BUDGET.perEmail (server/src/auth/throttle.ts). */
const FAILURES_PER_EMAIL = 5
/** An address a client claims in its own X-Forwarded-For: nginx appends the real one, which is what counts. */
const SPOOFED_ADDRESS = '203.0.113.77'

export async function signInLimitAcrossProcesses(run: RunContext): Promise<void> {
  const { checks, cluster } = run
  await checks.check(`the sign-in limit counts across processes: ${FAILURES_PER_EMAIL} wrong passwords on several processes, then even the right one is refused`, async () => {
    const clerk = new ClerkClient(cluster.nginx.url, clerkEmail('limited.clerk'))
    await clerk.signUpAndSignIn('Sam Limited')
    const since = (await cluster.nginx.accessLog()).length
    for (let attempt = 1; attempt <= FAILURES_PER_EMAIL; attempt++) {
      const refused = await clerk.trySignIn('Not-The-Password-1!', { 'x-forwarded-for': SPOOFED_ADDRESS })
      expectEqual(refused.status, 401, `wrong password ${attempt}'s status (${refused.body})`)
    }
    const served = await upstreamsSince(cluster, since, '/api/auth/login')
    expectThat(served.size >= 2, `the ${FAILURES_PER_EMAIL} failures all went to ${[...served].join(', ')}: the check proves nothing unless they reach two processes or more`)
    const limited = await clerk.trySignIn(PASSWORD)
    expectEqual(limited.status, 429, `the right password after ${FAILURES_PER_EMAIL} failures (${limited.body})`)
    expectThat(limited.body.includes(AUTH_MESSAGES.tooManyLoginFailures), `the 429's words: ${limited.body}`)
  })

  await checks.check('the failures were counted against the client\'s address as nginx saw it (127.0.0.1), never the address the client claimed', async () => {
    const counted = async (address: string) => Number((await run.db.query<{ n: string }>(`select count(*) as n from auth_events where kind = 'login_failure' and key = $1`, [`ip:${address}`])).rows[0]!.n)
    expectEqual(await counted(SPOOFED_ADDRESS), 0, `failures counted against the claimed ${SPOOFED_ADDRESS}`)
    expectThat((await counted('127.0.0.1')) >= FAILURES_PER_EMAIL, 'failures counted against 127.0.0.1')
  })
}

export async function paymentDedupeAcrossProcesses(run: RunContext): Promise<void> {
  const { checks, cluster } = run
  await checks.check('the payment dedupe window holds across processes: 4 identical intents at once, on several processes, are one intent', async () => {
    const clerk = await paidClerk(run, 'double.tap')
    const since = (await cluster.nginx.accessLog()).length
    const intents = await Promise.all(Array.from({ length: 4 }, () => clerk.createIntent()))
    const served = await upstreamsSince(cluster, since, '/api/stripe/create-payment-intent')
    expectThat(served.size >= 2, `the 4 requests all went to ${[...served].join(', ')}: the check proves nothing unless they reach two processes or more`)
    expectEqual(new Set(intents.map((intent) => intent.payment_intent_id)).size, 1, 'distinct payment intents')
  })
}

/** The scheduled tasks' queues (server/src/queue/queues.ts) and pg-boss's own tables (schema pgboss). */
const SCHEDULED_TASKS = ['account-erasure', 'storage-sweep', 'successor-sweep', 'upload-folder-sweep', 'resumable-upload-sweep', 'mail-outbox-drain']

export async function scheduledTasksOnce(run: RunContext): Promise<void> {
  await run.checks.check('each scheduled task ran once per period across the three processes (pg-boss\'s job and archive tables)', async () => {
    // The every-minute drain shows the schedule at work once it has had two periods (the run may be shorter).
    const periods = () => run.db.query<{ name: string; period: string; runs: string }>(
      // A period's run is queued by pg-boss's clock in that minute (its cron is per minute at most).
      `select name, date_trunc('minute', created_on)::text as period, count(*) as runs
         from (select name, created_on from pgboss.job union all select name, created_on from pgboss.archive) as all_jobs
        where name = any($1)
        group by name, period order by name, period`,
      [SCHEDULED_TASKS],
    )
    const runs = await waitFor('mail-outbox-drain to run in two periods', async () => {
      const found = await periods()
      return found.rows.filter((row) => row.name === 'mail-outbox-drain').length >= 2 ? found : null
    }, { timeoutMs: 150_000, intervalMs: 1000 })
    const twice = runs.rows.filter((row) => Number(row.runs) > 1)
    expectEqual(twice.map((row) => `${row.name} at ${row.period}: ${row.runs} runs`), [], 'periods run more than once')
  })
}
