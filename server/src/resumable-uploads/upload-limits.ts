// The resumable uploads' bounds (README, API notes: uploads that resume).
import { AUDIO_MAX_FILES, FOLDER_TOKEN_LIFETIME_HOURS } from '@contract/create-job.ts'
import { MAX_OPEN_FOLDERS } from '../create-job/upload-limits.ts'

/** An unfinished upload is swept this long after its creation (issue 25), its file and its row. */
export const UNFINISHED_UPLOAD_LIFETIME_MS = 24 * 60 * 60_000

/**
 * A finished upload not yet priced lives as long as a priced folder does: the draft on the device names
 * it and may price it later the same day.
 */
export const FINISHED_UPLOAD_LIFETIME_MS = FOLDER_TOKEN_LIFETIME_HOURS * 60 * 60_000

/**
 * Most unused uploads one clerk may hold: as many files as their open folders could hold, so the
 * resumable path bounds a clerk's staged bytes no looser than calculate-cost bounds their folders.
 */
export const MAX_UNUSED_UPLOADS = AUDIO_MAX_FILES * MAX_OPEN_FOLDERS
