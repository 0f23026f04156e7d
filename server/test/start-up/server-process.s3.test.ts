// The server process as `npm start` runs it, with its files in object storage (the S3_* settings of
// the run's radosgw, a bucket of its own): it says where its files are, the demo jobs' files it stores
// at start land in the bucket, not on disk, and a clerk downloads one over real HTTP with a Range.
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { signInDemoClerk, startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'
import { newTestBucket, objectKeys } from '../support/s3-test-storage.ts'

describe('the server process with S3_BUCKET', () => {
  let server: CompiledServer
  let dataDir: string
  let keysInBucket: () => Promise<string[]>
  let bucketLine: string

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-start-s3-'))
    const { setting, client } = await newTestBucket()
    keysInBucket = () => objectKeys(client, setting.bucket)
    bucketLine = `Files: bucket ${setting.bucket} at ${setting.endpoint}`
    const s3Env = {
      S3_BUCKET: setting.bucket,
      S3_ENDPOINT: setting.endpoint!,
      S3_REGION: setting.region,
      S3_ACCESS_KEY_ID: setting.accessKeyId!,
      S3_SECRET_ACCESS_KEY: setting.secretAccessKey!,
    }
    server = await startCompiledServer({ ...s3Env, DATA_DIR: dataDir, PORTAL_DIR: path.join(dataDir, 'no-portal'), DEMO_ACCOUNT: 'true', LOG_LEVEL: 'warn', PUBLIC_URL: '' })
  }, 120_000)

  afterAll(async () => {
    await server?.stop()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('says where its files are, and keeps the demo jobs’ files in the bucket', async () => {
    expect(server.output()).toContain(bucketLine)
    expect((await keysInBucket()).filter((key) => key.endsWith('.wav')).length).toBeGreaterThan(0)
    expect(existsSync(path.join(dataDir, 'files'))).toBe(false)
  })

  it('streams a stored file to its clerk by Range over HTTP', async () => {
    const token = await signInDemoClerk(server)
    const jobs = (await (await fetch(`${server.url}/api/clerk/dashboard?start=0&end=${Date.now() + 60_000}`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
      audio_files: string[]
    }[]
    const audio = jobs.flatMap((job) => job.audio_files).find((key) => key.endsWith('.wav'))!
    const url = `${server.url}/api/files/10/${audio.split('/').map(encodeURIComponent).join('/')}`
    const part = await fetch(url, { headers: { authorization: `Bearer ${token}`, range: 'bytes=8-11' } })
    expect(part.status).toBe(206)
    expect(part.headers.get('content-range')).toMatch(/^bytes 8-11\/\d+$/)
    expect(await part.text()).toBe('WAVE')
    expect((await fetch(url)).status).toBe(403)
  })
})
