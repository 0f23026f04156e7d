// Calculate-cost's own bounds beside the contract's (AUDIO_MAX_BYTES, AUDIO_MAX_FILES); the reasons are
// in docs/decisions/calculate-cost-and-upload-folders.md.

/**
 * Most unused, unexpired folders one clerk may hold (each up to AUDIO_MAX_FILES × AUDIO_MAX_BYTES):
 * a wizard makes one each time step 1 is sent, so this leaves room for going back and forth many
 * times a day while bounding the storage one account can fill.
 */
export const MAX_OPEN_FOLDERS = 20

/**
 * How long a folder calculate-cost reserved holds without news from its request: the request renews it
 * every FOLDER_RESERVATION_RENEW_MS while it reads and measures, however long that takes. A server that
 * crashed renews nothing, so its reservation is swept soon after (tasks/upload-folder-sweep.ts), not a
 * day later. Five beats per lease: a renewal or two lost to a busy database does not end a live upload.
 */
export const FOLDER_RESERVATION_LEASE_MS = 5 * 60_000
export const FOLDER_RESERVATION_RENEW_MS = 60_000
