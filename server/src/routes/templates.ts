// The clerk's one reusable report template: list, upload (received by the uploads module: streamed to
// storage, extension and content checked, size limited; created with its row by templates/create-template)
// and delete. Another clerk's template answers 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { MessageResponse } from '@contract/auth.ts'
import { RowId } from '@contract/input-rules.ts'
import { TEMPLATE_MAX_BYTES, TemplateList } from '@contract/templates.ts'
import { HttpError } from '../http-error.ts'
import { NOT_FOUND_DETAIL } from '../plugins/error-handler.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { templatesRepository, type ClerkTemplate } from '../repositories/templates-repository.ts'
import { createTemplate, refuseSecondTemplate } from '../templates/create-template.ts'
import { TEMPLATE_MESSAGES } from '../templates/template-messages.ts'
import { requireMultipart, readUploadForm } from '../uploads/multipart-form.ts'
import { receiveUpload } from '../uploads/receive-upload.ts'

const toTemplate = (row: ClerkTemplate) => ({ id: row.id, template_name: row.templateName, template_file: row.fileKey })

export const templateRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database
  const { storage } = app
  app.addHook('preHandler', app.authenticate)

  app.get('/', { schema: { response: { 200: TemplateList } } }, async (request) => {
    const row = await templatesRepository.forClerk(db, request.clerk!.userId)
    return row ? [toTemplate(row)] : []
  })

  app.post('/create/', { schema: { response: { 200: MessageResponse } } }, async (request) => {
    const userId = request.clerk!.userId
    requireMultipart(request, TEMPLATE_MESSAGES.fileRequired)
    await refuseSecondTemplate(db, userId)
    const allowed = (await lookupsRepository.allowedFileTypes(db)).template
    const form = await readUploadForm(request, { fileField: 'template_file', limits: { fileSize: TEMPLATE_MAX_BYTES }, requiredText: TEMPLATE_MESSAGES.fileRequired }, (part) =>
      receiveUpload(storage, part, {
        folder: `clerks/${userId}/templates`,
        allowed,
        maxBytes: TEMPLATE_MAX_BYTES,
        fallbackName: 'template',
        texts: { wrongType: TEMPLATE_MESSAGES.wrongType(allowed), wrongContent: TEMPLATE_MESSAGES.wrongContent, tooLarge: TEMPLATE_MESSAGES.tooLarge },
      }),
    )
    await createTemplate(db, { userId, name: form.fields.get('template_name'), file: form.file })
    return { message: TEMPLATE_MESSAGES.uploaded, success: true }
  })

  app.delete('/:id', { schema: { params: Type.Object({ id: RowId() }), response: { 200: MessageResponse } } }, async (request) => {
    const userId = request.clerk!.userId
    const id = Number(request.params.id)
    if (!Number.isSafeInteger(id)) throw new HttpError(404, NOT_FOUND_DETAIL)
    const removed = await db.transaction(async (tx) => {
      const row = await templatesRepository.remove(tx, userId, id)
      if (row) await notificationsRepository.add(tx, userId, TEMPLATE_MESSAGES.notifyRemoved(row.templateName))
      return row
    })
    if (!removed) throw new HttpError(404, NOT_FOUND_DETAIL)
    await storage.remove(removed.fileKey)
    return { message: TEMPLATE_MESSAGES.deleted, success: true }
  })
}
