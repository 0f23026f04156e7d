// When the measure itself fails, calculate-cost answers for whose fault it is, and keeps nothing: a file
// whose measure runs out of its limits is the clerk's to check (400 naming it); a server with no ffmpeg
// is ours (500, the general words). FFMPEG_PATH points at a real program that dies the way an ffmpeg
// killed at its CPU or memory limit dies (SIGKILL), or at nothing.
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { clerkId } from '../money/support.ts'
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts'
import { audio, calculateCost, firstReportTypeId, leftovers, NOTHING } from './calculate-cost-support.ts'

describe('calculate-cost when the measure fails', () => {
  let t: TestApp | undefined
  afterEach(() => t?.app.close())

  const sendWith = async (ffmpegPath: string) => {
    t = await createTestApp({ ffmpegPath })
    await clerkId(t, 'gale@example.com')
    const token = (await signIn(t, 'gale@example.com')).token
    return calculateCost(t, token, [audio('hall.wav', toneWav(2)), audio('Long walk.wav', toneWav(3))], { report_type_id: String(await firstReportTypeId(t)) })
  }

  it('refuses a file whose measure was stopped at its limits, naming it, and keeps nothing', async () => {
    const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-killed-ffmpeg-'))
    const killed = path.join(folder, 'ffmpeg')
    await writeFile(killed, '#!/bin/sh\nkill -KILL $$\n')
    await chmod(killed, 0o755)
    const response = await sendWith(killed)
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 400,
      body: { detail: '“hall.wav” could not be measured. Please check the file, or split it into shorter recordings, and try again.', code: 'file_content_refused' },
    })
    expect(await leftovers(t!)).toEqual(NOTHING)
    await rm(folder, { recursive: true, force: true })
  })

  it('answers a server error when ffmpeg is missing, and keeps nothing', async () => {
    const response = await sendWith('/nonexistent/ffmpeg')
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 500,
      body: { detail: 'Something went wrong on our side. Please try again.', code: 'server_error' },
    })
    expect(await leftovers(t!)).toEqual(NOTHING)
  })
})
