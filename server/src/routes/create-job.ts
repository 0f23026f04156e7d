// POST /clerk/create-job (portal-spec.md §3 "Job creation form data", §7): reads the multipart form,
// receiving its documents as they stream; every rule, the price and the one transaction of job, charge
// and files are create-job/create-job.ts's.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CreateJobResponse } from '@contract/create-job.ts'
import { createJob } from '../create-job/create-job.ts'
import { clientRequestIdOf, readJobForm } from '../create-job/job-form.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'

export const createJobRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database
  app.addHook('preHandler', app.authenticate)

  app.post('/create-job', { schema: { response: { 200: CreateJobResponse } } }, async (request) => {
    const userId = request.clerk!.userId
    // Checked before any file is received: a bad key is refused at once.
    const clientRequestId = clientRequestIdOf(request)
    const allowed = await lookupsRepository.allowedFileTypes(db)
    const form = await readJobForm(request, app.storage, userId, allowed)
    return createJob({ db, storage: app.storage, queue: app.queue }, allowed, { userId, form, clientRequestId })
  })
}
