// Drops, every minute and at start, the sealed successors of refresh tokens exchanged more than the
// grace window ago (auth/sessions.ts): once the window has passed nobody can be answered with them,
// and a session left idle would otherwise keep one beside its old token for 14 days. A token's own
// next exchange drops the older ones at once; this covers the last. Safe in several processes.
import type { FastifyInstance } from 'fastify'
import { forgetSuccessorsPastGrace } from '../auth/sessions.ts'
import { schedulePeriodicTask } from './periodic-task.ts'

export const SUCCESSOR_SWEEP_INTERVAL_MS = 60_000

export function scheduleSuccessorSweep(app: FastifyInstance, intervalMs = SUCCESSOR_SWEEP_INTERVAL_MS): void {
  schedulePeriodicTask(app, {
    intervalMs,
    runWhenReady: true,
    work: () => forgetSuccessorsPastGrace(app.database.db),
    failureMessage: 'dropping expired refresh successors failed; it runs again within the minute',
  })
}
