// The open-folder limit holds when a clerk's requests arrive together (issue 24 item 3): each request
// reserves its folder in the database before it reads a byte of its body, so of 25 requests whose bodies
// are still on their way exactly 20 are let in and the other 5 are refused at once, while their bodies
// are unfinished. Over real connections, on both databases.
import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { MAX_OPEN_FOLDERS } from '../../src/create-job/upload-limits.ts'
import { createTestApp, multipart, type TestApp } from '../support/test-app.ts'
import { audio, folderRows, pricingClerk } from './calculate-cost-support.ts'

const SENT_AT_ONCE = MAX_OPEN_FOLDERS + 5

describe('calculate-cost requests sent at once', () => {
  let t: TestApp
  let token: string
  let reportType: string
  let port: number
  beforeAll(async () => {
    t = await createTestApp()
    ;({ token, reportType } = await pricingClerk(t, 'rush@example.com'))
    await t.app.listen({ port: 0, host: '127.0.0.1' })
    port = (t.app.server.address() as { port: number }).port
  })
  afterAll(() => t.app.close())

  /** A request whose body is sent up to the middle of its file and held there until `finish`. */
  function startUpload() {
    const { payload, headers } = multipart({ report_type_id: reportType }, [audio('hall.wav', toneWav(1))])
    const request = http.request({ port, host: '127.0.0.1', method: 'POST', path: '/api/clerk/calculate-cost', agent: false, headers: { ...headers, authorization: `Bearer ${token}`, 'content-length': payload.length } })
    request.on('error', () => {})
    const answer = new Promise<{ status: number; body: { detail?: string; code?: string; folder_token?: string } }>((resolve) => {
      request.on('response', (response) => {
        let text = ''
        response.setEncoding('utf8').on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode!, body: JSON.parse(text) }))
      })
    })
    const half = payload.indexOf('hall.wav') + 2_000
    request.write(payload.subarray(0, half))
    let answered = false
    void answer.then(() => (answered = true))
    return { answer, answered: () => answered, finish: () => request.end(payload.subarray(half)) }
  }

  it(`lets exactly ${MAX_OPEN_FOLDERS} in and refuses the rest before their bodies end`, async () => {
    const uploads = Array.from({ length: SENT_AT_ONCE }, startUpload)
    // The refused ones are answered while every body is still unfinished.
    await expect.poll(() => uploads.filter((upload) => upload.answered()).length).toBe(SENT_AT_ONCE - MAX_OPEN_FOLDERS)
    const refused = await Promise.all(uploads.filter((upload) => upload.answered()).map((upload) => upload.answer))
    expect(new Set(refused.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([
        JSON.stringify({
          status: 429,
          body: {
            detail: 'You already have 20 calculated uploads waiting for a job. Please create a job from one of them, or try again once the oldest expires (24 hours after it was calculated).',
            code: 'rate_limited',
          },
        }),
      ]),
    )
    expect((await folderRows(t)).folders).toBe(MAX_OPEN_FOLDERS)

    const waiting = uploads.filter((upload) => !upload.answered())
    for (const upload of waiting) upload.finish()
    const answers = await Promise.all(waiting.map((upload) => upload.answer))
    expect(answers.map((answer) => answer.status)).toEqual(Array(MAX_OPEN_FOLDERS).fill(200))
    expect(await folderRows(t)).toEqual({ folders: MAX_OPEN_FOLDERS, files: MAX_OPEN_FOLDERS })
  })
})
