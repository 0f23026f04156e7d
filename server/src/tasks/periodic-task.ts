// One way to run a server task on a timer in each process: never two runs of the same task at once,
// a failure logged and left to the next run, the timer never keeping the process alive, and a run
// under way finished before the app (and a test's data folder) goes away.
import type { FastifyInstance } from 'fastify'

export interface PeriodicTask {
  intervalMs: number
  /** Run once as soon as the app is ready too (in the background, so start is not delayed). */
  runWhenReady: boolean
  work: () => Promise<unknown>
  /** Logged with the error when a run fails. */
  failureMessage: string
}

export function schedulePeriodicTask(app: FastifyInstance, task: PeriodicTask): void {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= task
      .work()
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, task.failureMessage),
      )
      .finally(() => (running = null))
  }
  if (task.runWhenReady) app.addHook('onReady', async () => run())
  const timer = setInterval(run, task.intervalMs)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
