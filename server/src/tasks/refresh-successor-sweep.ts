// Drops, every minute and at start, the sealed successors of refresh tokens exchanged more than the
// grace window ago (auth/sessions.ts): once the window has passed nobody can be answered with them,
// and a session left idle would otherwise keep one beside its old token for 14 days. A token's own
// next exchange drops the older ones at once; this covers the last. Safe in several processes.
import type { FastifyInstance } from 'fastify'
import { forgetSuccessorsPastGrace } from '../auth/sessions.ts'

export const SUCCESSOR_SWEEP_INTERVAL_MS = 60_000

export function scheduleSuccessorSweep(app: FastifyInstance, intervalMs = SUCCESSOR_SWEEP_INTERVAL_MS): void {
  let running: Promise<void> | null = null
  const run = () => {
    running ??= forgetSuccessorsPastGrace(app.database.db)
      .then(
        () => undefined,
        (error: unknown) => app.log.error({ err: error }, 'dropping expired refresh successors failed; it runs again within the minute'),
      )
      .finally(() => (running = null))
  }
  app.addHook('onReady', async () => run())
  const timer = setInterval(run, intervalMs)
  timer.unref()
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
