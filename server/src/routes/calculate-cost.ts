// POST /api/clerk/calculate-cost (portal-spec.md §7): the clerk's audio files, streamed to storage,
// checked and measured, kept under a new folder token, and priced for every offered option. The rules
// are in create-job/; this file only wires them to the request.
import { availableParallelism } from 'node:os'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CalculateCostResponse } from '@contract/create-job.ts'
import { createAudioMeasurer } from '../audio/measure-with-ffmpeg.ts'
import { calculateCost } from '../create-job/calculate-cost.ts'

export const calculateCostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // One measurer for the process: at most one ffmpeg per core at once, however many uploads arrive
  // together; the others wait their turn (each run is single-threaded and demux only).
  const measure = createAudioMeasurer({ ffmpegPath: app.config.ffmpegPath, concurrent: availableParallelism() })
  app.addHook('preHandler', app.authenticate)

  app.post('/calculate-cost', { schema: { response: { 200: CalculateCostResponse } } }, async (request) =>
    calculateCost(request, request.clerk!.userId, { db: app.database.db, storage: app.storage, measure }),
  )
}
