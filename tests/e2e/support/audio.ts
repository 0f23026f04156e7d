// Audio files for the e2e journeys, made on the spot with Debian's ffmpeg (never committed, with the
// server's duration tests' runner, server/test/audio/generated-recordings.ts): a real recording of a
// chosen length, and a file that is not audio but is named like one.
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { ffmpeg } from '../../../server/test/audio/generated-recordings.ts'

/** The encodings a clerk's recorders commonly write: a dictaphone's MP3 or WAV, a phone's M4A, the portal's own recorder's WebM. */
const ENCODINGS = {
  mp3: ['-ar', '44100', '-c:a', 'libmp3lame', '-b:a', '64k'],
  wav: ['-ar', '16000', '-c:a', 'pcm_s16le'],
  m4a: ['-ar', '44100', '-c:a', 'aac', '-b:a', '96k'],
  // As Chrome's MediaRecorder writes it: Opus in a WebM written as it records (no duration, no cues).
  webm: ['-c:a', 'libopus', '-b:a', '32k', '-f', 'webm', '-live', '1'],
} as const

/**
 * Records `seconds` of tone into `folder` as `name`, encoded by its extension (.mp3, .wav, .m4a or .webm);
 * returns the file's path.
 */
export async function recordAudio(folder: string, name: string, seconds: number): Promise<string> {
  const extension = path.extname(name).slice(1).toLowerCase()
  if (!(extension in ENCODINGS)) throw new Error(`recordAudio makes .mp3, .wav, .m4a or .webm files, not "${name}".`)
  const file = path.join(folder, name)
  await ffmpeg(['-f', 'lavfi', '-i', `sine=f=440:r=44100:d=${seconds}`, '-ac', '1', ...ENCODINGS[extension as keyof typeof ENCODINGS], file])
  return file
}

/**
 * A PDF's bytes saved as `name` (an allowed audio extension): what a clerk sends who picked the wrong
 * file. The picker and the portal's check take it by its name; the server must refuse it by its
 * content. Returns the file's path.
 */
export async function notAudioNamedMp3(folder: string, name = 'not-really-audio.mp3'): Promise<string> {
  const file = path.join(folder, name)
  await writeFile(file, '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n')
  return file
}
