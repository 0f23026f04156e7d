// What a crash leaves of calculate-cost's folders (issue 24 item 7): a folder reserved by a request
// whose server died (its lease no longer renewed), with any file already committed under it, is swept at
// the next start and within the hour while running, not a day later; a folder whose request is alive,
// however long its upload takes, is never swept. The database, files and real connections are real;
// only the timers and the clock are faked in the second test, where the sweep's runs are jobs on its
// queue as its schedule sends them.
import http from 'node:http'
import { Readable } from 'node:stream'
import { randomUUID } from 'node:crypto'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { FOLDER_RESERVATION_LEASE_MS, FOLDER_RESERVATION_RENEW_MS, MAX_OPEN_FOLDERS } from '../../src/create-job/upload-limits.ts'
import { uploadFolderPrefix, uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { saveStream } from '../../src/storage/file-storage.ts'
import { clerkId } from '../money/support.ts'
import { createTestApp, multipart, runScheduledTask, signIn, type TestApp } from '../support/test-app.ts'
import { audio, firstReportTypeId, folderRows, storedFiles } from './calculate-cost-support.ts'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

/** A reservation as a request leaves it when its server dies: its lease ends and nothing renews it; one file committed under it. */
async function crashedReservation(t: TestApp, userId: string, leaseUntil: Date): Promise<string> {
  const token = randomUUID()
  expect(await uploadFoldersRepository.reserve(t.database.db, { token, userId, leaseUntil, limit: MAX_OPEN_FOLDERS })).toEqual({ reserved: true })
  await saveStream(t.app.storage, `${uploadFolderPrefix(userId, token)}a/hall.wav`, Readable.from([toneWav(1)]), 1024 * 1024)
  return token
}

describe('reserved upload folders after a crash', () => {
  let t: TestApp
  let closeClient = () => {}
  afterEach(async () => {
    closeClient()
    vi.useRealTimers()
    await t.app.close()
  })

  it('sweeps at start a reservation whose lease has ended, and keeps one another process still renews', async () => {
    t = await createTestApp({}, { scheduledTasks: ['upload-folder-sweep'] })
    // Written straight to the database: any request would start the app (and its sweep) first.
    const userId = (await usersRepository.create(t.database.db, { email: 'crash.start@example.com', fullName: 'Crash Start', passwordHash: 'not-used' }))!.id
    await crashedReservation(t, userId, new Date(Date.now() - MINUTE))
    const live = await crashedReservation(t, userId, new Date(Date.now() + FOLDER_RESERVATION_LEASE_MS))
    expect(await folderRows(t)).toEqual({ folders: 2, files: 0 })

    await t.app.ready()
    await expect.poll(() => folderRows(t)).toEqual({ folders: 1, files: 0 })
    expect(storedFiles(t)).toEqual([`${uploadFolderPrefix(userId, live)}a/hall.wav`])
  }, 60_000)

  it('sweeps a crashed request’s reservation within the hour, and never the folder of a request still uploading', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] })
    // The rate floor counts bytes on a faked timer while the bytes come in real time: it is off here.
    t = await createTestApp({}, { scheduledTasks: ['upload-folder-sweep'], requestLimits: { uploadMinBytes: 0 } })
    const userId = await clerkId(t, 'crash.running@example.com')
    const token = (await signIn(t, 'crash.running@example.com')).token
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    const port = (t.app.server.address() as { port: number }).port

    // A live upload: its body is sent up to the middle of its file and held there.
    const { payload, headers } = multipart({ report_type_id: String(await firstReportTypeId(t)) }, [audio('slow.wav', toneWav(1))])
    const leaseOf = async (folder: string) => (await uploadFoldersRepository.findOwned(t.database.db, userId, folder))?.folder.expiresAt.getTime() ?? 0
    const request = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/clerk/calculate-cost', agent: false, headers: { ...headers, authorization: `Bearer ${token}`, 'content-length': payload.length } })
    const answer = new Promise<number>((resolve, reject) => {
      request.on('error', reject)
      closeClient = () => request.destroy()
      request.on('response', (response) => {
        response.resume()
        response.on('end', () => resolve(response.statusCode!))
      })
    })
    answer.catch(() => undefined) // awaited below; a failed test's cleanup may close the connection first
    // The body up to the middle of its file, then a byte now and then, as a slow line sends.
    let sent = payload.indexOf('slow.wav') + 2_000
    request.write(payload.subarray(0, sent))
    const sendAByte = () => request.write(payload.subarray(sent, ++sent))
    await expect.poll(() => folderRows(t)).toEqual({ folders: 1, files: 0 })
    const [liveFolder] = await uploadFoldersRepository.expiredUnused(t.database.db, { expiredBefore: new Date(Date.now() + 2 * HOUR), leaseEndedBefore: new Date(Date.now() + 2 * HOUR) }, 10)

    // Another process crashed this moment with a request half-way.
    const crashedAt = Date.now()
    const crashed = await crashedReservation(t, userId, new Date(crashedAt + FOLDER_RESERVATION_LEASE_MS))
    let crashedGoneAfter: number | undefined
    // Two hours, three minutes at a time (less than the lease, so a renewal still on its way never lets
    // it run out): each minute the live request renews its lease (waited for, as it is real database
    // work) and every quarter of an hour the sweep runs.
    for (let minute = 3; minute <= 120; minute += 3) {
      await vi.advanceTimersByTimeAsync(3 * MINUTE)
      sendAByte()
      // The latest renewal (in the last minute) has landed: the lease runs at least 4 minutes on.
      const renewedTo = Date.now() + FOLDER_RESERVATION_LEASE_MS - FOLDER_RESERVATION_RENEW_MS
      await expect.poll(() => leaseOf(liveFolder!.token)).toBeGreaterThanOrEqual(renewedTo)
      // The quarter-hourly sweep: a job on its queue, as its schedule sends it.
      if (minute % 15 === 0) await runScheduledTask(t, 'upload-folder-sweep')
      if (crashedGoneAfter === undefined && !(await uploadFoldersRepository.findOwned(t.database.db, userId, crashed))) crashedGoneAfter = Date.now() - crashedAt
    }
    expect(crashedGoneAfter).toBeLessThan(HOUR)
    expect(storedFiles(t).filter((key) => key.includes(crashed))).toEqual([])

    request.end(payload.subarray(sent))
    expect(await answer).toBe(200)
    expect(await folderRows(t)).toEqual({ folders: 1, files: 1 })
  }, 90_000)
})
