// The words of create-job's refusals (portal-spec.md §8 where it gives them, word for word; ours where it
// does not). The portal checks most of these first; the server says them when it is sent anyway.
import { PROPERTY_ADDRESS_MAX_LENGTH, REMARKS_MAX_LENGTH, SUPPORT_MAX_BYTES, SUPPORT_MAX_FILES } from '@contract/create-job.ts'
import { TEMPLATE_MAX_BYTES } from '@contract/templates.ts'
import { sizeText } from './calculate-cost-messages.ts'

export const CREATE_JOB_MESSAGES = {
  notAForm: 'The job was not sent as a form. Please submit it again from Create Job.',
  idempotencyKeyInvalid: 'The Idempotency-Key header must be 1 to 200 visible ASCII characters.',
  addressRequired: 'Property address is required',
  addressTooLong: `The property address can be at most ${PROPERTY_ADDRESS_MAX_LENGTH} characters long`,
  addressWithNul: 'The property address must not contain the NUL character (U+0000)',
  reportTypeInvalid: 'Please choose a report type from the list.',
  jobTypeInvalid: 'Please choose a job type from the list.',
  slotInvalid: 'Please choose a turnaround from the list.',
  notOffered: (jobType: string, slot: string) => `The ${jobType} job type is not offered with the ${slot} turnaround. Please choose another option.`,
  remarksTooLong: `The remarks can be at most ${REMARKS_MAX_LENGTH} characters long`,
  remarksWithNul: 'The remarks must not contain the NUL character (U+0000)',
  folderTokenMissing: 'Please upload the audio and calculate the cost before submitting the job.',
  folderExpired: 'The uploaded audio has expired. Please upload it again and calculate the cost again.',
  folderUsed: (jobId: number | null) =>
    jobId === null ? 'This audio was already submitted as a job. Please check My Jobs.' : `This audio was already submitted as job #${jobId}. Please check My Jobs.`,
  otherReportType: 'The cost was calculated for another report type. Please calculate the cost again.',
  /** portal-spec.md §8, step 2: the seeded AI job types take one file; another limit gets its own number. */
  tooManyAudio: (max: number) =>
    max === 1 ? 'For AI and AI + Proofreading jobs, only one audio file can be submitted.' : `This job type takes at most ${max} audio files.`,
  aiTakesNoDocuments: 'AI jobs take no template or supporting documents. Please remove them and submit again.',
  noDefaultTemplate: 'Template is required. No default templates available.',
  templateFileRequired: 'Template file is required',
  oneTemplateOnly: 'Only one template file can be attached to a job.',
  tooManySupport: `At most ${SUPPORT_MAX_FILES} supporting documents can be attached to a job.`,
  templateWrongType: (allowed: readonly string[]) => `Only ${allowed.join(', ')} files are allowed for templates.`,
  supportWrongType: (allowed: readonly string[]) => `Only ${allowed.join(', ')} files are allowed for supporting documents.`,
  wrongContent: (fileName: string) => `The content of ${fileName} does not match its type. Please attach the real document.`,
  templateTooLarge: (fileName: string) => `The template ${fileName} is larger than ${sizeText(TEMPLATE_MAX_BYTES)}.`,
  supportTooLarge: (fileName: string) => `The supporting document ${fileName} is larger than ${sizeText(SUPPORT_MAX_BYTES)}.`,
} as const
