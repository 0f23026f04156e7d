// A full disk while an upload is stored (issue 24 item 6), for real: the app's data folder is a tmpfs
// of 2 MiB mounted for this file (the tests run as root), so the kernel answers ENOSPC part-way through a
// 3 MiB file. The clerk reads 507 with the words below, nothing of the file or its rows is kept, and the
// server goes on: once there is room the same kind of upload is kept. (EDQUOT, a user's quota, takes the
// same path: local-storage.ts's isNoRoomLeft, checked below on its own.)
import { execFileSync } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { clerkTemplates, uploadFolders } from '../../src/db/schema.ts'
import { isNoRoomLeft } from '../../src/storage/local-storage.ts'
import { bearer, createTestApp, multipart, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'
import { audio, firstReportTypeId } from '../create-job/calculate-cost-support.ts'

const PDF = (bytes: number) => Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(bytes)])
const FULL = { detail: 'There is not enough storage space to accept this file right now. Please try again later.', code: 'server_error' }

// Mounting a tmpfs needs root (CI and these machines run as root); elsewhere the file is skipped, said
// in the run's summary, rather than failing on a permission the product never needs.
describe.skipIf(process.getuid?.() !== 0)('a full disk', () => {
  let mountPoint: string
  let t: TestApp
  let token: string
  beforeAll(async () => {
    mountPoint = mkdtempSync(path.join(tmpdir(), 'inspectscribe-full-'))
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=2m', 'tmpfs', mountPoint])
    t = await createTestApp({ dataDir: mountPoint })
    await signUpClerk(t, 'full.disk@example.com')
    token = (await signIn(t, 'full.disk@example.com')).token
  })
  afterAll(async () => {
    await t?.app.close()
    execFileSync('umount', [mountPoint])
    rmSync(mountPoint, { recursive: true, force: true })
  })

  /** Every stored file, in progress or kept. */
  const storedFiles = () =>
    readdirSync(path.join(mountPoint, 'files'), { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
  const uploadTemplate = (name: string, content: Buffer) => {
    const { payload, headers } = multipart({ template_name: name }, [{ name: 'template_file', filename: `${name}.pdf`, content }])
    return t.app.inject({ method: 'POST', url: '/api/clerk-template/create/', headers: { ...headers, ...bearer(token) }, payload })
  }

  it('answers 507 to a template that does not fit, keeps nothing of it, and keeps one that fits', async () => {
    const refused = await uploadTemplate('Too big for the disk', PDF(3 * 1024 * 1024))
    expect([refused.statusCode, refused.json()]).toEqual([507, FULL])
    expect(storedFiles()).toEqual([])
    expect(await t.database.db.$count(clerkTemplates)).toBe(0)

    const kept = await uploadTemplate('Fits', PDF(64 * 1024))
    expect(kept.statusCode).toBe(200)
    expect(storedFiles()).toEqual(['Fits.pdf'])
  })

  it('answers 507 to audio that does not fit, and keeps no file and no folder', async () => {
    const { payload, headers } = multipart({ report_type_id: String(await firstReportTypeId(t)) }, [audio('long.wav', toneWav(600))])
    const refused = await t.app.inject({ method: 'POST', url: '/api/clerk/calculate-cost', headers: { ...headers, ...bearer(token) }, payload })
    expect([refused.statusCode, refused.json()]).toEqual([507, FULL])
    expect(storedFiles()).toEqual(['Fits.pdf'])
    expect(await t.database.db.$count(uploadFolders)).toBe(0)
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200)
  })

  it('reads a full disk and a user over quota alike, and nothing else', () => {
    const failure = (code: string) => Object.assign(new Error(code), { code })
    expect(['ENOSPC', 'EDQUOT', 'EACCES', 'EIO'].map((code) => isNoRoomLeft(failure(code)))).toEqual([true, true, false, false])
  })
})
