// The time to measure 2-hour recordings with the server's measure (Debian's ffmpeg, under its limits):
// a VBR MP3 with no Xing header (the case a header reading gets wrong by many seconds; demux only),
// and the two kinds whose container clock is checked by decoding every sample (issue 24): an Opus
// WebM as browsers record it (the slowest codec the measure decodes) and an AAC M4A as phones do.
// Each file is made in a temporary folder from a 5-minute segment repeated 24 times (the MP3 frame
// stream appended, the others joined by ffmpeg's concat demuxer without re-encoding) and deleted afterwards.
import { readFileSync } from 'node:fs'
import { appendFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createAudioMeasurer } from '../../server/src/audio/measure-with-ffmpeg.ts'
import { ffmpeg } from '../../server/test/audio/generated-recordings.ts'

export interface AudioMeasureFigures {
  /** What each recording is: its name in the report. */
  kind: string
  /** What the measure answered, in seconds (7200 and a little: each segment's last frame is whole). */
  answer: number
  /** Wall-clock milliseconds of each run. */
  runsMs: number[]
  /** CPU milliseconds the run's ffmpeg processes used (user + system): what the CPU limit counts, and less bent by a busy machine. */
  runsCpuMs: number[]
}

/** CPU milliseconds of this process's finished children (/proc/self/stat cutime + cstime, in clock ticks of 10 ms). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[13]) + Number(fields[14])) * 10
}

/** Quiet speech-like tone, then loud noise: the bit rate of a VBR encoder varies a lot from frame to frame. */
const SEGMENT_SOURCE = ['-f', 'lavfi', '-i', 'sine=f=440:r=44100:d=60,volume=0.05[a];anoisesrc=c=pink:r=44100:d=240:a=0.4[b];[a][b]concat=n=2:v=0:a=1']

const KINDS = [
  { kind: 'VBR MP3, no Xing header (demux only)', name: 'Inspection.mp3', encode: ['-c:a', 'libmp3lame', '-q:a', '2', '-write_xing', '0', '-id3v2_version', '0', '-write_id3v1', '0'] },
  { kind: 'Opus WebM, as a browser records (demux, and every sample decoded)', name: 'Inspection.webm', encode: ['-c:a', 'libopus', '-b:a', '32k'] },
  { kind: 'AAC M4A, as a phone records (demux, and every sample decoded)', name: 'Inspection.m4a', encode: ['-c:a', 'aac', '-b:a', '64k'] },
] as const

export async function measureTwoHourRecordings(runs = 3): Promise<AudioMeasureFigures[]> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-audio-'))
  try {
    const measure = createAudioMeasurer()
    const figures: AudioMeasureFigures[] = []
    for (const { kind, name, encode } of KINDS) {
      const file = await twoHours(folder, name, encode)
      const runsMs: number[] = []
      const runsCpuMs: number[] = []
      let answer = 0
      for (let i = 0; i < runs; i++) {
        const [started, cpu] = [performance.now(), childrenCpuMs()]
        answer = await measure(file, name)
        runsMs.push(performance.now() - started)
        runsCpuMs.push(childrenCpuMs() - cpu)
      }
      figures.push({ kind, answer, runsMs, runsCpuMs })
    }
    return figures
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}

async function twoHours(folder: string, name: string, encode: readonly string[]): Promise<string> {
  const extension = path.extname(name)
  const segment = path.join(folder, `segment${extension}`)
  const file = path.join(folder, `two-hours${extension}`)
  await ffmpeg([...SEGMENT_SOURCE, ...encode, segment])
  if (extension === '.mp3') {
    const bytes = await readFile(segment)
    for (let i = 0; i < 24; i++) await appendFile(file, bytes)
  } else {
    const list = path.join(folder, `segments${extension}.txt`)
    await writeFile(list, `file '${segment}'\n`.repeat(24))
    await ffmpeg(['-f', 'concat', '-safe', '0', '-i', list, '-c', 'copy', file])
  }
  return file
}
