// Downloads through the files route when the files are in S3-compatible object storage (S3_BUCKET):
// streamed through the server after the clerk-only check, Range included, exactly as from local disk.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { newTestBucket, objectKeys } from '../support/s3-test-storage.ts'
import { bearer, createDemoJobsFor, createTestApp, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

const encodePath = (key: string) => key.split('/').map(encodeURIComponent).join('/')

describe('job files in object storage', () => {
  let t: TestApp
  let alice: string
  let bob: string
  let audio: string
  let keysInBucket: () => Promise<string[]>

  beforeAll(async () => {
    const { setting, client } = await newTestBucket()
    keysInBucket = () => objectKeys(client, setting.bucket)
    t = await createTestApp({ storage: setting })
    await signUpClerk(t, 'alice.s3@example.com')
    await signUpClerk(t, 'bob.s3@example.com')
    const [id] = await createDemoJobsFor(t, 'alice.s3@example.com', 1)
    alice = (await signIn(t, 'alice.s3@example.com')).token
    bob = (await signIn(t, 'bob.s3@example.com')).token
    const jobs: { job_id: number; audio_files: string[] }[] = (
      await t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=0&end=${Date.now() + 60_000}`, headers: bearer(alice) })
    ).json()
    audio = jobs.find((job) => job.job_id === id)!.audio_files[0]!
  })
  afterAll(() => t.app.close())

  const download = (token: string | undefined, key: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/files/10/${encodePath(key)}`, headers: { ...(token ? bearer(token) : {}), ...headers } })

  it('keeps the files in the bucket, none on local disk', async () => {
    expect(await keysInBucket()).toContain(audio)
    expect(existsSync(path.join(t.app.config.dataDir, 'files'))).toBe(false)
  })

  it('streams the owner’s file whole and by Range, with the same headers as from local disk', async () => {
    const whole = await download(alice, audio)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="${audio.split('/').pop()}"; filename*=UTF-8''${audio.split('/').pop()}`)
    const size = whole.rawPayload.length
    expect(whole.headers['content-length']).toBe(String(size))
    expect(whole.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF')

    const part = await download(alice, audio, { range: 'bytes=8-11' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 8-11/${size}`)
    expect(part.rawPayload.toString('ascii')).toBe('WAVE')

    const tail = await download(alice, audio, { range: 'bytes=-4' })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 4))

    const beyond = await download(alice, audio, { range: `bytes=${size + 10}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`)
    expect(beyond.json()).toEqual({ detail: 'The requested range lies beyond the end of the file.', code: 'range_not_satisfiable' })
  })

  it('answers 404 to another clerk and 403 without a sign-in', async () => {
    expect((await download(bob, audio)).statusCode).toBe(404)
    expect((await download(undefined, audio)).statusCode).toBe(403)
  })
})
