// What a recording is written as (issue 25): MP4 (AAC) where the browser's MediaRecorder writes it,
// which is Safari's own format, else WebM with Opus (Chromium, Firefox). The server measures both
// exactly (server/src/audio/measure-with-ffmpeg.ts): a streamed WebM carries no duration in its
// header, so its samples are counted. The extension names the file the server measures by.

export interface RecordingFormat {
  mimeType: string
  extension: 'm4a' | 'webm'
}

export const MP4_AUDIO: RecordingFormat = { mimeType: 'audio/mp4', extension: 'm4a' }
export const WEBM_OPUS: RecordingFormat = { mimeType: 'audio/webm;codecs=opus', extension: 'webm' }

/**
 * The format to record in, given MediaRecorder.isTypeSupported; null when the browser writes neither
 * (it cannot record for this portal).
 */
export function chooseRecordingFormat(isTypeSupported: (mimeType: string) => boolean): RecordingFormat | null {
  for (const format of [MP4_AUDIO, WEBM_OPUS]) if (isTypeSupported(format.mimeType)) return format
  return null
}
