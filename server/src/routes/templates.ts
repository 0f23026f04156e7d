// The clerk's one reusable report template: list, upload (received by the uploads module: streamed to
// storage, extension and content checked, size limited; put in place with its row) and delete. Another clerk's template answers 404.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import Type from 'typebox'
import { MessageResponse } from '@contract/auth.ts'
import { RowId } from '@contract/input-rules.ts'
import { TEMPLATE_MAX_BYTES, TemplateList } from '@contract/templates.ts'
import { HttpError } from '../http-error.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { templatesRepository, type ClerkTemplate } from '../repositories/templates-repository.ts'
import { requireMultipart, readUploadForm } from '../uploads/multipart-form.ts'
import { keepUpload, receiveUpload } from '../uploads/receive-upload.ts'

export const TEMPLATE_MESSAGES = {
  uploaded: 'Template uploaded successfully',
  deleted: 'Deleted successfully',
  exists: 'Template already exists. Remove it and add a new one',
  nameRequired: 'Please enter a template name',
  nameTooLong: 'The template name can be at most 100 characters long',
  nameWithNul: 'The template name must not contain the NUL character (U+0000)',
  fileRequired: 'Please select a file to upload',
  wrongType: (allowed: string[]) => `Only ${allowed.join(', ')} files are allowed`,
  wrongContent: 'The file’s content does not match its type. Please upload a real document.',
  tooLarge: 'The template is larger than 20 MB.',
  notFound: 'Not found',
  notifyAdded: (name: string) => `Template "${name}" was added.`,
  notifyRemoved: (name: string) => `Template "${name}" was removed.`,
} as const

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
    if (await templatesRepository.forClerk(db, userId)) throw new HttpError(409, TEMPLATE_MESSAGES.exists, 'template_exists')
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
    const name = (form.fields.get('template_name') ?? '').trim()
    await keepUpload(form.file, async () => {
      if (!name) throw new HttpError(400, TEMPLATE_MESSAGES.nameRequired)
      if (name.length > 100) throw new HttpError(400, TEMPLATE_MESSAGES.nameTooLong)
      if (name.includes('\0')) throw new HttpError(400, TEMPLATE_MESSAGES.nameWithNul)
      const file = form.file
      if (!file) throw new HttpError(400, TEMPLATE_MESSAGES.fileRequired, 'file_required')
      return db.transaction(async (tx) => {
        const row = await templatesRepository.add(tx, { userId, templateName: name, fileKey: file.key, sizeBytes: file.size })
        if (!row) throw new HttpError(409, TEMPLATE_MESSAGES.exists, 'template_exists')
        await notificationsRepository.add(tx, userId, TEMPLATE_MESSAGES.notifyAdded(name))
        // The file goes into place last: a template refused on the way never shows at its key.
        await file.commit()
      })
    })
    return { message: TEMPLATE_MESSAGES.uploaded, success: true }
  })

  app.delete('/:id', { schema: { params: Type.Object({ id: RowId() }), response: { 200: MessageResponse } } }, async (request) => {
    const userId = request.clerk!.userId
    const id = Number(request.params.id)
    if (!Number.isSafeInteger(id)) throw new HttpError(404, TEMPLATE_MESSAGES.notFound)
    const removed = await db.transaction(async (tx) => {
      const row = await templatesRepository.remove(tx, userId, id)
      if (row) await notificationsRepository.add(tx, userId, TEMPLATE_MESSAGES.notifyRemoved(row.templateName))
      return row
    })
    if (!removed) throw new HttpError(404, TEMPLATE_MESSAGES.notFound)
    await storage.remove(removed.fileKey)
    return { message: TEMPLATE_MESSAGES.deleted, success: true }
  })
}
