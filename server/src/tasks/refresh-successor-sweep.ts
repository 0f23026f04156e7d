// Drops, every minute (on the work queue's schedule) and at start in each process, the sealed successors of refresh tokens exchanged more than the
// grace window ago (auth/sessions.ts): once the window has passed nobody can be answered with them,
// and a session left idle would otherwise keep one beside its old token for 14 days. A token's own
// next exchange drops the older ones at once; this covers the last. Safe in several processes at once
// (a delete of rows past a time), so the run at start stays per process.
import { forgetSuccessorsPastGrace } from '../auth/sessions.ts'
import type { PeriodicTask } from './scheduled-task.ts'

export const SUCCESSOR_SWEEP_INTERVAL_MS = 60_000

export const SUCCESSOR_SWEEP_TASK: PeriodicTask = {
  name: 'successor-sweep',
  intervalMs: SUCCESSOR_SWEEP_INTERVAL_MS,
  runWhenReady: true,
  work: (app) => forgetSuccessorsPastGrace(app.database.db),
  failureMessage: 'dropping expired refresh successors failed; it runs again within the minute',
}
