// POST /api/clerk/calculate-cost (portal-spec.md §7): the clerk's audio files, streamed to storage,
// checked and measured, kept under a new folder token, and priced for every offered option.
// GET /api/clerk/calculate-cost/:folderToken: the same answer again for a folder still stored, so a
// draft kept on the device need not upload its audio twice. The rules are in create-job/; this file
// only wires them to the request.
import { availableParallelism } from 'node:os'
import path from 'node:path'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CalculateCostResponse, StoredFolderParams } from '@contract/create-job.ts'
import { createRecordingJoiner } from '../audio/join-recordings.ts'
import { createAudioMeasurer } from '../audio/measure-with-ffmpeg.ts'
import { calculateCost, costOfStoredFolder } from '../create-job/calculate-cost.ts'
import { sweepJoinLeftovers } from '../create-job/join-leftovers.ts'

export const calculateCostRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // One measurer for the process: at most one ffmpeg per core at once, however many uploads arrive
  // together; the others wait their turn (each run is single-threaded and demux only).
  const measure = createAudioMeasurer({ ffmpegPath: app.config.ffmpegPath, concurrent: availableParallelism() })
  // Joins (calculate-cost's `join`) take their own turns, as the measures do.
  const joining = { join: createRecordingJoiner({ ffmpegPath: app.config.ffmpegPath, concurrent: availableParallelism() }), workRoot: path.join(app.config.dataDir, 'joining') }
  // What joins of a killed server left behind goes at start (only folders older than any join can run:
  // other processes may share the data folder). A failure is logged and never stops the start.
  app.addHook('onReady', async () => {
    const removed = await sweepJoinLeftovers(joining.workRoot).catch((error: unknown) => {
      app.log.warn({ err: error }, 'join leftovers sweep failed; it runs again at the next start')
      return 0
    })
    if (removed > 0) app.log.info({ removed }, 'join leftovers swept')
  })
  app.addHook('preHandler', app.authenticate)

  app.post('/calculate-cost', { schema: { response: { 200: CalculateCostResponse } } }, async (request) =>
    calculateCost(request, request.clerk!.userId, { db: app.database.db, storage: app.storage, measure, resumableUploads: app.resumableUploads, joining }),
  )

  app.get('/calculate-cost/:folderToken', { schema: { params: StoredFolderParams, response: { 200: CalculateCostResponse } } }, async (request) =>
    costOfStoredFolder(app.database.db, request.clerk!.userId, request.params.folderToken),
  )
}
