// Operator calls (/api/ops/*), used by `npm run ops`: list jobs (all, or the late ones), list the work
// queue's waiting, running, retrying and failed work, move a job along its life cycle, add a
// staff note, attach a transcript, adjust credits, deactivate or reactivate an account, create demo
// jobs. They need the operator token, never a clerk's. Every change to a job notifies its clerk.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { RowId } from '@contract/input-rules.ts'
import { formatCents } from '@contract/money.ts'
import { OpsAccountBody, OpsCreditsBody, OpsDemoJobsAnswer, OpsDemoJobsBody, OpsJob, OpsJobsQuery, OpsMessage, OpsMoveBody, OpsNoteBody, OpsQueueEntry } from '@contract/ops.ts'
import { HttpError } from '../http-error.ts'
import { createDemoJobs } from '../jobs/demo-jobs.ts'
import { addStaffNote, attachTranscript, moveJob } from '../jobs/job-operations.ts'
import { UNFINISHED_STATUSES } from '../jobs/life-cycle.ts'
import { adjustByOperator } from '../money/adjust-by-operator.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'
import { queueWorkRepository } from '../repositories/queue-work-repository.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { sessionsRepository } from '../repositories/sessions-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import { withSingleFile } from '../uploads/multipart-form.ts'
import { receiveUpload } from '../uploads/receive-upload.ts'
import { requireOpsToken } from '../plugins/operator-token.ts'

export const TRANSCRIPT_MAX_BYTES = 50 * 1024 * 1024

export const OPS_ROUTE_MESSAGES = {
  noClerk: (email: string) => `No clerk account has the e-mail ${email}.`,
  moved: (jobId: number, from: string, to: string) => `Job #${jobId} moved from ${from} to ${to}.`,
  refunded: (jobId: number, cents: number) => `Job #${jobId}'s charge of ${formatCents(cents)} credits was refunded.`,
  noteAdded: (jobId: number) => `Staff note added to job #${jobId}.`,
  transcriptRequired: 'Send the transcript as the multipart field "file".',
  transcriptType: (allowed: string[]) => `A transcript must be one of: ${allowed.join(', ')}.`,
  transcriptContent: 'The file’s content does not match its type.',
  transcriptTooLarge: 'A transcript can be at most 50 MB.',
  transcriptAttached: (jobId: number, fileKey: string) => `Transcript attached to job #${jobId}: ${fileKey}`,
  adjusted: (email: string, balanceCents: number) => `Credits adjusted. ${email} now has ${formatCents(balanceCents)} credits.`,
  deactivated: (email: string) => `${email} is deactivated; their sessions have ended.`,
  reactivated: (email: string) => `${email} can sign in again.`,
  notActive: (email: string) => `${email} is not an active account.`,
  notDeactivated: (email: string) => `${email} is not a deactivated account.`,
  demoCreated: (count: number, email: string, ids: number[]) =>
    `${count === 1 ? '1 demo job was' : `${count} demo jobs were`} added for ${email}: ${demoIdsText(ids)}.`,
} as const

const M = OPS_ROUTE_MESSAGES

/** Ids named one by one in the operator's answer; a larger batch (up to 5,000) is summed up, not listed whole. */
const DEMO_IDS_LISTED = 12

/** "#13, #14" for a few jobs; "#13, … #24 and 4988 more, up to #5012" for many. */
function demoIdsText(ids: number[]): string {
  const named = ids.slice(0, DEMO_IDS_LISTED).map((id) => `#${id}`).join(', ')
  const more = ids.length - DEMO_IDS_LISTED
  return more > 0 ? `${named} and ${more} more, up to #${ids.at(-1)}` : named
}
const JobParams = Type.Object({ jobId: RowId() })

export const opsRoutes: FastifyPluginAsyncTypebox<{ token: string }> = async (app, { token }) => {
  const { db } = app.database
  app.addHook('preHandler', requireOpsToken(token))

  const clerkByEmail = async (email: string) => {
    const user = await usersRepository.findByEmail(db, email)
    if (!user || user.status === 'deleted') throw new HttpError(404, M.noClerk(email))
    return user
  }

  app.get('/jobs', { schema: { querystring: OpsJobsQuery, response: { 200: Type.Array(OpsJob) } } }, async (request) => {
    const { clerk, status, late, limit = 100 } = request.query
    return jobsRepository.listForOps(db, { clerkEmail: clerk, status, limit, ...(late ? { late: { at: new Date(), statuses: UNFINISHED_STATUSES } } : {}) })
  })

  app.get('/queue', { schema: { response: { 200: Type.Array(OpsQueueEntry) } } }, async () => queueWorkRepository.listForOps(db))

  app.post('/jobs/:jobId/status', { schema: { params: JobParams, body: OpsMoveBody, response: { 200: OpsMessage } } }, async (request) => {
    const { jobId } = request.params
    const { status, reason, refund } = request.body
    const { from, to, refundedCents } = await moveJob(db, jobId, status, { reason, refund, publicUrl: app.config.publicUrl })
    // A move to Completed wrote the clerk's e-mail to the outbox: sent now, or by the next drain.
    if (to === 'Completed') await app.outbox.drain()
    const refundedText = refundedCents === null ? '' : M.refunded(jobId, refundedCents)
    // A refund of a job already Failed moves nothing: the answer says only what was done.
    if (from === to) return { message: refundedText }
    return { message: [M.moved(jobId, from, to), refundedText].filter(Boolean).join(' ') }
  })

  app.post('/jobs/:jobId/notes', { schema: { params: JobParams, body: OpsNoteBody, response: { 200: OpsMessage } } }, async (request) => {
    await addStaffNote(db, request.params.jobId, request.body.note)
    return { message: M.noteAdded(request.params.jobId) }
  })

  app.post('/jobs/:jobId/transcripts', { schema: { params: JobParams, response: { 200: OpsMessage } } }, async (request) => {
    const { jobId } = request.params
    const { fileKey } = await withSingleFile(request, { field: 'file', maxBytes: TRANSCRIPT_MAX_BYTES, requiredText: M.transcriptRequired }, async (part) => {
      // Transcripts are reports: the same documents a template may be.
      const allowed = (await lookupsRepository.allowedFileTypes(db)).template
      const texts = { wrongType: M.transcriptType(allowed), wrongContent: M.transcriptContent, tooLarge: M.transcriptTooLarge }
      return attachTranscript(db, jobId, (folder) => receiveUpload(app.storage, part, { folder, allowed, maxBytes: TRANSCRIPT_MAX_BYTES, fallbackName: 'transcript', texts }))
    })
    return { message: M.transcriptAttached(jobId, fileKey) }
  })

  app.post('/credits', { schema: { body: OpsCreditsBody, response: { 200: OpsMessage } } }, async (request) => {
    const { email, amount, reason } = request.body
    const { clerk, balanceCents } = await adjustByOperator(db, { amount, reason }, () => clerkByEmail(email))
    return { message: M.adjusted(clerk.email, balanceCents) }
  })

  app.post('/accounts/deactivate', { schema: { body: OpsAccountBody, response: { 200: OpsMessage } } }, async (request) => {
    const clerk = await clerkByEmail(request.body.email)
    const changed = await db.transaction(async (tx) => {
      const done = await usersRepository.setActive(tx, clerk.id, false)
      if (done) await sessionsRepository.revokeAllForUser(tx, clerk.id, 'deactivated by an operator')
      return done
    })
    if (!changed) throw new HttpError(409, M.notActive(clerk.email))
    return { message: M.deactivated(clerk.email) }
  })

  app.post('/accounts/reactivate', { schema: { body: OpsAccountBody, response: { 200: OpsMessage } } }, async (request) => {
    const clerk = await clerkByEmail(request.body.email)
    if (!(await usersRepository.setActive(db, clerk.id, true))) throw new HttpError(409, M.notDeactivated(clerk.email))
    return { message: M.reactivated(clerk.email) }
  })

  app.post('/demo-jobs', { schema: { body: OpsDemoJobsBody, response: { 200: OpsDemoJobsAnswer } } }, async (request) => {
    const clerk = await clerkByEmail(request.body.email)
    const count = request.body.count ?? 12
    const { jobIds } = await createDemoJobs(db, app.storage, clerk.id, count)
    return { message: M.demoCreated(count, clerk.email, jobIds), job_ids: jobIds }
  })
}
