// /api/uploads: the tus 1.0.0 endpoint of resumable audio uploads (README, API notes: uploads that
// resume). Fastify authenticates each request as every protected route does (Bearer token, else 403
// session_ended), answers 404 for an upload that is not the clerk's own, and then hands the raw request
// to tus, which reads the body itself: no parser here may consume it.
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify'
import { HttpError } from '../http-error.ts'
import { SERVER_ERROR_DETAIL } from '../plugins/error-handler.ts'
import { resumableUploadsRepository } from '../repositories/resumable-uploads-repository.ts'
import { RESUMABLE_UPLOAD_MESSAGES as M } from '../resumable-uploads/resumable-upload-messages.ts'

/** The one tus protocol version the server speaks. */
const TUS_VERSION = '1.0.0'
const UPLOAD_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** Whether the request carries bytes: a chunked body, or a Content-Length above 0. */
const hasBody = (request: FastifyRequest) =>
  request.headers['transfer-encoding'] !== undefined || (request.headers['content-length'] !== undefined && request.headers['content-length'] !== '0')

export const uploadRoutes: FastifyPluginAsync = async (app) => {
  const { resumableUploads } = app
  // Every body stays unread for tus (PATCH's application/offset+octet-stream, and whatever else comes).
  app.removeAllContentTypeParsers()
  app.addContentTypeParser('*', (_request, _payload, done) => done(null))
  app.addHook('preHandler', app.authenticate)

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    // tus answers a request without its protocol version in plain text (412); this API's refusals are
    // all {detail, code}, so that one is answered here, with the version tus would name.
    if (request.headers['tus-resumable'] !== TUS_VERSION) {
      reply.header('tus-version', TUS_VERSION)
      throw new HttpError(412, M.tusVersionRequired, 'invalid_input')
    }
    resumableUploads.setClerk(request.raw, request.clerk!.userId)
    reply.hijack()
    try {
      // A PATCH that stalls is cut as a stalled multipart upload is (plugins/request-limits.ts): tus
      // keeps the bytes that arrived and the upload's lock is free again for the client's resume.
      await resumableUploads.tus.handle(request.raw, reply.raw)
    } catch (error) {
      // tus answers its own failures; this is one it did not (the reply is ours no longer: Fastify's
      // error handler cannot answer it).
      request.log.error({ err: error }, 'resumable upload request failed')
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: SERVER_ERROR_DETAIL, code: 'server_error' }))
      else reply.raw.destroy()
    }
  }

  // Creation (tus `creation`): the hooks check the file's name, type and size and record the owner.
  // Bytes with it (tus `creation-with-upload`) are not offered: tus would take them, but refuse too many
  // only after the hook had recorded the upload, leaving one whose address the client never got.
  app.post('/', async (request, reply) => {
    if (hasBody(request)) throw new HttpError(400, M.bytesAtCreation, 'invalid_input')
    await handOver(request, reply)
  })

  // HEAD (offset), PATCH (bytes), DELETE (termination) of one upload: the clerk's own, else 404.
  app.route<{ Params: { id: string } }>({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/:id',
    exposeHeadRoute: false,
    handler: async (request, reply) => {
      // Ids are the UUIDs tus was told to make (tus-server.ts): anything else names no upload, and
      // never reaches the database (a NUL byte is not even text there).
      if (!UPLOAD_ID.test(request.params.id)) throw new HttpError(404, M.notFound, 'not_found')
      const owned = await resumableUploadsRepository.findOwned(app.database.db, request.clerk!.userId, request.params.id)
      // A used upload's staged file is gone: it reads as no longer on the server.
      if (!owned || owned.usedAt) throw new HttpError(404, M.notFound, 'not_found')
      await handOver(request, reply)
    },
  })
}
