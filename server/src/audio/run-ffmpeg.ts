// One ffmpeg run under limits, for the audio measure (decisions.md "Create Job: measuring audio"):
// prlimit caps its memory and CPU, Node kills it past its wall clock, no shell is involved, and every
// way it can fail is an AudioMeasureError with a reason, never a hang or a crash.
import { spawn } from 'node:child_process'
import { diesWithServer } from './child-dies-with-server.ts'
import { ffmpegInputOptions, inputOf, type AudioSource } from './ffmpeg-input.ts'

export type AudioMeasureFailure =
  /** The extension is not one the measure knows how to read. */
  | 'unsupported_type'
  /** ffmpeg read it and found no audio it could measure (not audio, empty, broken). */
  | 'not_audio'
  /** The file's header contradicts its audio (a sample rate no recorder uses, a size that hides audio). */
  | 'header_mismatch'
  /** The run hit its wall-clock, CPU or memory limit. */
  | 'over_limits'
  /** ffmpeg (or prlimit) is not installed where the setting says. */
  | 'ffmpeg_missing'
  /** ffmpeg could not read the stored file over its URL: object storage refused, failed or did not answer. */
  | 'storage_unreachable'

export class AudioMeasureError extends Error {
  constructor(
    readonly reason: AudioMeasureFailure,
    readonly fileName: string,
    /** ffmpeg's own words (its last stderr line), or what the header check found: for the log only. */
    readonly detail = '',
  ) {
    super(`could not measure ${fileName}: ${reason}${detail ? ` (${detail})` : ''}`)
    this.name = 'AudioMeasureError'
  }
}

export interface MeasureLimits {
  /** The ffmpeg binary (the FFMPEG_PATH setting). */
  ffmpegPath: string
  /** Wall clock per ffmpeg run; the run is killed (SIGKILL) past it. */
  timeoutMs: number
  /** Address space (prlimit --as). Debian's ffmpeg maps ~270 MiB of libraries before it reads a byte. */
  memoryBytes: number
  cpuSeconds: number
  /** Runs at once per measurer: each is one single-threaded process. */
  concurrent: number
}

/**
 * Decoding a 2-hour Opus WebM (the slowest codec the measure decodes) takes about 6.5 s of CPU on this
 * machine, a 2-hour AAC M4A about 2.5 s: 60 CPU seconds admit some 18 hours of Opus in one file. The
 * wall clock only stops a run that hangs: on this 2-core machine loaded 7 times over, the 2-hour Opus
 * took up to 54 s, so it is 5 minutes (docs/decisions/audio-length-from-samples.md).
 */
export const DEFAULT_MEASURE_LIMITS: MeasureLimits = {
  ffmpegPath: 'ffmpeg',
  timeoutMs: 300_000,
  memoryBytes: 512 * 1024 * 1024,
  cpuSeconds: 60,
  concurrent: 2,
}

/** ffmpeg's words (5.1) when a decoded frame's format differs from the first and the filters may not be rebuilt. */
const FORMAT_CHANGED = 'Changing audio frame properties on the fly is not supported'
export const FORMAT_CHANGED_DETAIL = 'the sample rate or channels change within the audio'

/**
 * ffmpeg names the input it could not open, and for object storage that is a presigned URL whose query
 * holds the access key id and a signature valid for an hour: the detail goes to logs, so the query goes.
 */
/**
 * ffmpeg's last line when it could not open a URL input: the object storage's answer or the network's,
 * never the recording's (a file that is not audio says "Invalid data found…" or "Invalid argument").
 */
const URL_NOT_READ = /^https?:\/\/\S+: (Server returned|Connection refused|Connection timed out|Connection reset by peer|Network is unreachable|No route to host|Input\/output error|I\/O error)/

const withoutUrlQueries = (text: string) => text.replace(/(\bhttps?:\/\/[^\s?'"]*)\?[^\s'":]*/g, '$1?(signature hidden)')

/**
 * Runs ffmpeg under prlimit (no shell) and answers its stdout's tail, or throws an AudioMeasureError.
 * `cwd`: where relative paths in the arguments lead (a filter's file option, which would need two levels
 * of escaping for a full path with ':' or spaces).
 */
export function runFfmpeg(limits: MeasureLimits, fileName: string, args: string[], cwd?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    // prlimit execs ffmpeg, so the process Node holds is ffmpeg itself and SIGKILL reaches it.
    const child = spawn(...diesWithServer('prlimit', [`--as=${limits.memoryBytes}`, `--cpu=${limits.cpuSeconds}`, '--', limits.ffmpegPath, ...args]), {
      stdio: ['ignore', 'pipe', 'pipe'],
      cwd,
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
      const lastLine = errors.trim().split('\n').at(-1) ?? ''
      const detail = withoutUrlQueries(lastLine)
      if (timedOut) reject(new AudioMeasureError('over_limits', fileName, `no answer within ${limits.timeoutMs} ms`))
      else if (signal) reject(new AudioMeasureError('over_limits', fileName, `stopped by ${signal} (CPU or memory limit)`))
      // prlimit could not run the binary at all.
      else if (/^prlimit: failed to execute/m.test(errors)) reject(new AudioMeasureError('ffmpeg_missing', fileName, detail))
      // The loader could not map ffmpeg's libraries within the memory limit (127, "failed to map segment").
      else if (code === 127) reject(new AudioMeasureError('over_limits', fileName, detail))
      // A decode under `-reinit_filter 0` (measure-with-ffmpeg.ts) met frames of another sample rate or
      // channel layout than the first: the packets' times were counted at the first frame's rate.
      else if (code !== 0 && errors.includes(FORMAT_CHANGED)) reject(new AudioMeasureError('header_mismatch', fileName, FORMAT_CHANGED_DETAIL))
      // Object storage away or refusing is ours to fix, not the clerk's recording.
      else if (code !== 0 && URL_NOT_READ.test(lastLine)) reject(new AudioMeasureError('storage_unreachable', fileName, detail))
      else if (code !== 0) reject(new AudioMeasureError('not_audio', fileName, detail))
      else resolve(output)
    })
  })
}

/**
 * The end of the output in seconds from `-progress pipe:1`'s last block. out_time_ms is in
 * microseconds too in FFmpeg 5.1 (a known bug), so only out_time_us is read. A moov-at-end MP4 ffmpeg
 * cannot reach exits 0 with out_time_us=0: no packets is no audio.
 */
export function progressEndSeconds(output: string, fileName: string): number {
  const micros = [...output.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1]
  if (!/^progress=end$/m.test(output) || micros === undefined || Number(micros) <= 0) {
    throw new AudioMeasureError('not_audio', fileName, 'no audio packets')
  }
  return Number(micros) / 1e6
}

/**
 * Input options that make ffmpeg read one named format through `protocols` only (local files unless
 * told), opening only `decoders`.
 */
export function readOnly(demuxer: string, decoders = 'none', protocols = 'file,pipe'): string[] {
  return [
    '-hide_banner', '-nostdin', '-nostats', '-v', 'error',
    '-protocol_whitelist', protocols, '-format_whitelist', demuxer, '-codec_whitelist', decoders,
    '-max_alloc', String(64 * 1024 * 1024),
    '-f', demuxer,
  ]
}

/**
 * One input read as readOnly reads it, from a path or a URL (ffmpeg-input.ts: only the protocols that
 * kind needs), with `inputOptions` (seeking, edit lists) before its `-i`.
 */
export function readInput(source: AudioSource, demuxer: string, decoders = 'none', inputOptions: string[] = []): string[] {
  const { protocols, options, target } = ffmpegInputOptions(inputOf(source))
  return [...readOnly(demuxer, decoders, protocols), ...options, ...inputOptions, '-i', target]
}

/** Whether ffmpeg runs from `ffmpegPath` (under prlimit, as the measure runs it): its version line, or null. */
export async function ffmpegVersion(ffmpegPath: string): Promise<string | null> {
  const output = await runFfmpeg({ ...DEFAULT_MEASURE_LIMITS, ffmpegPath }, 'ffmpeg -version', ['-hide_banner', '-version']).catch(() => null)
  return output?.split('\n')[0]?.trim() || null
}
