// A stored file ffmpeg cannot read over its presigned URL (object storage refusing or away): the
// failure's words, which go to the log, never carry the URL's signature or access key, and it is the
// storage's failure (calculate-cost answers 500), never the clerk's "not audio" (issue 27 review).
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
    const { message, detail, reason } = failure as AudioMeasureError
    expect(reason).toBe('storage_unreachable')
    expect(detail).toBe(`${base}/bucket/clerks/c1/uploads/t1/Kitchen.mp3?(signature hidden): Server returned 403 Forbidden (access denied)`)
    expect(message).not.toContain('X-Amz')
    expect(message).not.toContain('AKIAEXAMPLEKEY')
  })

  it('is the storage failing, not the recording, when nothing answers at its address', async () => {
    // A port nothing listens on: the storage is down.
    const closed = createServer()
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
    const { port } = closed.address() as AddressInfo
    await new Promise<void>((resolve) => closed.close(() => resolve()))
    const failure = await createAudioMeasurer()({ kind: 'url', url: `http://127.0.0.1:${port}/bucket/Kitchen.mp3?${SIGNED_QUERY}` }, 'Kitchen.mp3').catch((error: unknown) => error)
    expect(failure).toMatchObject({ reason: 'storage_unreachable', detail: `http://127.0.0.1:${port}/bucket/Kitchen.mp3?(signature hidden): Connection refused` })
  })

  it('is still the recording when the storage serves bytes that are not audio', async () => {
    const notAudio = createServer((_request, response) => {
      response.writeHead(200, { 'content-length': '5' })
      response.end('hello')
    })
    await new Promise<void>((resolve) => notAudio.listen(0, '127.0.0.1', resolve))
    try {
      const { port } = notAudio.address() as AddressInfo
      const failure = await createAudioMeasurer()({ kind: 'url', url: `http://127.0.0.1:${port}/bucket/Kitchen.mp3?${SIGNED_QUERY}` }, 'Kitchen.mp3').catch((error: unknown) => error)
      expect(failure).toMatchObject({ reason: 'not_audio' })
    } finally {
      notAudio.closeAllConnections()
      await new Promise<void>((resolve) => notAudio.close(() => resolve()))
    }
  })
})
