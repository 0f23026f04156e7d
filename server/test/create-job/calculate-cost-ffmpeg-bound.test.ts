// Many calculate-cost requests at once run at most one ffmpeg per core, however many there are: the
// route's one measurer queues the rest. FFMPEG_PATH points at a real stand-in program that notes how
// many runs are alive when it starts and holds each run until the test lets them go, so the count is
// read from the runs themselves, not from timing.
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { clerkId } from '../money/support.ts'
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts'
import { audio, calculateCost, firstReportTypeId } from './calculate-cost-support.ts'

describe('ffmpeg runs at once', () => {
  let t: TestApp
  let runs: string
  beforeAll(async () => {
    runs = await mkdtemp(path.join(tmpdir(), 'inspectscribe-ffmpeg-runs-'))
    const standIn = path.join(runs, 'ffmpeg')
    // Answers what ffmpeg's -progress ends with: 1 second of audio. Gives up waiting when the folder goes
    // (a failed run of this test leaves no stand-in behind).
    await writeFile(
      standIn,
      `#!/bin/sh
touch "${runs}/running-$$"
ls "${runs}" | grep -c '^running-' >> "${runs}/counts"
while [ -d "${runs}" ] && [ ! -e "${runs}/release" ]; do sleep 0.02; done
rm "${runs}/running-$$"
printf 'out_time_us=1000000\\nprogress=end\\n'
`,
    )
    await chmod(standIn, 0o755)
    t = await createTestApp({ ffmpegPath: standIn })
  })
  afterAll(async () => {
    await t.app.close()
    await rm(runs, { recursive: true, force: true })
  })

  const counts = async () => (await readFile(path.join(runs, 'counts'), 'utf8').catch(() => '')).split('\n').filter(Boolean).map(Number)

  it('are at most one per core, the other requests waiting their turn and all answered', async () => {
    const cores = availableParallelism()
    const requests = cores * 2 + 2
    await clerkId(t, 'hale@example.com')
    const token = (await signIn(t, 'hale@example.com')).token
    const reportType = String(await firstReportTypeId(t))
    const answers = Promise.all(Array.from({ length: requests }, (_, i) => calculateCost(t, token, [audio(`room-${i}.wav`, toneWav(0.1))], { report_type_id: reportType })))
    // As many runs as cores have started and are held; the rest are queued in the server.
    await expect.poll(async () => (await counts()).length).toBe(cores)
    await writeFile(path.join(runs, 'release'), '')
    const done = await answers
    expect(done.map((response) => [response.statusCode, response.json().audio_duration])).toEqual(Array.from({ length: requests }, () => [200, 1]))
    const seen = await counts()
    expect(seen).toHaveLength(requests)
    expect(Math.max(...seen)).toBeLessThanOrEqual(cores)
  })
})
