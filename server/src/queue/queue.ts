// The work queue: pg-boss 10 on the product's own database (its tables in the `pgboss` schema), so a
// job is queued in the same transaction as the rows it is about (create-job: the job and its charge),
// and work and schedules are shared by every server process on one PostgreSQL. On the embedded PGlite
// it runs over the app's one connection. Other modules use only this seam: `enqueue` a typed payload,
// `work(name, handler)` to handle a queue in this process, `schedule(name, cron)` for periodic work.
import PgBoss from 'pg-boss'
import type { FastifyBaseLogger } from 'fastify'
import type { Database, Db } from '../db/database.ts'
import { oneProcessAtATime, QUEUE_SCHEMA, transactionExecutor } from '../db/queue-schema.ts'
import { QUEUE_NAMES, QUEUE_RULES, type QueueName, type QueuePayloads } from './queues.ts'

export interface QueuedJob<Name extends QueueName> {
  id: string
  name: Name
  data: QueuePayloads[Name]
  /** This is the queue's last try (QUEUE_RULES' retryLimit reached): a failure now is final. */
  lastTry: boolean
}

export type QueueHandler<Name extends QueueName> = (payload: QueuePayloads[Name], job: QueuedJob<Name>) => Promise<unknown>

export interface WorkQueue {
  /**
   * Queues one job and answers its id. With `tx` it is written in that transaction: it exists only if
   * the transaction commits. Outside a transaction it is written at once.
   */
  enqueue<Name extends QueueName>(name: Name, payload: QueuePayloads[Name], options?: { tx?: Db }): Promise<string>
  /** Handles the queue's jobs in this process, `concurrency` at once; a handler that throws fails its job (retried as QUEUE_RULES say). */
  work<Name extends QueueName>(name: Name, handler: QueueHandler<Name>, options?: { concurrency?: number }): Promise<void>
  /** One job on the queue per cron period (UTC), however many processes share the database (pg-boss's clock). */
  schedule(name: QueueName, cron: string): Promise<void>
  /** The pg-boss instance, for what this seam does not cover (ops listing, tests). */
  boss: PgBoss
  /** Stops taking jobs and waits up to `timeoutMs` for the handlers under way; the database stays open. */
  stop(timeoutMs?: number): Promise<void>
}

export interface WorkQueueSettings {
  /**
   * Runs pg-boss's clock (turns schedules into jobs) and its maintenance (retries jobs of a process that
   * died, archives old ones) in this process: on in a server, off in tests that need only `enqueue`.
   */
  clock: boolean
  /** Tests shorten pg-boss's waits: a worker's poll (2 s), the clock's look at the schedules (30 s), its sending (5 s), its maintenance (which retries a dead process's jobs). */
  timing?: QueueTiming
}

export type QueueTiming = Pick<PgBoss.ConstructorOptions, 'pollingIntervalSeconds' | 'cronMonitorIntervalSeconds' | 'cronWorkerIntervalSeconds' | 'maintenanceIntervalSeconds'>

/** The options every pg-boss of this product starts with: the connection, the schema and the settings. */
export function bossOptions(database: Pick<Database, 'queueConnection'>, settings: WorkQueueSettings): PgBoss.ConstructorOptions {
  return {
    ...database.queueConnection,
    // A small pool beside the app's (10): fetches and completions are short queries.
    ...('connectionString' in database.queueConnection ? { max: 4, application_name: 'inspectscribe-queue' } : {}),
    schema: QUEUE_SCHEMA,
    migrate: true,
    supervise: settings.clock,
    schedule: settings.clock,
    ...settings.timing,
  }
}

/** Starts pg-boss (creating or migrating its schema when needed) and creates every queue of queues.ts. */
export async function startWorkQueue(database: Database, log: Pick<FastifyBaseLogger, 'error'>, settings: WorkQueueSettings): Promise<WorkQueue> {
  const boss = new PgBoss(bossOptions(database, settings))
  let stopping = false
  // An error event with no listener would end the process; a fetch that meets the closing database is expected.
  boss.on('error', (error) => {
    if (!stopping) log.error({ err: error }, 'work queue error')
  })
  await boss.start()
  await oneProcessAtATime(database, async () => {
    for (const name of QUEUE_NAMES) await boss.createQueue(name, { name, ...QUEUE_RULES[name] })
  })

  return {
    boss,
    enqueue: async (name, payload, { tx } = {}) => {
      const id = await boss.send(name, payload, tx ? { db: transactionExecutor(tx) } : {})
      // Null only for a singleton or stately queue that already holds the job: never for a plain queue.
      if (id === null) throw new Error(`the ${name} queue did not take the job`)
      return id
    },
    work: async (name, handler, { concurrency = 1 } = {}) => {
      // pg-boss 10 has no per-worker concurrency: each worker fetches and runs one job at a time.
      for (let worker = 0; worker < concurrency; worker += 1) {
        await boss.work<QueuePayloads[typeof name]>(name, { batchSize: 1, includeMetadata: true }, async ([job]) => {
          if (job) await handler(job.data, { id: job.id, name, data: job.data, lastTry: job.retryCount >= job.retryLimit })
        })
      }
    },
    schedule: async (name, cron) => {
      await boss.schedule(name, cron, {}, { tz: 'UTC' })
    },
    stop: async (timeoutMs = 10_000) => {
      stopping = true
      await boss.stop({ graceful: true, wait: true, timeout: timeoutMs })
    },
  }
}
