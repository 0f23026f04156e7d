// Creating the clerk's one report template from a received upload: the name's rules, then the row,
// the clerk's notification and the file put at its key, in one transaction. Anything refused on the
// way takes the upload back, so no file sits at its key without its row.
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { templatesRepository } from '../repositories/templates-repository.ts'
import { keepUpload, type ReceivedUpload } from '../uploads/receive-upload.ts'
import { TEMPLATE_MESSAGES as M } from './template-messages.ts'

export interface NewTemplate {
  userId: string
  /** The name as the form sent it (trimmed here); missing is refused like empty. */
  name: string | undefined
  /** The received upload, not yet at its key; missing is refused (400 file_required). */
  file: ReceivedUpload | undefined
}

/** Refuses a second template before its upload is received (409 template_exists). */
export async function refuseSecondTemplate(db: Db, userId: string): Promise<void> {
  if (await templatesRepository.forClerk(db, userId)) throw new HttpError(409, M.exists, 'template_exists')
}

/**
 * Checks the name, then writes the template's row and the clerk's notification and commits the file,
 * together. A refusal is an HttpError with the spec's words; then nothing stays, file included.
 */
export async function createTemplate(db: Db, { userId, name: sentName, file }: NewTemplate): Promise<void> {
  const name = (sentName ?? '').trim()
  await keepUpload(file, async () => {
    if (!name) throw new HttpError(400, M.nameRequired)
    if (name.length > 100) throw new HttpError(400, M.nameTooLong)
    if (name.includes('\0')) throw new HttpError(400, M.nameWithNul)
    if (!file) throw new HttpError(400, M.fileRequired, 'file_required')
    await db.transaction(async (tx) => {
      // Checked again under the row's unique key: two uploads at once make one template.
      const row = await templatesRepository.add(tx, { userId, templateName: name, fileKey: file.key, sizeBytes: file.size })
      if (!row) throw new HttpError(409, M.exists, 'template_exists')
      await notificationsRepository.add(tx, userId, M.notifyAdded(name))
      // The file goes into place last: a template refused on the way never shows at its key.
      await file.commit()
    })
  })
}
