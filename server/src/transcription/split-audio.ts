// A recording cut into pieces every engine accepts (docs/decisions/transcription-engine.md): at most
// 10 minutes and under 25 MB each, 16 kHz mono FLAC, cut in a silence near each 10-minute mark where
// there is one. FLAC because every engine named in the README reads it without converting (whisper.cpp's
// server reads only WAV, MP3 and FLAC unless started with --convert), it adds no second lossy generation
// to the clerk's recording, and 10 minutes of 16-bit 16 kHz mono is at most 19.2 MB even when nothing
// compresses: under 25 MB by construction. Two ffmpeg runs under run-ffmpeg.ts's limits, reading the
// upload as the measure does (demuxer forced by the extension, only the decoders its kind needs):
// one finds the silences and the length, one decodes once more and writes every piece, each cut at
// an exact sample by atrim (so each piece's start, which shifts its texts' times, is exact too).
import { mkdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { extensionOf } from '../storage/file-storage.ts'
import { AUDIO_READERS as READERS } from '../audio/audio-readers.ts'
import { AudioMeasureError, DEFAULT_MEASURE_LIMITS, progressEndSeconds, readOnly, runFfmpeg, type MeasureLimits } from '../audio/run-ffmpeg.ts'

/** One piece on disk and where it lies in the recording, in seconds. */
export interface AudioPiece {
  path: string
  start: number
  end: number
}

export interface Silence {
  start: number
  end: number
}

/** A piece's longest length: the engines' (and OpenAI's documented) comfortable 10 minutes. */
export const PIECE_SECONDS = 600
/** How far before each 10-minute mark a silence is looked for. */
export const CUT_LOOK_BACK_SECONDS = 120
/** The engines' upload limit (OpenAI's is 25 MB). */
export const PIECE_BYTES_LIMIT = 25 * 1000 * 1000

/** Quieter than this for at least SILENCE_SECONDS is a silence (a pause between sentences). */
const SILENCE_NOISE = '-30dB'
const SILENCE_SECONDS = 0.5

/**
 * Decoding, resampling and encoding a 2-hour recording costs some 20 s of CPU on this machine: 5 CPU
 * minutes and 15 minutes of wall clock (a loaded machine) admit recordings far longer than a clerk's.
 */
export const SPLIT_LIMITS: MeasureLimits = { ...DEFAULT_MEASURE_LIMITS, cpuSeconds: 300, timeoutMs: 900_000 }

const SAMPLE_RATE = 16000
/** 16 kHz mono with times counted from its first sample (a container may start at a later time). */
const TO_16K_MONO = `aresample=${SAMPLE_RATE},aformat=channel_layouts=mono,asetpts=N/SR/TB`

/**
 * Cuts `filePath` (an upload, `fileName` says its kind) into pieces in `workDir`, which the caller owns;
 * running again writes the same pieces over the old ones. Throws an AudioMeasureError.
 */
export async function splitAudio(filePath: string, fileName: string, workDir: string, limits: MeasureLimits = SPLIT_LIMITS): Promise<AudioPiece[]> {
  const reader = READERS[extensionOf(fileName)]
  if (!reader) throw new AudioMeasureError('unsupported_type', fileName)
  // Absolute: ffmpeg runs in the work folder.
  workDir = path.resolve(workDir)
  await mkdir(workDir, { recursive: true })
  const input = [...readOnly(reader.demuxer, reader.decoders), '-i', `file:${path.resolve(filePath)}`]

  // ffmpeg runs in the work folder, so the filter's file option is a bare name that needs no escaping.
  const silencesFile = 'silences.txt'
  const output = await runFfmpeg(limits, fileName, [
    ...input,
    '-map', '0:a:0',
    '-af', `${TO_16K_MONO},silencedetect=noise=${SILENCE_NOISE}:duration=${SILENCE_SECONDS},ametadata=mode=print:file=${silencesFile}`,
    '-f', 'null', '-progress', 'pipe:1', '-',
  ], workDir)
  const seconds = progressEndSeconds(output, fileName)
  const cuts = chooseCuts(seconds, readSilences(await readFile(path.join(workDir, silencesFile), 'utf8'), seconds))

  // Cuts on whole samples; each piece is one output of the same decode, trimmed to its samples.
  const bounds = [0, ...cuts.map((cut) => Math.round(cut * SAMPLE_RATE)), Math.round(seconds * SAMPLE_RATE)]
  const pieces: AudioPiece[] = bounds.slice(1).map((end, index) => ({
    path: path.join(workDir, `piece-${String(index).padStart(3, '0')}.flac`),
    start: bounds[index]! / SAMPLE_RATE,
    end: end / SAMPLE_RATE,
  }))
  const trims = pieces.map((_, index) => `[part${index}]atrim=start_sample=${bounds[index]}:end_sample=${bounds[index + 1]},asetpts=PTS-STARTPTS[piece${index}]`)
  await runFfmpeg(limits, fileName, [
    ...input,
    '-filter_complex', [`[0:a:0]${TO_16K_MONO},asplit=${pieces.length}${pieces.map((_, index) => `[part${index}]`).join('')}`, ...trims].join(';'),
    ...pieces.flatMap((piece, index) => ['-map', `[piece${index}]`, '-c:a', 'flac', '-sample_fmt', 's16', '-y', piece.path]),
  ])
  for (const piece of pieces) {
    const { size } = await stat(piece.path)
    if (size >= PIECE_BYTES_LIMIT) throw new AudioMeasureError('over_limits', fileName, `${path.basename(piece.path)} is ${size} bytes`)
  }
  return pieces
}

/**
 * Where to cut `seconds` of audio so no piece is longer than PIECE_SECONDS: at each mark, in the
 * latest silence of the CUT_LOOK_BACK_SECONDS before it (in its middle, or at the mark when the middle
 * is past it), or at the mark itself when there is none.
 */
export function chooseCuts(seconds: number, silences: Silence[], pieceSeconds = PIECE_SECONDS, lookBack = CUT_LOOK_BACK_SECONDS): number[] {
  const cuts: number[] = []
  let from = 0
  while (seconds - from > pieceSeconds) {
    const mark = from + pieceSeconds
    const inSilence = silences
      .filter((silence) => silence.start <= mark && silence.end >= mark - lookBack)
      .map((silence) => Math.min((silence.start + silence.end) / 2, mark))
      .filter((cut) => cut >= mark - lookBack && cut > from)
    const cut = inSilence.length > 0 ? Math.max(...inSilence) : mark
    cuts.push(cut)
    from = cut
  }
  return cuts
}

/** ametadata's print of silencedetect: silence_start and silence_end lines; one still open at the end ends there. */
export function readSilences(printed: string, seconds: number): Silence[] {
  const silences: Silence[] = []
  let start: number | null = null
  for (const [, key, value] of printed.matchAll(/^lavfi\.silence_(start|end)=(-?[\d.]+)$/gm)) {
    if (key === 'start') start = Math.max(0, Number(value))
    else if (start !== null) {
      silences.push({ start, end: Number(value) })
      start = null
    }
  }
  if (start !== null) silences.push({ start, end: seconds })
  return silences
}
