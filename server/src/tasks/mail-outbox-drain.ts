// Sends, every minute (on the work queue's schedule) and at start in each process, the e-mails left in
// the outbox: those whose send right after their commit failed, or whose process stopped before it
// sent them (email/outbox.ts). Safe in several processes at once: a drain claims the rows it sends.
import type { PeriodicTask } from './scheduled-task.ts'

export const MAIL_OUTBOX_TASK: PeriodicTask = {
  name: 'mail-outbox-drain',
  intervalMs: 60_000,
  runWhenReady: true,
  work: (app) => app.outbox.drain(),
  failureMessage: 'draining the e-mail outbox failed; it runs again within the minute',
}
