// What a recording is written as (issue 25): MP4 with AAC where the browser's MediaRecorder writes it
// (Safari's own format), else WebM with Opus (Chromium, Firefox, newer Safari), else whatever MP4 the
// browser writes. The order matters: Chromium (156 here) also answers yes to plain "audio/mp4", but
// writes Opus inside MP4, which the server's MP4 reading (AAC, ALAC, AMR decoders only) refuses as
// not audio; so MP4 is asked for with AAC named. The server measures WebM exactly, a streamed one
// with no duration in its header and one cut short by a crash alike (server/src/audio/
// measure-with-ffmpeg.ts counts its samples). The extension names the format the server reads.

export interface RecordingFormat {
  mimeType: string
  extension: 'm4a' | 'webm'
}

export const MP4_AAC: RecordingFormat = { mimeType: 'audio/mp4;codecs=mp4a.40.2', extension: 'm4a' }
export const WEBM_OPUS: RecordingFormat = { mimeType: 'audio/webm;codecs=opus', extension: 'webm' }
/** An older Safari may name no codec it records: its MP4 is AAC all the same. */
export const MP4_ANY: RecordingFormat = { mimeType: 'audio/mp4', extension: 'm4a' }

/**
 * The format to record in, given MediaRecorder.isTypeSupported; null when the browser writes none of
 * them (it cannot record for this portal).
 */
export function chooseRecordingFormat(isTypeSupported: (mimeType: string) => boolean): RecordingFormat | null {
  for (const format of [MP4_AAC, WEBM_OPUS, MP4_ANY]) if (isTypeSupported(format.mimeType)) return format
  return null
}
