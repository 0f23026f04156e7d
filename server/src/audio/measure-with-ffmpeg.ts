// An audio file's exact duration, measured on the server from a stored file with Debian's ffmpeg
// (docs/decisions/create-job-measuring-audio.md, docs/decisions/audio-length-from-samples.md; the
// evidence is docs/research/audio-durations.md). Uploads are untrusted, so the demuxer is forced by
// the extension (never probed), only the protocols the file needs are open (a local file, or a presigned
// URL on object storage: ffmpeg-input.ts), only the decoders a type needs may
// open, and each run has a memory, CPU and wall-clock limit (run-ffmpeg.ts).
//
// What says how long a file is depends on the type, and the clerk controls every byte of it:
// - MP3, ADTS AAC and AMR have no clock of their own: each frame's header gives its size and its
//   samples. ffmpeg demuxes only (`-c copy -f null -progress`) and the end of the last frame is the
//   answer, exact where headers lie (VBR MP3 with no Xing header, truncated files).
// - WAV counts bytes / block align at the header's rate, and FLAC its frames at STREAMINFO's rate:
//   those header fields are checked first (wav-header.ts, flac-header.ts) and a header that
//   contradicts itself or its audio is refused (`header_mismatch`).
// - Matroska/WebM, MP4/M4A/3GP, Ogg and ASF/WMA carry a clock of their own (TimecodeScale and block
//   times, mdhd timescales and edit lists, granule positions, send times) that can be rewritten to
//   say 6 s for 10 minutes of sound. Their first audio stream is also decoded and its samples counted
//   (every sample the codec gives, with no trimming and no edit list applied): the container's own
//   reading, exact for an honest file, is believed only when the samples confirm it; else the
//   samples are the answer.
import { limitConcurrency } from '../limit-concurrency.ts'
import { extensionOf } from '../storage/file-storage.ts'
import { readFlacStreamInfo } from './flac-header.ts'
import type { AudioSource } from './ffmpeg-input.ts'
import { AudioMeasureError, DEFAULT_MEASURE_LIMITS, progressEndSeconds, readInput, runFfmpeg, type MeasureLimits } from './run-ffmpeg.ts'
import { wavHeaderProblem } from './wav-header.ts'

export { AudioMeasureError, DEFAULT_MEASURE_LIMITS, ffmpegVersion, type AudioMeasureFailure, type MeasureLimits } from './run-ffmpeg.ts'

interface Format {
  demuxer: string
  /**
   * Add every packet's own duration with the setts filter, because the null muxer counts 0 for the
   * last packet of Ogg (Opus, Vorbis) and MP4 AAC when no decoder is open; elsewhere it would count
   * the last packet twice.
   */
  lastPacket?: boolean
  /** Raw ADTS AAC gets its sample rate only from the AAC decoder: ffmpeg may open it while probing. */
  probeDecoder?: string
  /** A container with a clock of its own: the decoders its audio may need, to count its samples. */
  decoders?: string
  /** Input options for the count (MP4's edit lists can hide all but a few seconds of the audio). */
  countOptions?: string[]
}

const MATROSKA: Format = { demuxer: 'matroska', decoders: 'opus,vorbis' }
const OGG: Format = { demuxer: 'ogg', lastPacket: true, decoders: 'opus,vorbis,flac,speex' }
const MOV: Format = { demuxer: 'mov', lastPacket: true, decoders: 'aac,alac,amrnb,amrwb', countOptions: ['-ignore_editlist', '1'] }

/** Extension → how to read it. */
const FORMATS: Record<string, Format> = {
  mp3: { demuxer: 'mp3' },
  wav: { demuxer: 'wav' },
  amr: { demuxer: 'amr' },
  // Raw AAC and FLAC frames each name their own sample rate, but the packets are timed at the first
  // one's: frames at 8 kHz after frames at 48 kHz counted six times too short. The count decodes
  // them and refuses a rate that changes (MP3's demuxer times each frame at its own rate).
  aac: { demuxer: 'aac', probeDecoder: 'aac', decoders: 'aac' },
  flac: { demuxer: 'flac', lastPacket: true, decoders: 'flac' },
  webm: MATROSKA,
  ogg: OGG,
  oga: OGG,
  opus: OGG,
  m4a: MOV,
  mp4: MOV,
  '3gp': MOV,
  wma: { demuxer: 'asf', decoders: 'wmav1,wmav2,wmapro,wmavoice' },
}

/**
 * How far an honest container's reading may be from its decoded samples: a codec's priming and end
 * padding, which players trim and the count keeps (AAC: up to two frames, 0.26 s at 8 kHz; Opus's
 * pre-skip and last frame; WMA's last frame). A container further off is not believed.
 */
export const CONTAINER_TOLERANCE_SECONDS = 0.3

/**
 * Seconds of audio in the file at `source` (a path on local disk, or a stored file's FfmpegInput: a
 * presigned URL on object storage); `fileName` (its extension) says what it claims to be.
 */
export type MeasureAudioFile = (source: AudioSource, fileName: string) => Promise<number>

/** A measurer with its limits; at most `concurrent` measures at once, the rest wait their turn. */
export function createAudioMeasurer(limits: Partial<MeasureLimits> = {}): MeasureAudioFile {
  const settings = { ...DEFAULT_MEASURE_LIMITS, ...limits }
  return limitConcurrency(settings.concurrent, (source: AudioSource, fileName: string) => measure(source, fileName, settings))
}

async function measure(source: AudioSource, fileName: string, limits: MeasureLimits): Promise<number> {
  const format = FORMATS[extensionOf(fileName)]
  if (!format) throw new AudioMeasureError('unsupported_type', fileName)
  if (format.demuxer === 'wav') {
    const problem = await wavHeaderProblem(source)
    if (problem) throw new AudioMeasureError('header_mismatch', fileName, problem)
  }
  const exactFlac = format.demuxer === 'flac' ? await measureFlacBySeeking(source, fileName, limits) : null
  const containerSeconds = exactFlac ?? (await demuxedSeconds(source, fileName, format, limits))
  if (!format.decoders) return containerSeconds
  const samplesSeconds = await decodedSeconds(source, fileName, format, limits)
  return Math.abs(containerSeconds - samplesSeconds) <= CONTAINER_TOLERANCE_SECONDS ? containerSeconds : samplesSeconds
}

/** The end of the last packet by the file's own timestamps: ffmpeg demuxes and copies, never decodes. */
async function demuxedSeconds(source: AudioSource, fileName: string, format: Format, limits: MeasureLimits): Promise<number> {
  const output = await runFfmpeg(limits, fileName, [
    ...readInput(source, format.demuxer, format.probeDecoder),
    '-map', '0:a:0', '-c', 'copy',
    ...(format.lastPacket ? ['-bsf:a', 'setts=ts=TS+DURATION'] : []),
    '-f', 'null', '-progress', 'pipe:1', '-',
  ])
  return progressEndSeconds(output, fileName)
}

/**
 * Every sample the first audio stream decodes to, over its rate: `asetpts=N/SR/TB` stamps each
 * decoded frame with the samples before it, so the output's end is the count, whatever the packets'
 * times said. `+skip_manual` keeps the samples a container asks to trim (Opus pre-skip, CodecDelay,
 * DiscardPadding, granule end trims), which a rewritten header could otherwise ask of every packet.
 */
async function decodedSeconds(source: AudioSource, fileName: string, format: Format, limits: MeasureLimits): Promise<number> {
  const output = await runFfmpeg(limits, fileName, [
    // A frame of another sample rate or channel layout than the first stops the count (header_mismatch)
    // instead of rebuilding the filters, which would start `N` again from 0 and count the last part only.
    ...readInput(source, format.demuxer, format.decoders, ['-reinit_filter', '0', '-flags2', '+skip_manual', ...(format.countOptions ?? [])]),
    '-map', '0:a:0', '-af', 'asetpts=N/SR/TB',
    '-f', 'null', '-progress', 'pipe:1', '-',
  ])
  return progressEndSeconds(output, fileName)
}

/**
 * FLAC (a full pass parses every byte, and counts a truncated file's partial last frame in full):
 * the total from STREAMINFO, checked against the last packet after a seek to one second before the
 * end. They agree: the file is whole and the total is exact. They do not: it is truncated (or its
 * total was rewritten), and the audio ends where the last (partial, undecodable) frame starts. Null
 * when STREAMINFO gives no total (a streamed FLAC): then the full pass measures it.
 */
async function measureFlacBySeeking(source: AudioSource, fileName: string, limits: MeasureLimits): Promise<number | null> {
  const info = await readFlacStreamInfo(source)
  if (info?.problem) throw new AudioMeasureError('header_mismatch', fileName, info.problem)
  if (!info || info.totalSamples === 0) return null
  const output = await runFfmpeg(limits, fileName, [
    ...readInput(source, 'flac', 'none', ['-sseof', '-1', '-copyts']),
    '-map', '0:a:0', '-c', 'copy', '-f', 'framecrc', '-',
  ])
  // framecrc lines: stream, dts, pts, duration, size, crc; times in 1/sample rate.
  const last = output.trim().split('\n').at(-1)?.split(',').map((field) => field.trim())
  const [pts, duration] = [Number(last?.[2]), Number(last?.[3])]
  if (!last || last.length < 4 || !Number.isInteger(pts) || !Number.isInteger(duration)) {
    throw new AudioMeasureError('not_audio', fileName, 'no FLAC frames')
  }
  return (pts + duration === info.totalSamples ? info.totalSamples : pts) / info.sampleRate
}
