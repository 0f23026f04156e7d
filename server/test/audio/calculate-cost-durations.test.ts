// Calculate-cost's durations through the real route, for the recordings real recorders make (generated
// here by ffmpeg, never committed): each answered within 0.1 s of what its audio decodes to (ffmpeg's
// full decode is the truth), including an MP3 with no Xing header, WebM and Ogg written as a stream, an
// M4A with its index at the end and files cut short (charged for the audio present, not the header's
// claim); several files together are priced on the sum. In server/test/audio: run once, with PGlite.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audio, calculateCost, pricingClerk } from '../create-job/calculate-cost-support.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { decodedSeconds, makeRecordings, SECONDS } from './generated-recordings.ts'

const CASES = [
  ['vbr-no-xing.mp3', 'MP3, variable bit rate with no Xing header'],
  ['browser.webm', 'WebM/Opus written as a stream by MediaRecorder (no duration)'],
  ['browser.ogg', 'Ogg/Opus written as a stream (no duration)'],
  ['cut.mp3', 'an MP3 cut short: charged for the audio present'],
  ['cut.wav', 'a WAV cut short, its header announcing the whole'],
  ['cut.flac', 'a FLAC cut short, its STREAMINFO announcing the whole'],
  ['phone.m4a', 'M4A/AAC with its index (moov) at the end'],
  ['lossless.flac', 'FLAC'],
  ['dictaphone.wav', 'WAV'],
  ['vorbis.ogg', 'Ogg Vorbis'],
  ['voice.opus', 'Opus'],
  ['recorder.amr', 'AMR-NB'],
  ['recorder-wb.amr', 'AMR-WB'],
  ['android.3gp', '3GP with AAC'],
  ['android-amr.3gp', '3GP with AMR-NB, as Android’s recorder writes it'],
] as const

describe('calculate-cost measures what the audio decodes to', () => {
  let t: TestApp
  let token: string
  let reportType: string
  let folder: string
  let files: Record<string, string>
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-cost-audio-'))
    ;[files] = await Promise.all([makeRecordings(folder), (async () => (t = await createTestApp()))()])
    ;({ token, reportType } = await pricingClerk(t, 'dana@example.com'))
  })
  afterAll(async () => {
    await t.app.close()
    await rm(folder, { recursive: true, force: true })
  })

  const send = async (names: readonly string[]) => {
    const parts = await Promise.all(names.map(async (name) => audio(name, await readFile(files[name]!))))
    const response = await calculateCost(t, token, parts, { report_type_id: reportType })
    expect(response.statusCode, response.body).toBe(200)
    return response.json() as { audio_duration: number; audio_minutes: number; audio_files: { file_name: string; duration: number }[] }
  }

  it.each(CASES)('%s (%s) within 0.1 s of its decoded length', async (name) => {
    const answer = await send([name])
    const truth = await decodedSeconds(files[name]!)
    expect(Math.abs(answer.audio_duration - truth)).toBeLessThan(0.1)
    expect(answer.audio_files).toEqual([{ file_name: name, duration: answer.audio_duration, size: expect.any(Number) }])
    // A whole file is its made length; a cut one is clearly shorter than the header's claim.
    if (name.startsWith('cut.')) expect(answer.audio_duration).toBeLessThan(SECONDS - 2)
    else expect(Math.abs(answer.audio_duration - SECONDS)).toBeLessThan(0.1)
  })

  it('is given an M4A whose index really is at the end', async () => {
    const bytes = await readFile(files['phone.m4a']!)
    expect(bytes.indexOf('moov')).toBeGreaterThan(bytes.indexOf('mdat'))
  })

  it('sums every file of one request, and prices the sum', async () => {
    const names = CASES.map(([name]) => name)
    const answer = await send(names)
    expect(answer.audio_files.map((file) => file.file_name)).toEqual(names)
    const truths = await Promise.all(names.map((name) => decodedSeconds(files[name]!)))
    answer.audio_files.forEach((file, index) => expect(Math.abs(file.duration - truths[index]!)).toBeLessThan(0.1))
    const sum = answer.audio_files.reduce((total, file) => total + Math.round(file.duration * 1000), 0) / 1000
    expect(answer.audio_duration).toBe(sum)
    // Started minutes of the total rounded to the second (docs/decisions/whole-seconds-before-minutes.md).
    expect(answer.audio_minutes).toBe(Math.ceil(Math.round(sum) / 60))
  })
})
