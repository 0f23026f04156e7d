// A 60-minute recording through the AI transcription path against the stand-in engine in this process
// (server/test/support/stand-in-engine.ts, which measures each piece it receives with ffprobe and
// answers at once): split with ffmpeg into 10-minute FLAC pieces cut in pauses, sent TRANSCRIBE_CONCURRENCY
// (2) at a time, answers checked and joined. Figures: the split's and the whole run's wall time, the
// split's ffmpeg CPU time, and this process's resident memory before and at its peak (the stand-in's
// share included: it streams each piece to disk). The recording is an Opus WebM as a browser records
// it (the slowest kind to decode), 70 s of tone and 3 s of pause over and over, made in a temporary folder.
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createOpenAiCompatibleEngine } from '../../server/src/transcription/openai-compatible-engine.ts'
import { splitAudio } from '../../server/src/transcription/split-audio.ts'
import { transcribeRecording } from '../../server/src/transcription/transcribe-recording.ts'
import { ffmpeg } from '../../server/test/audio/generated-recordings.ts'
import { startStandInEngine } from '../../server/test/support/stand-in-engine.ts'

export interface TranscribeFigures {
  recordingSeconds: number
  pieces: number
  segments: number
  lastSegmentEnd: number
  splitMs: number
  splitCpuMs: number
  totalMs: number
  rssBeforeMb: number
  rssPeakMb: number
}

const rssMb = () => process.memoryUsage().rss / 1024 ** 2

/** CPU milliseconds of this process's finished children (/proc/self/stat cutime + cstime, in clock ticks of 10 ms). */
function childrenCpuMs(): number {
  const fields = readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[13]) + Number(fields[14])) * 10
}

export async function measureTranscribeRecording(minutes = 60): Promise<TranscribeFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-transcribe-'))
  const standIn = await startStandInEngine()
  try {
    const recording = path.join(folder, 'Inspection.webm')
    const seconds = minutes * 60
    await ffmpeg(['-f', 'lavfi', '-i', `sine=f=440:r=48000:d=${seconds},volume='if(lt(mod(t,73),70),0.5,0)':eval=frame`, '-c:a', 'libopus', '-b:a', '32k', recording])
    const engine = createOpenAiCompatibleEngine({ url: standIn.url, apiKey: undefined, model: 'whisper-1', language: 'en', concurrency: 2 })

    const rssBeforeMb = rssMb()
    let rssPeakMb = rssBeforeMb
    const sampler = setInterval(() => (rssPeakMb = Math.max(rssPeakMb, rssMb())), 20)
    let splitMs = 0
    let splitCpuMs = 0
    let pieces = 0
    const timedSplit: typeof splitAudio = async (...args) => {
      const [started, cpu] = [performance.now(), childrenCpuMs()]
      const made = await splitAudio(...args)
      ;[splitMs, splitCpuMs, pieces] = [performance.now() - started, childrenCpuMs() - cpu, made.length]
      return made
    }
    const started = performance.now()
    const segments = await transcribeRecording({ engine, filePath: recording, fileName: 'Inspection.webm', workDir: path.join(folder, 'work'), split: timedSplit })
    const totalMs = performance.now() - started
    clearInterval(sampler)
    rssPeakMb = Math.max(rssPeakMb, rssMb())
    return { recordingSeconds: seconds, pieces, segments: segments.length, lastSegmentEnd: segments.at(-1)?.end ?? 0, splitMs, splitCpuMs, totalMs, rssBeforeMb, rssPeakMb }
  } finally {
    await standIn.close()
    await rm(folder, { recursive: true, force: true })
  }
}
