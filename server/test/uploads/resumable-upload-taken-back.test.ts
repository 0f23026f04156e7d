// A finished tus upload taken back (DELETE, or the sweep) while calculate-cost is copying it into the
// clerk's folder. Found by a hostile client sending the two requests at once against the running
// server: the staged file was gone between calculate-cost's check and its read, the read stream's
// ENOENT had no listener yet, and the whole server stopped ("stopping after an unexpected error").
// The moment is made exact here: the upload is taken back just as the copy begins. The copy may finish
// (the file was opened before its name went) but the folder is not made from an upload taken back.
import { existsSync, rmSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { resumableUploadsRepository } from '../../src/repositories/resumable-uploads-repository.ts'
import type { FileStorage } from '../../src/storage/file-storage.ts'
import { calculateCostWithIds, firstReportTypeId, leftovers } from '../create-job/calculate-cost-support.ts'
import { clerkId } from '../money/support.ts'
import { createTestApp, signIn, type TestApp } from '../support/test-app.ts'
import { createUpload, patch, uploadIdOf } from './tus-client.ts'

describe('an upload taken back while calculate-cost copies it', () => {
  let t: TestApp
  let baseUrl: string
  let alice: string
  let reportType: string
  beforeAll(async () => {
    t = await createTestApp()
    await clerkId(t, 'alice@example.com')
    alice = (await signIn(t, 'alice@example.com')).token
    reportType = String(await firstReportTypeId(t))
    baseUrl = await t.app.listen({ port: 0, host: '127.0.0.1' })
  })
  afterAll(() => t.app.close())

  it('answers upload_not_ready, keeps nothing of the request, and the server goes on', async () => {
    const wav = toneWav(3)
    const { location } = await createUpload(baseUrl, alice, 'Landing.wav', wav.length)
    expect((await patch(baseUrl, alice, location, 0, wav)).status).toBe(204)
    const stagedDir = path.join(t.app.config.dataDir, 'resumable-uploads')
    const before = await leftovers(t)

    // The termination (its files, then its row, as tus's DELETE does) lands after calculate-cost found
    // the staged file and as its copy into the clerk's storage begins: the files go synchronously, so
    // before any read of the staged file can start.
    const storage: FileStorage = t.app.storage
    const beginUpload = storage.beginUpload
    storage.beginUpload = async (key, options) => {
      storage.beginUpload = beginUpload
      const staged = path.join(stagedDir, uploadIdOf(location))
      rmSync(staged)
      rmSync(`${staged}.json`)
      await resumableUploadsRepository.remove(t.database.db, uploadIdOf(location))
      return beginUpload.call(storage, key, options)
    }
    try {
      const answer = await calculateCostWithIds(t, alice, reportType, [uploadIdOf(location)])
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 400,
        body: { detail: 'One of the uploaded files is not finished or no longer on the server. Please choose the file again.', code: 'upload_not_ready' },
      })
    } finally {
      storage.beginUpload = beginUpload
    }
    expect(existsSync(path.join(stagedDir, uploadIdOf(location)))).toBe(false)
    expect(await leftovers(t)).toEqual(before)
    // Still serving: the next request is answered as usual.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })
})
