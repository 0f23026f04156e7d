// The time to measure a 2-hour VBR MP3 with no Xing header (the case a header reading gets wrong by
// many seconds) with the server's measure: Debian's ffmpeg, demux only, under its limits.
// The file is made in a temporary folder (a 5-minute VBR segment repeated 24 times: a valid MP3
// frame stream, ~70 MB) and deleted afterwards.
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createAudioMeasurer } from '../../server/src/audio/measure-with-ffmpeg.ts'
import { ffmpeg } from '../../server/test/audio/generated-recordings.ts'

export interface AudioMeasureFigures {
  /** What the measure answered, in seconds (7200 and a little: each segment's last frame is whole). */
  answer: number
  /** Wall-clock milliseconds of each run. */
  runsMs: number[]
}

export async function measureTwoHourMp3(runs = 3): Promise<AudioMeasureFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-audio-'))
  try {
    const segment = path.join(folder, 'segment.mp3')
    // Quiet speech-like tone, then loud noise: the bit rate varies a lot from frame to frame.
    await ffmpeg([
      '-f', 'lavfi', '-i', 'sine=f=440:r=44100:d=60,volume=0.05[a];anoisesrc=c=pink:r=44100:d=240:a=0.4[b];[a][b]concat=n=2:v=0:a=1',
      '-c:a', 'libmp3lame', '-q:a', '2', '-write_xing', '0', '-id3v2_version', '0', '-write_id3v1', '0', segment,
    ])
    const bytes = await readFile(segment)
    const file = path.join(folder, 'two-hours-vbr-no-xing.mp3')
    for (let i = 0; i < 24; i++) await appendFile(file, bytes)
    const measure = createAudioMeasurer()
    const runsMs: number[] = []
    let answer = 0
    for (let i = 0; i < runs; i++) {
      const started = performance.now()
      answer = await measure(file, 'Inspection.mp3')
      runsMs.push(performance.now() - started)
    }
    return { answer, runsMs }
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
}
