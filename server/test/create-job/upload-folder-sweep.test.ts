// The upload-folder sweep on a running app with a fake clock (only the timers and the date are faked;
// the database, the files and ffmpeg are real), each run a job on its queue as its schedule sends it: folders calculated through the real route stay
// while they are valid; an hour after its expiry an unused folder loses its files and rows, a used one
// only its rows (its files are its job's), and a fresh folder is left alone.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { clerkId, jobFor } from '../money/support.ts'
import { createTestApp, runScheduledTask, signIn, type TestApp } from '../support/test-app.ts'
import { audio, calculateCost, firstReportTypeId, folderRows, storedFiles } from './calculate-cost-support.ts'

const HOUR = 60 * 60_000

describe('the upload-folder sweep', () => {
  let t: TestApp
  let userId: string
  let token: string
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    t = await createTestApp({}, { scheduledTasks: ['upload-folder-sweep'] })
    userId = await clerkId(t, 'casey@example.com')
    token = (await signIn(t, 'casey@example.com')).token
  })
  afterAll(async () => {
    vi.useRealTimers()
    await t.app.close()
  })

  const calculate = async (name: string) => {
    const response = await calculateCost(t, token, [audio(name, toneWav(2)), audio(`second-${name}`, toneWav(1))], { report_type_id: String(await firstReportTypeId(t)) })
    expect(response.statusCode).toBe(200)
    return response.json().folder_token as string
  }
  const keysOf = async (folderToken: string) => (await uploadFoldersRepository.findOwned(t.database.db, userId, folderToken))?.files.map((file) => file.fileKey).sort() ?? []

  it('keeps valid folders, and an hour after expiry removes an unused folder’s files and rows and a used folder’s rows only', async () => {
    const unused = await calculate('unused.wav')
    const used = await calculate('used.wav')
    const usedKeys = await keysOf(used)
    const jobId = await jobsRepository.create(t.database.db, await jobFor(t, userId, 100))
    expect((await uploadFoldersRepository.claim(t.database.db, userId, used, jobId)).outcome).toBe('claimed')
    expect(await storedFiles(t)).toHaveLength(4)

    // A day on: both expired this very moment, inside the grace hour; a run removes nothing yet.
    await vi.advanceTimersByTimeAsync(24 * HOUR)
    token = (await signIn(t, 'casey@example.com')).token // the access token of a day ago has expired
    const fresh = await calculate('fresh.wav')
    const freshKeys = await keysOf(fresh)
    await runScheduledTask(t, 'upload-folder-sweep')
    expect(await folderRows(t)).toEqual({ folders: 3, files: 6 })

    // The first run past the grace hour sweeps them.
    await vi.advanceTimersByTimeAsync(HOUR + 60_000)
    await runScheduledTask(t, 'upload-folder-sweep')
    expect(await folderRows(t)).toEqual({ folders: 1, files: 2 })
    expect(await uploadFoldersRepository.findOwned(t.database.db, userId, unused)).toBeUndefined()
    expect(await uploadFoldersRepository.findOwned(t.database.db, userId, used)).toBeUndefined()
    expect((await uploadFoldersRepository.findOwned(t.database.db, userId, fresh))?.files).toHaveLength(2)
    // The used folder's files stay for its job; the fresh folder's stay; the unused folder's are gone.
    expect(await storedFiles(t)).toEqual([...usedKeys, ...freshKeys].sort())
  })
})
