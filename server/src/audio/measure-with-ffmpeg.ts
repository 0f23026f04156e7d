// An audio file's exact duration, measured on the server from a stored file with Debian's ffmpeg
// (docs/decisions/create-job-measuring-audio.md; the evidence is docs/research/audio-durations.md).
// ffmpeg only demuxes (`-codec_whitelist none`, `-c copy -f null`): the answer is the last packet's
// end read from `-progress`, which is exact where headers lie (VBR MP3 with no Xing header, streamed
// WebM and Ogg, truncated files). Uploads are untrusted, so the demuxer is forced by the extension
// (never probed), only local files are readable, and each run has a memory, CPU and wall-clock limit.
// A file it cannot measure is an AudioMeasureError with a reason, never a hang or a crash.
import { spawn } from 'node:child_process'
import { open } from 'node:fs/promises'
import { extensionOf } from '../storage/file-storage.ts'

export type AudioMeasureFailure =
  /** The extension is not one this module knows how to demux. */
  | 'unsupported_type'
  /** ffmpeg read it and found no audio it could measure (not audio, empty, broken). */
  | 'not_audio'
  /** The run hit its wall-clock, CPU or memory limit. */
  | 'over_limits'
  /** ffmpeg (or prlimit) is not installed where the setting says. */
  | 'ffmpeg_missing'

export class AudioMeasureError extends Error {
  constructor(
    readonly reason: AudioMeasureFailure,
    readonly fileName: string,
    /** ffmpeg's own words (its first stderr line), for the log only. */
    readonly detail = '',
  ) {
    super(`could not measure ${fileName}: ${reason}${detail ? ` (${detail})` : ''}`)
    this.name = 'AudioMeasureError'
  }
}

export interface MeasureLimits {
  /** The ffmpeg binary (the FFMPEG_PATH setting). */
  ffmpegPath: string
  /** Wall clock per file; the run is killed (SIGKILL) past it. */
  timeoutMs: number
  /** Address space (prlimit --as). Debian's ffmpeg maps ~270 MiB of libraries before it reads a byte. */
  memoryBytes: number
  cpuSeconds: number
  /** Runs at once per measurer: each is one single-threaded process. */
  concurrent: number
}

export const DEFAULT_MEASURE_LIMITS: MeasureLimits = {
  ffmpegPath: 'ffmpeg',
  timeoutMs: 15_000,
  memoryBytes: 512 * 1024 * 1024,
  cpuSeconds: 10,
  concurrent: 2,
}

/**
 * Extension → ffmpeg demuxer. `lastPacket`: add every packet's own duration with the setts filter,
 * because the null muxer counts 0 for the last packet of Ogg (Opus, Vorbis) and MP4 AAC when no
 * decoder is open; elsewhere it would count the last packet twice. `probeDecoder`: raw ADTS AAC gets
 * its sample rate only from the AAC decoder, so that one format lets ffmpeg probe with it.
 */
const DEMUXERS: Record<string, { demuxer: string; lastPacket?: boolean; probeDecoder?: string }> = {
  mp3: { demuxer: 'mp3' },
  wav: { demuxer: 'wav' },
  webm: { demuxer: 'matroska' },
  amr: { demuxer: 'amr' },
  wma: { demuxer: 'asf' },
  aac: { demuxer: 'aac', probeDecoder: 'aac' },
  ogg: { demuxer: 'ogg', lastPacket: true },
  oga: { demuxer: 'ogg', lastPacket: true },
  opus: { demuxer: 'ogg', lastPacket: true },
  m4a: { demuxer: 'mov', lastPacket: true },
  mp4: { demuxer: 'mov', lastPacket: true },
  '3gp': { demuxer: 'mov', lastPacket: true },
  flac: { demuxer: 'flac', lastPacket: true },
}

/** Seconds of audio in the file at `filePath`; `fileName` (its extension) says what it claims to be. */
export type MeasureAudioFile = (filePath: string, fileName: string) => Promise<number>

/** A measurer with its limits; at most `concurrent` ffmpeg runs at once, the rest wait their turn. */
export function createAudioMeasurer(limits: Partial<MeasureLimits> = {}): MeasureAudioFile {
  const settings = { ...DEFAULT_MEASURE_LIMITS, ...limits }
  let running = 0
  const waiting: Array<() => void> = []
  return async (filePath, fileName) => {
    while (running >= settings.concurrent) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await measure(filePath, fileName, settings)
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

async function measure(filePath: string, fileName: string, limits: MeasureLimits): Promise<number> {
  const format = DEMUXERS[extensionOf(fileName)]
  if (!format) throw new AudioMeasureError('unsupported_type', fileName)
  if (format.demuxer === 'flac') {
    const exact = await measureFlacBySeeking(filePath, fileName, limits)
    if (exact !== null) return exact
  }
  const output = await runFfmpeg(limits, fileName, [
    ...demuxOnly(format.demuxer, format.probeDecoder),
    '-i', `file:${filePath}`,
    '-map', '0:a:0', '-c', 'copy',
    ...(format.lastPacket ? ['-bsf:a', 'setts=ts=TS+DURATION'] : []),
    '-f', 'null', '-progress', 'pipe:1', '-',
  ])
  // -progress writes key=value blocks; the last one ends with progress=end. out_time_ms is in
  // microseconds too in FFmpeg 5.1 (a known bug), so only out_time_us is read.
  const micros = [...output.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1]
  // A moov-at-end MP4 ffmpeg cannot reach exits 0 with out_time_us=0: no packets is no audio.
  if (!/^progress=end$/m.test(output) || micros === undefined || Number(micros) <= 0) {
    throw new AudioMeasureError('not_audio', fileName, 'no audio packets')
  }
  return Number(micros) / 1e6
}

/** Input options that make ffmpeg a plain demuxer of one named format, reading local files only. */
function demuxOnly(demuxer: string, probeDecoder = 'none'): string[] {
  return [
    '-hide_banner', '-nostdin', '-nostats', '-v', 'error',
    '-protocol_whitelist', 'file,pipe', '-format_whitelist', demuxer, '-codec_whitelist', probeDecoder,
    '-max_alloc', String(64 * 1024 * 1024),
    '-f', demuxer,
  ]
}

/**
 * FLAC (a full pass parses every byte, and counts a truncated file's partial last frame in full):
 * the total from STREAMINFO, checked against the last packet after a seek to one second before the
 * end. They agree: the file is whole and the total is exact. They do not: it is truncated, and the
 * audio ends where the last (partial, undecodable) frame starts. Null when STREAMINFO gives no total
 * (a streamed FLAC, or a tag before it): then the full pass measures it.
 */
async function measureFlacBySeeking(filePath: string, fileName: string, limits: MeasureLimits): Promise<number | null> {
  const info = await readFlacStreamInfo(filePath)
  if (!info) return null
  const output = await runFfmpeg(limits, fileName, [
    ...demuxOnly('flac'),
    '-sseof', '-1', '-copyts', '-i', `file:${filePath}`,
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

/**
 * STREAMINFO is the first metadata block, at a fixed place: "fLaC", a 4-byte block header, then
 * 34 bytes in which bits 80–99 are the sample rate and bits 108–143 the total samples (0: unknown).
 */
async function readFlacStreamInfo(filePath: string): Promise<{ sampleRate: number; totalSamples: number } | null> {
  const file = await open(filePath, 'r')
  try {
    const { buffer, bytesRead } = await file.read(Buffer.alloc(42), 0, 42, 0)
    if (bytesRead < 42 || buffer.toString('latin1', 0, 4) !== 'fLaC' || (buffer[4]! & 0x7f) !== 0) return null
    const info = buffer.subarray(8)
    const sampleRate = (info[10]! << 12) | (info[11]! << 4) | (info[12]! >> 4)
    const totalSamples = (info[13]! & 0x0f) * 2 ** 32 + info.readUInt32BE(14)
    return sampleRate > 0 && totalSamples > 0 ? { sampleRate, totalSamples } : null
  } finally {
    await file.close()
  }
}

/** Runs ffmpeg under prlimit (no shell) and answers its stdout, or throws an AudioMeasureError. */
function runFfmpeg(limits: MeasureLimits, fileName: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // prlimit execs ffmpeg, so the process Node holds is ffmpeg itself and SIGKILL reaches it.
    const child = spawn('prlimit', [`--as=${limits.memoryBytes}`, `--cpu=${limits.cpuSeconds}`, '--', limits.ffmpegPath, ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      child.kill('SIGKILL')
    }, limits.timeoutMs)
    // Only the tail of stdout matters (the last progress block or framecrc line); stderr's head is the reason.
    let output = ''
    let errors = ''
    child.stdout.setEncoding('utf8').on('data', (text: string) => {
      output += text
      if (output.length > 100_000) output = output.slice(-8192)
    })
    child.stderr.setEncoding('utf8').on('data', (text: string) => {
      if (errors.length < 4096) errors += text
    })
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer)
      reject(new AudioMeasureError(error.code === 'ENOENT' ? 'ffmpeg_missing' : 'not_audio', fileName, error.message))
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      // "Codec (x) not on whitelist 'none'" lines are expected: the reason is the last line.
      const detail = errors.trim().split('\n').at(-1) ?? ''
      if (timedOut) reject(new AudioMeasureError('over_limits', fileName, `no answer within ${limits.timeoutMs} ms`))
      else if (signal) reject(new AudioMeasureError('over_limits', fileName, `stopped by ${signal} (CPU or memory limit)`))
      // prlimit could not run the binary at all.
      else if (/^prlimit: failed to execute/m.test(errors)) reject(new AudioMeasureError('ffmpeg_missing', fileName, detail))
      // The loader could not map ffmpeg's libraries within the memory limit (127, "failed to map segment").
      else if (code === 127) reject(new AudioMeasureError('over_limits', fileName, detail))
      else if (code !== 0) reject(new AudioMeasureError('not_audio', fileName, detail))
      else resolve(output)
    })
  })
}

/** Whether ffmpeg runs from `ffmpegPath` (under prlimit, as the measure runs it): its version line, or null. */
export async function ffmpegVersion(ffmpegPath: string): Promise<string | null> {
  const output = await runFfmpeg({ ...DEFAULT_MEASURE_LIMITS, ffmpegPath }, 'ffmpeg -version', ['-hide_banner', '-version']).catch(() => null)
  return output?.split('\n')[0]?.trim() || null
}
