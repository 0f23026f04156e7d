import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { rechargePlans } from '../src/db/schema.ts'
import type { Database } from '../src/db/database.ts'
import { createTestApp } from './support/test-app.ts'

describe('lookups', () => {
  let app: FastifyInstance
  let database: Database
  beforeAll(async () => ({ app, database } = await createTestApp()))
  afterAll(() => app.close())

  const get = async (name: string) => {
    const response = await app.inject({ method: 'GET', url: `/api/lookup/${name}` })
    expect(response.statusCode).toBe(200)
    return response.json()
  }

  it('lists the report types in order with their descriptions', async () => {
    const types = (await get('report-types')) as { id: number; name: string; description: string }[]
    expect(types.map((t) => t.name)).toEqual(['Inventory', 'Check-in', 'Check-out', 'Mid-term Inspection', 'Schedule of Condition'])
    expect(types[0]).toEqual({ id: expect.any(Number), name: 'Inventory', description: 'A full record of a property’s contents and condition before a tenancy.' })
  })

  it('lists the job types with how many audio files each takes', async () => {
    expect(await get('job-types')).toEqual([
      { id: expect.any(Number), name: 'AI', max_audio_files: 1 },
      { id: expect.any(Number), name: 'AI + Proofreading', max_audio_files: 1 },
      { id: expect.any(Number), name: 'Human', max_audio_files: null },
    ])
  })

  it('lists the turnaround slots, each name starting with its hours', async () => {
    expect(await get('sla-slots')).toEqual([
      { id: expect.any(Number), name: '1 Hour Priority', hours: 1 },
      { id: expect.any(Number), name: '24 Hours Standard', hours: 24 },
      { id: expect.any(Number), name: '48 Hours', hours: 48 },
      { id: expect.any(Number), name: '72 Hours Economy', hours: 72 },
    ])
  })

  it('lists the active recharge plans, one credit per unit of currency', async () => {
    const plans = (await get('recharge-plans')) as { name: string; credit_value: number; price: number; currency: string }[]
    expect(plans.map((p) => [p.name, p.credit_value, p.price, p.currency])).toEqual([
      ['Starter', 20, 20, 'GBP'],
      ['Standard', 50, 50, 'GBP'],
      ['Professional', 100, 100, 'GBP'],
      ['Agency', 250, 250, 'GBP'],
    ])
  })

  it('hides a plan an operator has withdrawn', async () => {
    const { eq } = await import('drizzle-orm')
    await database.db.update(rechargePlans).set({ active: false }).where(eq(rechargePlans.name, 'Agency'))
    const plans = (await get('recharge-plans')) as { name: string }[]
    expect(plans.map((p) => p.name)).toEqual(['Starter', 'Standard', 'Professional'])
  })

  it('lists the allowed file types by category, without dots', async () => {
    expect(await get('allowed-file-types')).toEqual({
      audio: ['3gp', 'aac', 'amr', 'flac', 'm4a', 'mp3', 'oga', 'ogg', 'opus', 'wav', 'webm', 'wma'],
      template: ['doc', 'docx', 'odt', 'pdf', 'rtf', 'txt'],
      support: ['csv', 'doc', 'docx', 'heic', 'jpeg', 'jpg', 'odt', 'pdf', 'png', 'rtf', 'txt', 'xls', 'xlsx'],
    })
  })
})
