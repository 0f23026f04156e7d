// Calculate-cost's size limit, checked while the file streams: the contract's 2 GB limit is replaced here
// by 64 KB (the one thing this file mocks), so a file over it is sent in a moment. The refusal is 413
// with words naming the file and the limit, and the files received before it are taken back too.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { createTestApp, type TestApp } from '../support/test-app.ts'
import { audio, calculateCost, leftovers, pricingClerk } from './calculate-cost-support.ts'

// A file that mocks a module runs in a module registry of its own (vitest.config.ts), so the mock
// reaches every module the app loads.
vi.mock(import('../../../contract/create-job.ts'), async (original) => ({ ...(await original()), AUDIO_MAX_BYTES: 64 * 1024 }))

describe('calculate-cost with a 64 KB limit', () => {
  let t: TestApp
  let token: string
  let reportType: string
  beforeAll(async () => {
    t = await createTestApp()
    ;({ token, reportType } = await pricingClerk(t, 'erin@example.com'))
  })
  afterAll(() => t.app.close())

  it('takes a file of exactly the limit', async () => {
    const exact = toneWav((64 * 1024 - 44) / 8000)
    expect(exact.length).toBe(64 * 1024)
    expect((await calculateCost(t, token, [audio('exact.wav', exact)], { report_type_id: reportType })).statusCode).toBe(200)
  })

  it('refuses a file one byte over it with 413 naming the file and the limit, and keeps nothing of the request', async () => {
    const before = await leftovers(t)
    const over = Buffer.concat([toneWav((64 * 1024 - 44) / 8000), Buffer.from([128])])
    const response = await calculateCost(t, token, [audio('hall.wav', toneWav(2)), audio('Long walk-through.wav', over)], { report_type_id: reportType })
    expect({ status: response.statusCode, body: response.json() }).toEqual({
      status: 413,
      body: { detail: '“Long walk-through.wav” is larger than 64 KB, the largest audio file a job can take.', code: 'file_too_large' },
    })
    expect(await leftovers(t)).toEqual(before)
    expect(before.rows).toEqual({ folders: 1, files: 1 }) // only the accepted folder of the test above
  })

  it('says the real limit in the words people use', async () => {
    const { sizeText } = await import('../../src/create-job/calculate-cost-messages.ts')
    expect([sizeText(2 * 1024 ** 3), sizeText(64 * 1024), sizeText(1536 * 1024), sizeText(900)]).toEqual(['2 GB', '64 KB', '1.5 MB', '900 bytes'])
  })
})
