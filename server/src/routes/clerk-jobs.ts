// /api/clerk: the clerk's own jobs. More calls (delete, cost, create) join this file's prefix.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ClerkJobParams, DashboardJob, DashboardNotModified, DashboardQuery, DashboardResponse, DeleteJobsBody, DeleteJobsResponse, TOTAL_COUNT_HEADER } from '@contract/jobs.ts'
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
    const { start, end, limit } = request.query
    if (start > end) throw new HttpError(400, 'The start of the date range must not be after its end')
    const { db } = app.database
    const userId = request.clerk!.userId
    // The stamp is read before the list: see jobsRepository.listStamp.
    const stamp = await jobsRepository.listStamp(db, userId)
    if (stamp === undefined) throw new HttpError(404, NOT_FOUND_DETAIL)
    const encoding = negotiateListEncoding(request.headers)
    // Streamed a page at a time (dashboard-stream.ts); each job through the response schema's own
    // serialiser, so the bytes are what serialising the whole array would give.
    // (The same schema object each time: Fastify keeps the compiled function per route and schema.)
    // Only when a list is built: a 304 or a kept answer needs no serialiser.
    const listOf = (ids: readonly number[]) => {
      const serializeJob = reply.compileSerializationSchema(DashboardJob as unknown as Record<string, unknown>) as (job: DashboardJob) => string
      return dashboardJsonStream({ db, databaseKind: app.database.kind, userId, ids, serializeJob, log: request.log })
    }
    const idsInRange = () => jobsRepository.dashboardIds(db, userId, new Date(start), new Date(end))
    // no-cache: the browser may keep the answer but must ask again each time (the refresh's 304).
    // Vary: the bytes depend on Accept-Encoding, whichever encoding this answer is in.
    reply.header('cache-control', 'private, no-cache').header('vary', 'accept-encoding')

    // With `limit` (the contract's DashboardQuery): how many jobs the range holds, and when that is more
    // than `limit`, only the newest of them, to draw while the whole list comes. Such a first page has
    // no ETag and is never kept: it is not the list an ETag names. A range within the limit is answered
    // as without one: the whole list, with its ETag.
    const ids = limit === undefined ? undefined : await idsInRange()
    if (ids) reply.header(TOTAL_COUNT_HEADER, ids.length)
    if (ids && limit !== undefined && ids.length > limit) {
      reply.type('application/json; charset=utf-8')
      const json = listOf(ids.slice(0, limit))
      // A stream bypasses the 200 schema's serialiser (its bytes are that serialiser's); the type
      // provider only knows the array, hence the casts.
      return encoding ? reply.header('content-encoding', encoding).send(compressListStream(json, encoding) as never) : reply.send(json as never)
    }

    const etag = listEtag({ userId, start, end, stamp })
    reply.header('etag', etag)
    if (ifNoneMatchHits(request.headers['if-none-match'], etag)) return reply.code(304).send(undefined)
    reply.type('application/json; charset=utf-8')
    // The plain answer (3-5 MB for 5,000 jobs, over the entry cap) is never kept: browsers ask for brotli.
    const key = `${etag}|${encoding}`
    const kept = encoding && listAnswers.get(key)
    if (kept) return reply.header('content-encoding', encoding).send(kept as never)
    const json = listOf(ids ?? (await idsInRange()))
    if (!encoding) return reply.send(json as never)
    const compressed = compressListStream(json, encoding, { cap: listAnswers.entryLimit, onComplete: (body) => listAnswers.set(key, body) })
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
