// Create Job (portal-spec.md §2 wizard, §3 cost option / cost calculation / job creation form data,
// §7 calculate cost and create job). Both calls are multipart: the field names below are the spec's.
import { Type, type Static } from 'typebox'

/**
 * POST /clerk/calculate-cost: the multipart fields. Every audio file comes as one `audio_files` part,
 * or, uploaded before through tus (/api/uploads), as one `upload_ids` text field naming the finished
 * upload (the last segment of its Location); the field repeats, once per file, in the order wanted.
 */
export const CALCULATE_COST_FIELDS = {
  audioFiles: 'audio_files',
  uploadIds: 'upload_ids',
  /**
   * Optional: the name each finished upload is used under, one per `upload_ids` in the same order (a
   * recording the clerk renamed after its upload began). Checked as a multipart part's file name is.
   * Without it each upload keeps the name it was created with.
   */
  uploadNames: 'upload_names',
  reportTypeId: 'report_type_id',
  /**
   * `true`: the server joins the audio, in order, into one recording and prices that one file (a job
   * type that takes one audio file: AI, AI + Proofreading). The audio is the request's own files, or,
   * with `join_folder` and no files, the files of a folder priced before.
   */
  join: 'join',
  /** With `join`: the `folder_token` of an earlier answer whose files are joined (nothing sent again). */
  joinFolder: 'join_folder',
} as const

/** The only value `join` takes. */
export const JOIN_VALUE = 'true'

/** POST /clerk/create-job: the multipart fields (portal-spec.md §3, "Job creation form data"). */
export const CREATE_JOB_FIELDS = {
  propertyAddress: 'property_address',
  jobTypeId: 'job_type_id',
  slaSlotId: 'sla_slot_id',
  reportTypeId: 'report_type_id',
  remarks: 'remarks',
  folderToken: 'folder_token',
  /** With no `template_files` part: the clerk's default template is used (human jobs). */
  templateName: 'template_name',
  /** One custom template file (human jobs). */
  templateFiles: 'template_files',
  /** Supporting documents, one part per file (human jobs). */
  supportFiles: 'support_files',
} as const

/** Largest audio file accepted, in bytes: a 3-hour WAV is over 1 GB. */
export const AUDIO_MAX_BYTES = 2 * 1024 * 1024 * 1024
/** Most audio files one job may carry. */
export const AUDIO_MAX_FILES = 20
/** Largest supporting document, in bytes (photos and spreadsheets). */
export const SUPPORT_MAX_BYTES = 50 * 1024 * 1024
/** Most supporting documents one job may carry. */
export const SUPPORT_MAX_FILES = 20
/** Longest property address and remarks, in characters. */
export const PROPERTY_ADDRESS_MAX_LENGTH = 500
export const REMARKS_MAX_LENGTH = 2000
/** How long a calculated folder of audio waits for its job before it is swept away. */
export const FOLDER_TOKEN_LIFETIME_HOURS = 24
/** Calculate-cost may take this long (portal-spec.md §9: 10 minutes), uploads included. */
export const CALCULATE_COST_TIMEOUT_MS = 10 * 60 * 1000

/** portal-spec.md §3, Cost option: one per offered (job type, turnaround) pair. `cost` is in credits. */
export const CostOption = Type.Object({
  job_type_id: Type.Integer(),
  job_type_name: Type.String(),
  sla_slot_id: Type.Integer(),
  sla_slot_name: Type.String(),
  cost: Type.Number(),
})
export type CostOption = Static<typeof CostOption>

/** One measured audio file of the folder (this portal's addition to the spec's answer). */
export const MeasuredAudio = Type.Object({
  file_name: Type.String(),
  /** Seconds, to the millisecond. */
  duration: Type.Number(),
  size: Type.Integer(),
})
export type MeasuredAudio = Static<typeof MeasuredAudio>

/** portal-spec.md §3, Cost calculation response. */
export const CalculateCostResponse = Type.Object({
  cost: Type.Array(CostOption),
  /** Started minutes of all the audio together, at least 1: what every option is priced on. */
  audio_minutes: Type.Integer(),
  /** Names the measured files for create-job; the clerk's own, valid for FOLDER_TOKEN_LIFETIME_HOURS. */
  folder_token: Type.String(),
  /** Total seconds of all the audio files. */
  audio_duration: Type.Number(),
  audio_files: Type.Array(MeasuredAudio),
  /** ISO 8601: when the folder token stops being accepted. */
  expires_at: Type.String(),
})
export type CalculateCostResponse = Static<typeof CalculateCostResponse>

/** GET /clerk/calculate-cost/:folderToken: the folder a cost answer named (this portal's addition). */
export const StoredFolderParams = Type.Object({ folderToken: Type.String({ minLength: 1, maxLength: 100 }) })
export type StoredFolderParams = Static<typeof StoredFolderParams>

/** portal-spec.md §3, job creation response. `expectedCompletion` is the deadline, ISO 8601. */
export const CreateJobResponse = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  job_id: Type.Integer(),
  expectedCompletion: Type.String(),
})
export type CreateJobResponse = Static<typeof CreateJobResponse>

/** The answer's message on success: the portal reads it as success (portal-spec.md §7). */
export const JOB_CREATED_MESSAGE = 'Job created successfully.'
