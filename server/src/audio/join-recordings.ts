// Several recordings joined into one, in order, for a job type that takes one audio file (AI and AI +
// Proofreading; docs/decisions/joined-recordings.md). ffmpeg copies the packets as they are when every
// recording carries the same codec with the same rate, channels and codec setup (the concat demuxer:
// no second lossy generation, and it costs almost no CPU); otherwise it decodes each one and encodes
// the whole once to Opus in WebM. Every run reads the uploads as the measure does (local files only,
// the demuxers the kinds need, only the decoders a re-encode needs) under run-ffmpeg.ts's limits. The
// result is never trusted for its length: the caller stores it and measures it like any upload.
// Recordings on object storage are read over presigned URLs (ffmpeg-input.ts), never copied first.
import { symlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { extensionOf } from '../storage/file-storage.ts'
import { AUDIO_READERS } from './audio-readers.ts'
import { ffmpegInputOptions, inputOf, type AudioSource } from './ffmpeg-input.ts'
import { AudioMeasureError, DEFAULT_MEASURE_LIMITS, readInput, runFfmpeg, type MeasureLimits } from './run-ffmpeg.ts'

/**
 * One recording to join: where it is (a path on local disk, or a stored file's FfmpegInput), and its
 * name (its extension says its kind).
 */
export interface JoinInput {
  filePath: AudioSource
  fileName: string
}

/** What ffmpeg's framecrc header says of a file's first audio stream. */
export interface AudioStreamFacts {
  codec: string
  sampleRate: string
  channelLayout: string
  /** Size and CRC of the codec's setup (OpusHead, AAC's AudioSpecificConfig); '' when it has none. */
  extradata: string
}

export type JoinMethod = 'stream-copy' | 're-encode'

export interface JoinedRecording {
  filePath: string
  /** The joined file's extension, which the stored name must carry. */
  extension: string
  method: JoinMethod
}

/**
 * A codec ffmpeg may copy into one file, and the container it goes in: each is one the measure reads
 * and the portal allows. Raw ADTS AAC is left out (its packets need rewriting for MP4): re-encoded.
 */
const COPY_CONTAINERS: Record<string, { extension: string; muxer: string }> = {
  opus: { extension: 'webm', muxer: 'webm' },
  vorbis: { extension: 'webm', muxer: 'webm' },
  mp3: { extension: 'mp3', muxer: 'mp3' },
  aac: { extension: 'm4a', muxer: 'ipod' },
  flac: { extension: 'flac', muxer: 'flac' },
}

/**
 * Decoding every recording and encoding 20 minutes of Opus took 6.3 s of CPU on this machine, so 2
 * hours some 40 s (a stream copy well under 1 s): the transcription's split limits (5 CPU minutes, 15 minutes of wall
 * clock on a loaded machine) admit a clerk's longest inspections.
 */
export const JOIN_LIMITS: MeasureLimits = { ...DEFAULT_MEASURE_LIMITS, cpuSeconds: 300, timeoutMs: 900_000 }

/** Joins `inputs` in order; at most `concurrent` joins at once, the others wait their turn. */
export type JoinRecordings = (inputs: readonly JoinInput[], workDir: string) => Promise<JoinedRecording>

export function createRecordingJoiner(limits: Partial<MeasureLimits> = {}): JoinRecordings {
  const settings = { ...JOIN_LIMITS, ...limits }
  let running = 0
  const waiting: Array<() => void> = []
  return async (inputs, workDir) => {
    while (running >= settings.concurrent) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await joinRecordings(inputs, workDir, settings)
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}

/** Joins `inputs` in order into a new file in `workDir` (an empty folder the caller owns and removes). */
export async function joinRecordings(inputs: readonly JoinInput[], workDir: string, limits: MeasureLimits = JOIN_LIMITS): Promise<JoinedRecording> {
  const facts = await Promise.all(inputs.map((input) => probeAudioStream(input, limits)))
  const copy = copyContainer(inputs, facts)
  if (copy) {
    const filePath = path.join(workDir, `joined.${copy.extension}`)
    await joinByStreamCopy(inputs, workDir, filePath, copy.muxer, limits)
    return { filePath, extension: copy.extension, method: 'stream-copy' }
  }
  const filePath = path.join(workDir, 'joined.webm')
  await joinByReEncoding(inputs, facts, filePath, limits)
  return { filePath, extension: 'webm', method: 're-encode' }
}

/** The container a stream copy writes, or null when the recordings differ (or the codec is not one to copy). */
export function copyContainer(inputs: readonly JoinInput[], facts: readonly AudioStreamFacts[]): { extension: string; muxer: string } | null {
  const [first] = facts
  if (!first) return null
  const same = facts.every(
    (fact) => fact.codec === first.codec && fact.sampleRate === first.sampleRate && fact.channelLayout === first.channelLayout && fact.extradata === first.extradata,
  )
  if (!same || inputs.some((input) => extensionOf(input.fileName) === 'aac')) return null
  return COPY_CONTAINERS[first.codec] ?? null
}

/**
 * The first audio stream's codec, rate, channels and setup, from the header framecrc writes before its
 * first packet (one packet copied, nothing decoded).
 */
export async function probeAudioStream({ filePath, fileName }: JoinInput, limits: MeasureLimits = JOIN_LIMITS): Promise<AudioStreamFacts> {
  const reader = readerOf(fileName)
  const output = await runFfmpeg(limits, fileName, [
    ...readInput(filePath, reader.demuxer, reader.demuxer === 'aac' ? 'aac' : 'none'),
    '-map', '0:a:0', '-c', 'copy', '-frames:a', '1', '-f', 'framecrc', '-',
  ])
  return parseFramecrcHeader(output, fileName)
}

/** framecrc's `#codec_id 0: opus`-style header lines of stream 0. */
export function parseFramecrcHeader(output: string, fileName: string): AudioStreamFacts {
  const line = (name: string) => new RegExp(`^#${name} 0:\\s*(.+)$`, 'm').exec(output)?.[1]?.trim()
  const codec = line('codec_id')
  if (!codec || line('media_type') !== 'audio') throw new AudioMeasureError('not_audio', fileName, 'no audio stream')
  return { codec, sampleRate: line('sample_rate') ?? '', channelLayout: line('channel_layout_name') ?? '', extradata: line('extradata') ?? '' }
}

/**
 * The concat demuxer reads a list of the recordings. Files on local disk are each linked into the work
 * folder under a bare name, so the list needs no quoting of the clerk's file names and its safe mode
 * stays on. URLs (object storage) are listed as they are, quoted, with safe mode off (it refuses any
 * protocol), and the list itself is handed over as a `data:` URI: the only protocols ffmpeg may open
 * are then `data` and the URLs' own, never a local file.
 */
async function joinByStreamCopy(inputs: readonly JoinInput[], workDir: string, output: string, muxer: string, limits: MeasureLimits) {
  const sources = inputs.map((input) => inputOf(input.filePath))
  const demuxers = [...new Set(inputs.map((input) => readerOf(input.fileName).demuxer))]
  let list: { protocols: string; options: string[]; target: string }
  if (sources.every((source) => source.kind === 'file')) {
    const names = inputs.map((input, index) => `part-${String(index + 1).padStart(2, '0')}.${extensionOf(input.fileName)}`)
    await Promise.all(sources.map((source, index) => symlink(path.resolve(source.path), path.join(workDir, names[index]!))))
    await writeFile(path.join(workDir, 'parts.txt'), ['ffconcat version 1.0', ...names.map((name) => `file ${name}`), ''].join('\n'))
    list = { protocols: 'file,pipe', options: [], target: 'file:parts.txt' }
  } else {
    const urls = sources.map((source) => {
      if (source.kind !== 'url') throw new Error('recordings to join are all on local disk or all at URLs')
      return { url: source.url, ...ffmpegInputOptions(source) }
    })
    const protocols = [...new Set(['data', ...urls.flatMap((entry) => entry.protocols.split(','))])].join(',')
    const text = ['ffconcat version 1.0', ...urls.map((entry) => `file '${entry.url.replaceAll("'", "'\\''")}'`), ''].join('\n')
    list = { protocols, options: [...urls[0]!.options, '-safe', '0'], target: `data:text/plain;base64,${Buffer.from(text).toString('base64')}` }
  }
  await runFfmpeg(limits, inputs[0]!.fileName, [
    '-hide_banner', '-nostdin', '-nostats', '-v', 'error',
    '-protocol_whitelist', list.protocols, '-format_whitelist', ['concat', ...demuxers].join(','), '-codec_whitelist', 'none',
    '-max_alloc', String(64 * 1024 * 1024),
    ...list.options,
    '-f', 'concat', '-i', list.target,
    '-map', '0:a:0', '-c', 'copy', '-f', muxer, '-y', path.resolve(output),
  ], workDir)
}

/**
 * Each recording decoded (its kind's decoders only), put end to end by the concat filter and encoded
 * once to Opus: mono at 32 kbit/s when every recording is mono (speech), else stereo at 64 kbit/s.
 */
async function joinByReEncoding(inputs: readonly JoinInput[], facts: readonly AudioStreamFacts[], output: string, limits: MeasureLimits) {
  const mono = facts.every((fact) => fact.channelLayout === 'mono')
  const layout = mono ? 'mono' : 'stereo'
  const prepared = inputs.map((_, index) => `[${index}:a:0]aresample=48000,aformat=sample_fmts=fltp:channel_layouts=${layout}[in${index}]`)
  const joined = `${inputs.map((_, index) => `[in${index}]`).join('')}concat=n=${inputs.length}:v=0:a=1[joined]`
  await runFfmpeg(limits, inputs[0]!.fileName, [
    ...inputs.flatMap((input) => {
      const reader = readerOf(input.fileName)
      return readInput(input.filePath, reader.demuxer, reader.decoders)
    }),
    '-filter_complex', [...prepared, joined].join(';'),
    '-map', '[joined]', '-c:a', 'libopus', '-b:a', mono ? '32k' : '64k', '-f', 'webm', '-y', path.resolve(output),
  ])
}

function readerOf(fileName: string) {
  const reader = AUDIO_READERS[extensionOf(fileName)]
  if (!reader) throw new AudioMeasureError('unsupported_type', fileName)
  return reader
}
