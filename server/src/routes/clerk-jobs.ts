// /api/clerk: the clerk's own jobs. More calls (delete, cost, create) join this file's prefix.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { DashboardQuery, DashboardResponse } from '@contract/jobs.ts'
import { HttpError } from '../http-error.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'

export const clerkJobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate)

  // The clerk's jobs created between start and end (ms timestamps, both included), newest first.
  app.get('/dashboard', { schema: { querystring: DashboardQuery, response: { 200: DashboardResponse } } }, async (request) => {
    const { start, end } = request.query
    if (start > end) throw new HttpError(400, 'The start of the date range must not be after its end')
    return jobsRepository.dashboard(app.database.db, request.clerk!.userId, new Date(start), new Date(end))
  })
}
