// Creating a job from a checked form (portal-spec.md §7 create job; decisions.md, Jobs and Credits):
// the choice must exist and be offered, the folder of measured audio must be the clerk's own, unused,
// unexpired and measured for this report type; the price is computed again here from the folder's
// measured length (the clerk never sends one). The job, its charge, the clerk's notification, the claim
// of the folder, the job's file rows and the commit of its documents are one transaction
// (chargeForJob); on any refusal or failure every file of this request is taken back and the folder
// stays unused for a corrected submit. An AI job's transcription is queued in that same transaction
// (queue/queues.ts, `transcribe-job`): a charged AI job is queued exactly once, a refused one never.
import { CREATE_JOB_FIELDS as F, JOB_CREATED_MESSAGE, type CreateJobResponse } from '@contract/create-job.ts'
import type { AllowedFileTypes } from '@contract/lookups.ts'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { priceOption } from '../jobs/cost-options.ts'
import { deadlineFor, priorityFor } from '../jobs/turnaround.ts'
import { chargeForJob } from '../money/charge-for-job.ts'
import { NOT_FOUND_DETAIL } from '../plugins/error-handler.ts'
import { jobsRepository, type NewJobFile } from '../repositories/jobs-repository.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { uploadFoldersRepository, type FolderClaim, type UploadFolder } from '../repositories/upload-folders-repository.ts'
import type { WorkQueue } from '../queue/queue.ts'
import type { FileStorage } from '../storage/file-storage.ts'
import type { FilesForm } from '../uploads/multipart-form.ts'
import type { ReceivedUpload } from '../uploads/receive-upload.ts'
import { CREATE_JOB_MESSAGES as M } from './create-job-messages.ts'
import { jobDocuments, type JobDocuments } from './job-documents.ts'
import { checkJobFields, type JobFields } from './job-form.ts'

/** The job types the transcription engine does (seed-data.ts); the rest wait for staff. */
export const AI_JOB_TYPES: readonly string[] = ['AI', 'AI + Proofreading']

export interface JobSubmit {
  userId: string
  /** The read form: its text fields, and its files received but not yet at their keys. */
  form: FilesForm<never>
  /** The Idempotency-Key the portal sent: a retry with it answers the first job. */
  clientRequestId?: string
}

/** Checks the form and creates and charges the job; a refusal is an HttpError, and then nothing of this submit stays. */
export async function createJob(
  { db, storage, queue }: { db: Db; storage: FileStorage; queue: Pick<WorkQueue, 'enqueue'> },
  allowed: AllowedFileTypes,
  { userId, form, clientRequestId }: JobSubmit,
): Promise<CreateJobResponse> {
  const templateFiles = form.files.get(F.templateFiles) ?? []
  const supportFiles = form.files.get(F.supportFiles) ?? []
  const uploads = [...templateFiles, ...supportFiles]
  const takeBack = () => Promise.all(uploads.map((upload) => upload.undo()))
  try {
    const fields = checkJobFields(form.fields)
    const now = new Date()
    const { jobType, slot, option, folder, audio } = await checkChoiceAndFolder(db, userId, fields, clientRequestId, now)
    const documents = await jobDocuments(db, storage, allowed, { userId, jobTypeName: jobType.name, templateName: fields.templateName, templateFiles, supportFiles })
    if (documents.template && !uploads.includes(documents.template)) uploads.push(documents.template)

    const slaDeadline = deadlineFor(now, slot.hours)
    const charged = await chargeForJob(db, {
      job: {
        userId,
        propertyAddress: fields.propertyAddress,
        reportTypeId: fields.reportTypeId,
        jobTypeId: jobType.id,
        slaSlotId: slot.id,
        costCents: option.costCents,
        priority: priorityFor(slot.hours),
        audioDurationSeconds: folder.audioDurationSeconds,
        remarks: fields.remarks,
        slaDeadline,
        clientRequestId,
        createdAt: now,
      },
      beforeCommit: async (tx, jobId) => {
        // Under the folder's row lock: of two submits naming one folder, only one gets here with it.
        const claim = await uploadFoldersRepository.claim(tx, userId, fields.folderToken, jobId, now)
        if (claim.outcome !== 'claimed') throw folderRefusal(claim)
        await jobsRepository.addFiles(tx, jobId, [...audio, ...documentRows(documents)])
        // In this transaction: it commits or rolls back with the charge.
        if (AI_JOB_TYPES.includes(jobType.name)) await queue.enqueue('transcribe-job', { jobId }, { tx })
        for (const upload of uploads) await upload.commit()
      },
      // A retry of a submit that made its job: this request's files are not needed.
      onRepeated: async () => void (await takeBack()),
    })
    const deadline = charged.repeated ? (await jobsRepository.findById(db, charged.jobId))!.slaDeadline : slaDeadline
    return { success: true, message: JOB_CREATED_MESSAGE, job_id: charged.jobId, expectedCompletion: deadline.toISOString() }
  } catch (error) {
    await takeBack()
    throw error
  }
}

/** The chosen report type, job type and turnaround exist and go together, and the folder may make this job. */
async function checkChoiceAndFolder(db: Db, userId: string, fields: JobFields, clientRequestId: string | undefined, now: Date) {
  const [reportTypes, jobTypes, slots] = await Promise.all([lookupsRepository.reportTypes(db), lookupsRepository.jobTypes(db), lookupsRepository.slaSlots(db)])
  if (!reportTypes.some((reportType) => reportType.id === fields.reportTypeId)) throw new HttpError(400, M.reportTypeInvalid)
  const jobType = jobTypes.find((type) => type.id === fields.jobTypeId)
  if (!jobType) throw new HttpError(400, M.jobTypeInvalid)
  const slot = slots.find((candidate) => candidate.id === fields.slaSlotId)
  if (!slot) throw new HttpError(400, M.slotInvalid)

  const found = await uploadFoldersRepository.findOwned(db, userId, fields.folderToken)
  const option = await priceOption(db, { jobTypeId: jobType.id, slaSlotId: slot.id }, Number(found?.folder.audioDurationSeconds ?? 0))
  if (!option) throw new HttpError(400, M.notOffered(jobType.name, slot.name))
  // A folder with no files is one calculate-cost reserved and has not finished: not a folder yet.
  if (!found || found.files.length === 0) throw new HttpError(404, NOT_FOUND_DETAIL)
  const { folder, files } = found
  if (folder.usedAt) {
    // The retry of the submit that used it goes on: chargeForJob answers that submit's job.
    if (!(await isRetryOf(db, userId, clientRequestId, folder))) throw folderRefusal({ outcome: 'used', jobId: folder.jobId })
  } else if (folder.expiresAt <= now) {
    throw folderRefusal({ outcome: 'expired' })
  }
  // The price was computed for the report type the audio was sent with.
  if (folder.reportTypeId !== fields.reportTypeId) throw new HttpError(400, M.otherReportType)
  const maxAudio = jobType.max_audio_files
  if (maxAudio !== null && files.length > maxAudio) throw new HttpError(400, M.tooManyAudio(maxAudio))
  const audio: NewJobFile[] = files.map((file) => ({ kind: 'audio', fileKey: file.fileKey, sizeBytes: file.sizeBytes, durationSeconds: file.durationSeconds }))
  return { jobType, slot, option, folder, audio }
}

async function isRetryOf(db: Db, userId: string, clientRequestId: string | undefined, folder: UploadFolder): Promise<boolean> {
  if (!clientRequestId || folder.jobId === null) return false
  const earlier = await jobsRepository.findByClientRequest(db, userId, clientRequestId)
  return earlier?.id === folder.jobId
}

/** Why a folder cannot make the job: unknown (or another clerk's) 404, expired 410, used 409. */
export function folderRefusal(claim: Exclude<FolderClaim, { outcome: 'claimed' }>): HttpError {
  switch (claim.outcome) {
    case 'missing':
      return new HttpError(404, NOT_FOUND_DETAIL)
    case 'expired':
      return new HttpError(410, M.folderExpired, 'folder_expired')
    case 'used':
      return new HttpError(409, M.folderUsed(claim.jobId), 'duplicate_request')
  }
}

function documentRows({ template, support }: JobDocuments): NewJobFile[] {
  const row = (kind: 'template' | 'support', upload: ReceivedUpload): NewJobFile => ({ kind, fileKey: upload.key, sizeBytes: upload.size })
  return [...(template ? [row('template', template)] : []), ...support.map((upload) => row('support', upload))]
}
