// How a server task runs every period: on the work queue's schedule (queue.ts), so that with several
// processes on one PostgreSQL each period's run happens in one of them, not in each. pg-boss turns a
// schedule into one job per cron minute across processes (its clock claims the minute in its version
// row, and the job is a singleton for that minute), and the task's queue is `stately` (queues.ts): one
// run waiting and one running at most. A failure is logged and the job fails (listed by `ops queue`);
// the next period runs the task again. Some tasks also run once at start in each process, where that
// is safe (each says why).
import type { FastifyInstance } from 'fastify'
import type { QueueName } from '../queue/queues.ts'

/** The periodic tasks; a test names only the ones it needs. */
export type ScheduledTaskName = Extract<QueueName, 'account-erasure' | 'storage-sweep' | 'successor-sweep' | 'upload-folder-sweep' | 'resumable-upload-sweep' | 'mail-outbox-drain'>

export interface PeriodicTask {
  name: ScheduledTaskName
  /** A whole number of minutes dividing an hour, or a whole number of hours dividing a day: a cron period. */
  intervalMs: number
  /** Run once in this process as soon as the app is ready too (in the background, so start is not delayed). */
  runWhenReady: boolean
  work: (app: FastifyInstance) => Promise<unknown>
  /** Logged with the error when a run fails. */
  failureMessage: string
}

const MINUTE_MS = 60_000

/** The cron expression (UTC) that fires every `intervalMs`: "* * * * *", "*\/15 * * * *", "0 * * * *", "0 *\/6 * * *". */
export function cronEvery(intervalMs: number): string {
  const minutes = intervalMs / MINUTE_MS
  if (Number.isInteger(minutes) && minutes >= 1 && minutes < 60 && 60 % minutes === 0) return minutes === 1 ? '* * * * *' : `*/${minutes} * * * *`
  const hours = minutes / 60
  if (Number.isInteger(hours) && hours >= 1 && hours <= 24 && 24 % hours === 0) return hours === 1 ? '0 * * * *' : `0 */${hours} * * *`
  throw new RangeError(`no cron period of ${intervalMs} ms`)
}

/**
 * When the app is ready: registers the task's schedule (one row shared by all processes: registering it
 * again changes nothing), handles its runs in this process, and begins the run at start if the task has
 * one. The app waits for a run at start when it closes; the queue waits for a scheduled run.
 */
export function startScheduledTask(app: FastifyInstance, task: PeriodicTask): void {
  const run = async () => {
    try {
      await task.work(app)
    } catch (error) {
      app.log.error({ err: error }, task.failureMessage)
      throw error
    }
  }
  let atStart: Promise<unknown> | null = null
  app.addHook('onReady', async () => {
    await app.queue.schedule(task.name, cronEvery(task.intervalMs))
    await app.queue.work(task.name, run)
    if (task.runWhenReady) atStart = run().catch(() => undefined)
  })
  app.addHook('onClose', async () => void (await atStart))
}
