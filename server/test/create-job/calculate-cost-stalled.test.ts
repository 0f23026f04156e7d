// Calculate-cost over a real connection: an upload that stops sending is given up after the idle limit
// (here 300 ms, shortened through the app's options) and leaves nothing; the server puts no limit on a whole
// request, so a large file on a slow line is never cut while it keeps sending.
import { connect } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { createTestApp, multipart, type TestApp } from '../support/test-app.ts'
import { audio, leftovers, NOTHING, pricingClerk } from './calculate-cost-support.ts'

describe('a calculate-cost upload over a real connection', () => {
  let t: TestApp
  let token: string
  let reportType: string
  let port: number
  beforeAll(async () => {
    t = await createTestApp({}, { requestLimits: { uploadIdleMs: 300 } })
    ;({ token, reportType } = await pricingClerk(t, 'finn@example.com'))
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as { port: number }).port
  })
  afterAll(() => t.app.close())

  it('has no limit on the whole request (Fastify turns off Node’s 5 minutes): only a stalled upload ends', () => {
    expect(t.app.server.requestTimeout).toBe(0)
  })

  it('gives up an upload that stops sending in the middle of its second file, and keeps nothing', async () => {
    const { payload, headers } = multipart({ report_type_id: reportType }, [audio('hall.wav', toneWav(2)), audio('kitchen.wav', toneWav(20))])
    const socket = connect(port, '127.0.0.1')
    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()))
    socket.on('error', () => {})
    socket.write(
      `POST /api/clerk/calculate-cost HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n` +
        `Content-Type: ${headers['content-type']}\r\nContent-Length: ${payload.length}\r\n\r\n`,
    )
    // The first file whole and a third of the second, then nothing: the client's line went quiet.
    socket.write(payload.subarray(0, payload.indexOf('kitchen.wav') + 50_000))
    await closed
    await expect.poll(() => leftovers(t)).toEqual(NOTHING)
  })
})
