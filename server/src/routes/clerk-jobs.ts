// /api/clerk: the clerk's own jobs. More calls (delete, cost, create) join this file's prefix.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ClerkJobParams, DashboardJob, DashboardNotModified, DashboardQuery, DashboardResponse, DeleteJobsBody, DeleteJobsResponse } from '@contract/jobs.ts'
import { HttpError } from '../http-error.ts'
import { NOT_FOUND_DETAIL } from '../plugins/error-handler.ts'
import { deleteClerkJobs } from '../jobs/job-operations.ts'
import { dashboardJsonStream } from '../jobs/dashboard-stream.ts'
import { ListAnswerCache } from '../jobs/list-answer-cache.ts'
import { compressListStream, negotiateListEncoding } from '../jobs/list-encoding.ts'
import { ifNoneMatchHits, listEtag } from '../jobs/list-etag.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'

export const clerkJobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate)
  // This app's full lists, compressed, by ETag and encoding (list-answer-cache.ts).
  const listAnswers = new ListAnswerCache(app.config.listCache)

  // The clerk's jobs created between start and end (ms timestamps, both included), newest first. With
  // an If-None-Match that names the list's current ETag, 304 without building the list (list-etag.ts).
  // Compressed here, not by @fastify/compress, so that the compressed answer can be kept (list-encoding.ts).
  const schema = { querystring: DashboardQuery, response: { 200: DashboardResponse, 304: DashboardNotModified } }
  app.get('/dashboard', { schema, compress: false }, async (request, reply) => {
    const { start, end } = request.query
    if (start > end) throw new HttpError(400, 'The start of the date range must not be after its end')
    const { db } = app.database
    const userId = request.clerk!.userId
    // The stamp is read before the list: see jobsRepository.listStamp.
    const stamp = await jobsRepository.listStamp(db, userId)
    if (stamp === undefined) throw new HttpError(404, NOT_FOUND_DETAIL)
    const etag = listEtag({ userId, start, end, stamp })
    // no-cache: the browser may keep the answer but must ask again each time (the refresh's 304).
    // Vary: the bytes depend on Accept-Encoding, whichever encoding this answer is in.
    reply.header('etag', etag).header('cache-control', 'private, no-cache').header('vary', 'accept-encoding')
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined)
    reply.type('application/json; charset=utf-8')
    const encoding = negotiateListEncoding(request.headers)
    // The plain answer (3-5 MB for 5,000 jobs, over the entry cap) is never kept: browsers ask for brotli.
    const key = `${etag}|${encoding}`
    const kept = encoding && listAnswers.get(key)
    if (kept) return reply.header('content-encoding', encoding).send(kept as never)
    // Streamed a page at a time (dashboard-stream.ts); each job through the response schema's own
    // serialiser, so the bytes are what serialising the whole array would give.
    // (The same schema object each time: Fastify keeps the compiled function per route and schema.)
    const serializeJob = reply.compileSerializationSchema(DashboardJob as unknown as Record<string, unknown>) as (job: DashboardJob) => string
    const json = dashboardJsonStream({ db, databaseKind: app.database.kind, userId, start: new Date(start), end: new Date(end), serializeJob, log: request.log })
    // A stream (or kept bytes) bypasses the 200 schema's serialiser (its bytes are that serialiser's);
    // the type provider only knows the array, hence the casts.
    if (!encoding) return reply.send(json as never)
    const compressed = compressListStream(json, encoding, listAnswers.entryLimit, (body) => listAnswers.set(key, body))
    return reply.header('content-encoding', encoding).send(compressed as never)
  })

  // One of the clerk's own jobs whatever its date: a job's notification opens it even when the list's
  // range leaves it out. Another clerk's job answers as an unknown one, so ids tell nothing.
  app.get('/jobs/:jobId', { schema: { params: ClerkJobParams, response: { 200: DashboardJob } } }, async (request) => {
    const job = await jobsRepository.ownedDashboardJob(app.database.db, request.clerk!.userId, request.params.jobId)
    if (!job) throw new HttpError(404, NOT_FOUND_DETAIL)
    return job
  })

  // Both readings of the spec (DELETE and POST) do the same: all of the listed jobs go, or none.
  for (const method of ['DELETE', 'POST'] as const) {
    app.route({
      method,
      url: '/delete-jobs',
      schema: { body: DeleteJobsBody, response: { 200: DeleteJobsResponse } },
      handler: async (request) => ({ message: await deleteClerkJobs(app.database.db, app.storage, request.clerk!.userId, request.body.job_ids) }),
    })
  }
}
