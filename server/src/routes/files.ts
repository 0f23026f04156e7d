// Downloads: GET /files/{kind}/{path}. A file is served only to the clerk it belongs to; anything
// else, including a path that tries to leave the storage folder, answers 404. Files are streamed.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { templatesRepository } from '../repositories/templates-repository.ts'

/** File kinds by their path number (decisions.md): 11 template. Job files (10, 12, 13) and reports (15) come with their features. */
const OWNED_BY: Record<string, (db: Db, userId: string, key: string) => Promise<boolean>> = {
  '11': async (db, userId, key) => !!(await templatesRepository.byFileKey(db, userId, key)),
}

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name (RFC 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate)

  app.get('/:kind/*', { schema: { params: Type.Object({ kind: Type.String({ maxLength: 4 }), '*': Type.String({ maxLength: 1000 }) }) } }, async (request, reply) => {
    const { kind, '*': key } = request.params
    const owns = OWNED_BY[kind]
    const notFound = new HttpError(404, 'Not found')
    if (!owns || key.split('/').includes('..') || !(await owns(app.database.db, request.clerk!.userId, key))) throw notFound
    const file = await app.storage.open(key)
    if (!file) throw notFound
    const baseName = key.split('/').pop()!
    return reply
      .header('content-type', 'application/octet-stream')
      .header('content-length', file.size)
      .header('content-disposition', attachmentHeader(baseName))
      .header('cache-control', 'private, no-store')
      .send(file.stream)
  })
}
