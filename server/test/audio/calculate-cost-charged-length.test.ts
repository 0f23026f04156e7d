// What calculate-cost charges, through the real route (issue 24, items 1 and 2): a WebM holding 10
// minutes of sound whose TimecodeScale was rewritten to read 6 s is charged its 10 minutes, not one; a
// WAV whose data size hides the rest of its audio is refused with words the clerk can act on, and
// nothing of it is kept; a 12-minute MP3, 720.015 s with its encoder's padding, is charged 12 minutes.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { audio, calculateCost, leftovers, pricingClerk } from '../create-job/calculate-cost-support.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { ffmpeg } from './generated-recordings.ts'
import { makeHostileRecordings } from './hostile-recordings.ts'

describe('calculate-cost charges the sound a file holds, in whole seconds', () => {
  let t: TestApp
  let token: string
  let reportType: string
  let folder: string
  let files: Record<string, string>
  beforeAll(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-cost-hostile-'))
    const twelveMinutes = path.join(folder, 'twelve-minutes.mp3')
    ;[files] = await Promise.all([
      makeHostileRecordings(folder, ['timecode-scale.webm', 'data-size.wav']),
      ffmpeg(['-f', 'lavfi', '-i', 'anoisesrc=c=pink:r=22050:d=720', '-ac', '1', '-c:a', 'libmp3lame', '-q:a', '7', twelveMinutes]),
      (async () => (t = await createTestApp()))(),
    ])
    files['twelve-minutes.mp3'] = twelveMinutes
    ;({ token, reportType } = await pricingClerk(t, 'hana@example.com'))
  }, 120_000)
  afterAll(async () => {
    await t.app.close()
    await rm(folder, { recursive: true, force: true })
  })

  it('charges a WebM whose TimecodeScale reads 6 s for its 10 minutes of sound', async () => {
    const response = await calculateCost(t, token, [audio('Hall and stairs.webm', await readFile(files['timecode-scale.webm']!))], { report_type_id: reportType })
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json() as { audio_minutes: number; audio_duration: number; cost: { cost: number }[] }
    expect(answer.audio_minutes).toBe(10)
    expect(Math.abs(answer.audio_duration - 600)).toBeLessThan(0.3)
  })

  it('refuses a WAV whose data size hides most of its audio, naming it, and keeps nothing', async () => {
    const before = await leftovers(t)
    const response = await calculateCost(t, token, [audio('Kitchen.wav', await readFile(files['data-size.wav']!))], { report_type_id: reportType })
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: {
        detail: '“Kitchen.wav” cannot be measured: its header does not match the audio in it. Please save or export the recording again from your recorder, and try again.',
        code: 'file_content_refused',
      },
    })
    expect(await leftovers(t)).toEqual(before)
  })

  it('charges a 12-minute MP3 (720.015 s with its encoder padding) 12 minutes: the length is rounded to the second first', async () => {
    const response = await calculateCost(t, token, [audio('Bedroom 2.mp3', await readFile(files['twelve-minutes.mp3']!))], { report_type_id: reportType })
    expect(response.statusCode, response.body).toBe(200)
    const answer = response.json() as { audio_minutes: number; audio_duration: number }
    expect(answer.audio_duration).toBeGreaterThan(720)
    expect(Math.round(answer.audio_duration)).toBe(720)
    expect(answer.audio_minutes).toBe(12)
  })
})
