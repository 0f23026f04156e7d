// Recordings made by the tests with Debian's ffmpeg (never committed): every kind the portal allows,
// in the shapes real recorders write them, with a length known from how they were made.
import { spawn } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { readdir, readFile, truncate, writeFile } from 'node:fs/promises'
import path from 'node:path'

/** The length every generated recording has (a made-up but typical odd length). */
export const SECONDS = 7.3

/**
 * 2 s of quiet tone, then loud noise with a tone: a VBR encoder writes small frames first and large
 * ones later, so an estimate from the first frames is wrong.
 */
export const SOURCE = [
  '-f', 'lavfi', '-i',
  `sine=f=440:r=48000:d=2,volume=0.05[a];anoisesrc=c=pink:r=48000:d=${SECONDS - 2}:a=0.4[n];sine=f=300:r=48000:d=${SECONDS - 2}[s];[n][s]amix=inputs=2[b];[a][b]concat=n=2:v=0:a=1`,
]

/** Runs ffmpeg; resolves with its stdout (a streamed recording written to a pipe). */
export function ffmpeg(args: string[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { stdio: ['ignore', 'pipe', 'pipe'] })
    const out: Buffer[] = []
    let errors = ''
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
    child.on('error', reject)
    child.on('close', (code) => (code === 0 ? resolve(Buffer.concat(out)) : reject(new Error(`ffmpeg ${args.join(' ')}: ${errors}`))))
  })
}

/** What the audio decodes to, in seconds: ffmpeg's full decode of every sample (the oracle for cut files). */
export function decodedSeconds(file: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const child = spawn('ffmpeg', ['-v', 'error', '-i', file, '-map', '0:a:0', '-ac', '1', '-ar', '48000', '-f', 's16le', '-'], { stdio: ['ignore', 'pipe', 'ignore'] })
    let bytes = 0
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length))
    child.on('error', reject)
    child.on('close', () => resolve(bytes / 2 / 48000))
  })
}

/**
 * An AMR storage file (RFC 4867 §5) of 20 ms frames with random payloads: Debian's ffmpeg has no AMR
 * encoder, but its demuxer only needs valid frame headers. NB mode 7 (12.2 kbit/s) is 31 payload
 * bytes, WB mode 8 (23.85 kbit/s) 60.
 */
export function amrFrames(kind: 'nb' | 'wb', seconds: number): Buffer {
  const [magic, mode, size] = kind === 'nb' ? ['#!AMR\n', 7, 31] : ['#!AMR-WB\n', 8, 60]
  const frames = Array.from({ length: Math.round(seconds / 0.02) }, () => Buffer.concat([Buffer.of((mode << 3) | 0x04), randomBytes(size)]))
  return Buffer.concat([Buffer.from(magic, 'latin1'), ...frames])
}

/** Keeps the first half of a file, as a dropped upload leaves it: its header still announces the whole. */
export async function cutInHalf(file: string): Promise<void> {
  const { length } = await readFile(file)
  await truncate(file, Math.floor(length / 2))
}

/** Makes every recording the tests measure in `folder`; answers name → path. */
export async function makeRecordings(folder: string): Promise<Record<string, string>> {
  const at = (name: string) => path.join(folder, name)
  const encode = (name: string, ...codec: string[]) => ffmpeg([...SOURCE, ...codec, at(name)])
  await Promise.all([
    encode('dictaphone.wav', '-ar', '16000', '-c:a', 'pcm_s16le'),
    encode('cbr.mp3', '-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k'),
    encode('vbr-no-xing.mp3', '-ar', '44100', '-c:a', 'libmp3lame', '-q:a', '2', '-write_xing', '0'),
    encode('phone.m4a', '-ar', '44100', '-c:a', 'aac', '-b:a', '96k'),
    encode('lossless.flac', '-ar', '44100', '-c:a', 'flac'),
    encode('vorbis.ogg', '-ar', '44100', '-c:a', 'libvorbis', '-q:a', '3'),
    encode('voice.opus', '-c:a', 'libopus', '-b:a', '32k'),
    encode('speex.ogg', '-ar', '16000', '-c:a', 'libspeex'),
    encode('android.3gp', '-ar', '16000', '-c:a', 'aac', '-b:a', '32k', '-f', '3gp'),
    encode('raw.aac', '-ar', '44100', '-c:a', 'aac', '-b:a', '64k'),
    encode('windows.wma', '-ar', '44100', '-c:a', 'wmav2'),
    // MediaRecorder writes as it records: no duration, no cues, a segment of unknown size.
    ffmpeg([...SOURCE, '-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', '-live', '1', '-cluster_time_limit', '1000', 'pipe:1']).then((bytes) => writeFile(at('browser.webm'), bytes)),
    ffmpeg([...SOURCE, '-c:a', 'libopus', '-b:a', '32k', '-f', 'ogg', 'pipe:1']).then((bytes) => writeFile(at('browser.ogg'), bytes)),
    writeFile(at('recorder.amr'), amrFrames('nb', SECONDS)),
    writeFile(at('recorder-wb.amr'), amrFrames('wb', SECONDS)),
    encode('cut.mp3', '-ar', '44100', '-c:a', 'libmp3lame', '-q:a', '2'),
    encode('cut.wav', '-ar', '16000', '-c:a', 'pcm_s16le'),
    encode('cut.flac', '-ar', '44100', '-c:a', 'flac'),
    // Five minutes, for a run the wall-clock limit stops.
    ffmpeg(['-f', 'lavfi', '-i', 'anoisesrc=r=8000:d=300', '-c:a', 'pcm_s16le', at('long.wav')]),
    writeFile(at('notes.mp3'), 'Kitchen: clean throughout. Oven: light soiling.\n'.repeat(200)),
  ])
  // AMR-NB in 3GP, as Android's voice recorder writes it.
  await ffmpeg(['-f', 'amr', '-i', at('recorder.amr'), '-c', 'copy', '-f', '3gp', at('android-amr.3gp')])
  await Promise.all(['cut.mp3', 'cut.wav', 'cut.flac'].map((name) => cutInHalf(at(name))))
  return Object.fromEntries((await readdir(folder)).map((name) => [name, at(name)]))
}
