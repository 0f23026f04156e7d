// The periodic tasks run on the work queue's schedules (tasks/scheduled-task.ts): each is registered
// once, with its period, however many processes start; pg-boss's own clock turns a schedule into a job
// that the task's worker runs; and two server processes on one PostgreSQL run a task once in a period,
// not once each (pg-boss claims each look at the schedules in its version row, and a period's job is
// a singleton for its minute).
import { afterEach, describe, expect, inject, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { openDatabase, type Db } from '../../src/db/database.ts'
import { createTestApp, MailCapture, testConfig, type TestApp } from '../support/test-app.ts'

/** pg-boss's clock looks at the schedules every second and sends every second (30 s and 5 s in a server). */
const FAST_CLOCK = { cronMonitorIntervalSeconds: 1, cronWorkerIntervalSeconds: 1 }

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows
}
const schedules = (db: Db) => rows<{ name: string; cron: string }>(db, sql`select name, cron from pgboss.schedule order by name`)
/** The refresh-successor sweep's runs: its jobs, with their states. */
const sweepRuns = (db: Db) => rows<{ state: string }>(db, sql`select state::text from pgboss.job where name = 'successor-sweep' order by created_on`)
/** The periods the clock sent the sweep for: pg-boss's clock sends a job naming the task and its minute, which becomes the task's job. */
const sentPeriods = (db: Db) =>
  rows<{ minute: string }>(
    db,
    sql`select to_char(singleton_on, 'HH24:MI') as minute from pgboss.job where name = '__pgboss__send-it' and singleton_key = 'successor-sweep' order by singleton_on`,
  )

const databaseNow = async (db: Db) => (await rows<{ now: string }>(db, sql`select now()::text as now`))[0]!.now
/** How many minutes (cron periods) have begun from the minute of `since` to now, both counted. */
const minutesSince = async (db: Db, since: string) =>
  (await rows<{ minutes: number }>(db, sql`select (extract(epoch from date_trunc('minute', now()) - date_trunc('minute', ${since}::timestamptz)) / 60)::int + 1 as minutes`))[0]!
    .minutes

describe('the periodic tasks on the queue', () => {
  const closing: (() => Promise<unknown>)[] = []
  afterEach(async () => {
    while (closing.length > 0) await closing.pop()!()
  })

  it('registers each task’s schedule once, with its period, and pg-boss’s clock sends a run that the task’s worker completes', async () => {
    const t: TestApp = await createTestApp({}, { scheduledTasks: true, queueClock: true, queueTiming: FAST_CLOCK })
    closing.push(() => t.app.close())
    await t.app.ready()
    expect(await schedules(t.database.db)).toEqual([
      { name: 'account-erasure', cron: '0 * * * *' },
      { name: 'mail-outbox-drain', cron: '* * * * *' },
      { name: 'resumable-upload-sweep', cron: '*/15 * * * *' },
      { name: 'storage-sweep', cron: '*/15 * * * *' },
      { name: 'successor-sweep', cron: '* * * * *' },
      { name: 'upload-folder-sweep', cron: '*/15 * * * *' },
    ])
    // Every minute is the refresh-successor sweep's period: its run for this minute comes through the queue.
    await expect.poll(async () => (await sweepRuns(t.database.db)).map((run) => run.state)).toContain('completed')
  }, 60_000)

  it.runIf(inject('databaseKind') === 'postgres')(
    'runs a task once in a period when two server processes share one PostgreSQL',
    async () => {
      const first = await createTestApp({}, { scheduledTasks: ['successor-sweep'], queueClock: true, queueTiming: FAST_CLOCK })
      closing.push(() => first.app.close())
      // The second process: its own connections to the same database, its own pg-boss and clock.
      const url = (first.database.queueConnection as { connectionString: string }).connectionString
      const second: FastifyInstance = await buildApp({
        config: testConfig(),
        database: await openDatabase({ kind: 'postgres', url }),
        logger: false,
        mailer: new MailCapture(),
        scheduledTasks: ['successor-sweep'],
        queueClock: true,
        queueTiming: { pollingIntervalSeconds: 0.5, ...FAST_CLOCK },
      })
      closing.push(() => second.close())
      const startedAt = await databaseNow(first.database.db)
      await Promise.all([first.app.ready(), second.ready()])
      expect(await schedules(first.database.db)).toEqual([{ name: 'successor-sweep', cron: '* * * * *' }])

      // Both clocks look every second; wait for the runs of two periods (the one under way at start,
      // and the next minute's) to complete.
      await expect.poll(async () => (await sweepRuns(first.database.db)).filter((run) => run.state === 'completed').length, { timeout: 100_000 }).toBeGreaterThanOrEqual(2)
      const runs = await sweepRuns(first.database.db)
      const periods = await minutesSince(first.database.db, startedAt)
      // One run per period (minute) at most, though both processes' clocks looked about 60 times each
      // in each: not one per process, nor one per look.
      expect(runs.length).toBeLessThanOrEqual(periods)
      // And each period the clock sent once (its send is a singleton for that minute).
      const minutes = (await sentPeriods(first.database.db)).map((period) => period.minute)
      expect(minutes).toEqual([...new Set(minutes)])
    },
    120_000,
  )
})
