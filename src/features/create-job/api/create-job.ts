// POST /clerk/create-job (portal-spec.md §3 "Job creation form data", §7): the job as multipart, sent
// with the submission's idempotency key so that a retry after a lost answer makes no second job.
import { CREATE_JOB_FIELDS, CreateJobResponse, JOB_CREATED_MESSAGE } from '@contract/create-job.ts'
import { ApiError, apiRequest } from '@/lib/api-client'
import type { WizardDraft } from '../draft/wizard-draft'

/**
 * The form of a draft ready to submit (an option chosen, the cost calculated). AI jobs carry no
 * documents and no remarks (their controls are disabled); a human job carries the custom template
 * file, or the default template's name alone, and its additional files.
 */
export function createJobForm(draft: WizardDraft, defaultTemplateName: string | null): FormData {
  const { option, cost } = draft
  if (!option || !cost || draft.reportTypeId === null) throw new Error('createJobForm: the draft is not ready to submit')
  const form = new FormData()
  form.append(CREATE_JOB_FIELDS.propertyAddress, draft.propertyAddress.trim())
  form.append(CREATE_JOB_FIELDS.reportTypeId, String(draft.reportTypeId))
  form.append(CREATE_JOB_FIELDS.jobTypeId, String(option.jobTypeId))
  form.append(CREATE_JOB_FIELDS.slaSlotId, String(option.slaSlotId))
  form.append(CREATE_JOB_FIELDS.folderToken, cost.folder_token)
  if (draft.mode === 'ai') {
    form.append(CREATE_JOB_FIELDS.remarks, '')
    return form
  }
  form.append(CREATE_JOB_FIELDS.remarks, draft.remarks.trim())
  if (draft.templateChoice === 'custom' && draft.customTemplate) {
    form.append(CREATE_JOB_FIELDS.templateName, draft.customTemplate.name)
    form.append(CREATE_JOB_FIELDS.templateFiles, draft.customTemplate.file, draft.customTemplate.name)
  } else if (defaultTemplateName) {
    form.append(CREATE_JOB_FIELDS.templateName, defaultTemplateName)
  }
  for (const support of draft.supportFiles) form.append(CREATE_JOB_FIELDS.supportFiles, support.file, support.name)
  return form
}

/** Resolves with the answer only when it says "Job created successfully." (§7); anything else fails. */
export async function createJob(form: FormData, idempotencyKey: string): Promise<CreateJobResponse> {
  const answer = await apiRequest('/clerk/create-job', {
    method: 'POST',
    form,
    idempotencyKey,
    schema: CreateJobResponse,
    failureMessage: 'Failed to create job',
  })
  if (!answer.success || answer.message !== JOB_CREATED_MESSAGE) {
    throw new ApiError({ kind: 'http', status: 200, detail: answer.message || undefined, message: answer.message || 'Failed to create job' })
  }
  return answer
}
