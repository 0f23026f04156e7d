// The operator command line's calls (/api/ops/*): staff work on jobs and accounts happens outside the
// portal (decisions.md, Jobs). Every call carries the operator token as a Bearer header.
import { Type, type Static } from 'typebox'
import { JobStatusName } from './jobs.ts'
import { Count, Text } from './input-rules.ts'

export const OpsJob = Type.Object({
  jobId: Type.Integer(),
  clerkEmail: Type.String(),
  propertyAddress: Type.String(),
  status: JobStatusName,
  jobType: Type.String(),
  createdAt: Type.String(),
  slaDeadline: Type.String(),
  transcripts: Type.Integer(),
  /** Notes for staff alone (an AI draft waiting for proofreading, an engine's failure); never shown to the clerk. */
  staffOnlyNotes: Type.Array(Type.String()),
})
export type OpsJob = Static<typeof OpsJob>

export const OpsJobsQuery = Type.Object({
  clerk: Type.Optional(Text({ maxLength: 254 })),
  status: Type.Optional(JobStatusName),
  limit: Type.Optional(Count({ minimum: 1, maximum: 1000 })),
  /** Only jobs past their deadline and not finished (Submitted, Scheduled, In Progress), most overdue first. */
  late: Type.Optional(Type.Boolean()),
})
export type OpsJobsQuery = Static<typeof OpsJobsQuery>

export const OpsMoveBody = Type.Object({
  status: JobStatusName,
  /** Why the job failed, in words its clerk reads: required for Failed, refused with another status. */
  reason: Type.Optional(Text({ maxLength: 4000 })),
  /** Give a Failed job's charge back, once (also for a job already Failed). */
  refund: Type.Optional(Type.Boolean()),
})
export type OpsMoveBody = Static<typeof OpsMoveBody>
export const OpsNoteBody = Type.Object({ note: Text({ maxLength: 4000 }) })

export const OpsCreditsBody = Type.Object({
  email: Text({ minLength: 3, maxLength: 254 }),
  /**
   * Credits as decimal text, two decimals at most: "25", "1.10", "-0.07" (positive adds, negative
   * removes). Text, not a JSON number, so that it is read into exact cents (contract/money.ts); a JSON
   * number is still accepted and read as the decimal it is written as.
   */
  amount: Text({ minLength: 1, maxLength: 24 }),
  reason: Text({ minLength: 1, maxLength: 500 }),
})
export type OpsCreditsBody = Static<typeof OpsCreditsBody>

/** The largest adjustment either way, in cents: 100,000 credits. */
export const OPS_CREDITS_MAX_CENTS = 100_000_00

export const OpsAccountBody = Type.Object({ email: Text({ minLength: 3, maxLength: 254 }) })
export type OpsAccountBody = Static<typeof OpsAccountBody>

/** The most demo jobs one call makes: a busy clerk's four years (server/src/jobs/demo-jobs.ts). */
export const DEMO_JOBS_MAX = 5000

export const OpsDemoJobsBody = Type.Object({
  email: Text({ minLength: 3, maxLength: 254 }),
  count: Type.Optional(Count({ minimum: 1, maximum: DEMO_JOBS_MAX })),
})
export type OpsDemoJobsBody = Static<typeof OpsDemoJobsBody>

export const OpsMessage = Type.Object({ message: Type.String() })
export type OpsMessage = Static<typeof OpsMessage>

/** The demo jobs' answer: the message names at most 12 ids; every id is in `job_ids`, in the order made. */
export const OpsDemoJobsAnswer = Type.Object({ message: Type.String(), job_ids: Type.Array(Type.Integer()) })
export type OpsDemoJobsAnswer = Static<typeof OpsDemoJobsAnswer>

/** A piece of work in the queue (`npm run ops -- queue`): what waits, runs, waits to be retried, or failed. */
export const OpsQueueState = Type.Union([Type.Literal('waiting'), Type.Literal('running'), Type.Literal('retrying'), Type.Literal('failed')])
export type OpsQueueState = Static<typeof OpsQueueState>

export const OpsQueueEntry = Type.Object({
  queue: Type.String(),
  id: Type.String(),
  state: OpsQueueState,
  /** When it entered its state: queued (waiting, retrying), started (running), failed (failed). */
  since: Type.String(),
  /** Seconds since `since`, by the database's clock. */
  ageSeconds: Type.Integer(),
  /** Tries begun so far (the one under way included), and the most its queue allows. */
  tries: Type.Integer(),
  maxTries: Type.Integer(),
  /** What the work is about: `{ jobId }` for a transcription, `{}` for a scheduled task. */
  payload: Type.Record(Type.String(), Type.Unknown()),
  /** A failed or retrying piece's last error, for staff only. */
  error: Type.Optional(Type.String()),
})
export type OpsQueueEntry = Static<typeof OpsQueueEntry>
