// A stored file ffmpeg cannot read over its presigned URL (object storage refusing or away): the
// failure's words, which go to the log, never carry the URL's signature or access key (issue 27 review).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { AudioMeasureError, createAudioMeasurer } from '../../src/audio/measure-with-ffmpeg.ts'

const SIGNED_QUERY = 'X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential=AKIAEXAMPLEKEY%2F20261128%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Signature=0123456789abcdef'
let storage: Server
let base: string

beforeAll(async () => {
  // Object storage answering as S3 does to an expired or wrongly signed URL.
  storage = createServer((_request, response) => {
    response.writeHead(403, { 'content-type': 'application/xml' })
    response.end('<Error><Code>AccessDenied</Code></Error>')
  })
  await new Promise<void>((resolve) => storage.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(storage.address() as AddressInfo).port}`
})
afterAll(() => new Promise<void>((resolve) => storage.close(() => resolve())))

describe('ffmpeg refused by object storage', () => {
  it('says the storage refused it, without the presigned URL secrets', async () => {
    const url = `${base}/bucket/clerks/c1/uploads/t1/Kitchen.mp3?${SIGNED_QUERY}`
    const failure = await createAudioMeasurer()({ kind: 'url', url }, 'Kitchen.mp3').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(AudioMeasureError)
    const { message, detail } = failure as AudioMeasureError
    expect(detail).toBe(`${base}/bucket/clerks/c1/uploads/t1/Kitchen.mp3?(signature hidden): Server returned 403 Forbidden (access denied)`)
    expect(message).not.toContain('X-Amz')
    expect(message).not.toContain('AKIAEXAMPLEKEY')
  })
})
