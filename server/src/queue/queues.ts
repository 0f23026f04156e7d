// The work queues and what each carries. A queue's payload type lives here so that `enqueue` and
// `work` are checked at compile time; a queue's retry and expiry rules are set once, where it is
// created (queue.ts creates every queue named here when it starts: pg-boss 10 refuses a job for a
// queue that does not exist, and creating one inside a submit's transaction would deadlock PGlite).
import type PgBoss from 'pg-boss'

export interface QueuePayloads {
  /** An AI job (AI, AI + Proofreading) to transcribe: queued in its charge's transaction (create-job.ts). */
  'transcribe-job': { jobId: number }
  /** A forgot-password request, queued before the answer (auth/password-reset-mail.ts). */
  'password-reset-mail': { email: string }
  // The scheduled tasks (tasks/scheduled-tasks.ts): a run carries nothing.
  'account-erasure': Record<string, never>
  'storage-sweep': Record<string, never>
  'successor-sweep': Record<string, never>
  'upload-folder-sweep': Record<string, never>
  'resumable-upload-sweep': Record<string, never>
  'mail-outbox-drain': Record<string, never>
}

export type QueueName = keyof QueuePayloads

type QueueRules = Omit<PgBoss.Queue, 'name'>

/** How each queue retries and when an active job counts as lost (its process died) and is retried. */
export const QUEUE_RULES: { [Name in QueueName]: QueueRules } = {
  // The engine down or slow: 3 more tries with backoff (2, 4, 8 minutes: about 15 minutes in all).
  // A process killed mid-transcription leaves its job active: after 30 minutes it counts as lost and
  // another process takes it again.
  'transcribe-job': { retryLimit: 3, retryDelay: 120, retryBackoff: true, expireInSeconds: 30 * 60 },
  // A look-up and one transaction: a failure (the database away for a moment) is tried twice more.
  'password-reset-mail': { retryLimit: 2, retryDelay: 30, expireInSeconds: 5 * 60 },
  // A task's run that fails is not retried: the next period runs it again. `stately`: at most one run
  // waiting and one running, so a backlog (a server stopped for a day) is one run, not hundreds.
  'account-erasure': { policy: 'stately', retryLimit: 0, expireInSeconds: 30 * 60 },
  'storage-sweep': { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
  'successor-sweep': { policy: 'stately', retryLimit: 0, expireInSeconds: 60 },
  'upload-folder-sweep': { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
  'resumable-upload-sweep': { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
  'mail-outbox-drain': { policy: 'stately', retryLimit: 0, expireInSeconds: 10 * 60 },
}

export const QUEUE_NAMES = Object.keys(QUEUE_RULES) as QueueName[]
