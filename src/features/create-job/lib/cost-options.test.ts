import { describe, expect, it } from 'vitest'
import type { CostOption } from '@contract/create-job.ts'
import type { JobType, SlaSlot } from '@contract/lookups.ts'
import { aiOption, breaksOneFileRule, costStepBlock, formatAudioLength, humanGrid, slotHours, toChosenOption } from './cost-options'

const jobTypes: JobType[] = [
  { id: 1, name: 'AI', max_audio_files: 1 },
  { id: 2, name: 'AI + Proofreading', max_audio_files: 1 },
  { id: 3, name: 'Human', max_audio_files: null },
]
const slots: SlaSlot[] = [
  { id: 1, name: '1 Hour Priority', hours: 1 },
  { id: 2, name: '24 Hours Standard', hours: 24 },
  { id: 4, name: '72 Hours Economy', hours: 72 },
  { id: 3, name: '48 Hours', hours: 48 },
]
const option = (jobTypeId: number, slotId: number, cost: number): CostOption => ({
  job_type_id: jobTypeId,
  job_type_name: jobTypes.find((t) => t.id === jobTypeId)!.name,
  sla_slot_id: slotId,
  sla_slot_name: slots.find((s) => s.id === slotId)!.name,
  cost,
})
const options = [option(1, 1, 2.5), option(3, 4, 6), option(2, 2, 5), option(3, 2, 8), option(3, 3, 7)]

describe('aiOption', () => {
  it('is the answer’s AI option, turnaround Priority (no hours)', () => {
    expect(aiOption(options, jobTypes, slots)).toEqual({ jobTypeId: 1, jobTypeName: 'AI', slaSlotId: 1, slaSlotName: '1 Hour Priority', hours: null, cost: 2.5 })
  })
  it('defaults to 5 credits on the AI job type and the Priority slot when the answer has none (portal-spec.md §2, §9)', () => {
    expect(aiOption(options.slice(1), jobTypes, slots)).toMatchObject({ jobTypeId: 1, slaSlotId: 1, cost: 5 })
  })
  it('is null when no AI job type is known at all', () => {
    expect(aiOption([], [], slots)).toBeNull()
  })
})

describe('humanGrid', () => {
  const grid = humanGrid(options, slots)
  it('has the job types other than AI as columns and the turnarounds as rows, shortest first', () => {
    expect(grid.jobTypes.map((t) => t.name)).toEqual(['AI + Proofreading', 'Human'])
    expect(grid.slots.map((s) => s.name)).toEqual(['24 Hours Standard', '48 Hours', '72 Hours Economy'])
  })
  it('finds each offered cell, and nothing where a pair is not offered', () => {
    expect(grid.cell(2, 3)?.cost).toBe(8)
    expect(grid.cell(3, 2)).toBeUndefined()
  })
})

describe('turnaround hours', () => {
  it('come from the slot lookup, else the first word of the name, else 24 (portal-spec.md §3, §9)', () => {
    expect(slotHours(3, 'ignored', slots)).toBe(48)
    expect(slotHours(99, '36 Hours Special', slots)).toBe(36)
    expect(slotHours(99, 'Same day', slots)).toBe(24)
    expect(toChosenOption(option(3, 4, 6), slots).hours).toBe(72)
  })
})

describe('step 2 rules', () => {
  const ai = aiOption(options, jobTypes, slots)
  const proofreading = toChosenOption(option(2, 2, 5), slots)
  const human = toChosenOption(option(3, 2, 8), slots)
  it('AI and AI + Proofreading take one audio file; Human any number', () => {
    expect(breaksOneFileRule(ai, 2, jobTypes)).toBe(true)
    expect(breaksOneFileRule(proofreading, 2, jobTypes)).toBe(true)
    expect(breaksOneFileRule(ai, 1, jobTypes)).toBe(false)
    expect(breaksOneFileRule(human, 20, jobTypes)).toBe(false)
  })
  it('blocks Next without a selection, with several files on AI, with an unknown balance, and when the cost exceeds the balance', () => {
    expect(costStepBlock(null, 1, 100, jobTypes)).toBe('no-selection')
    expect(costStepBlock(ai, 2, 100, jobTypes)).toBe('one-file')
    expect(costStepBlock(human, 2, undefined, jobTypes)).toBe('balance-unknown')
    expect(costStepBlock(human, 2, 7.99, jobTypes)).toBe('low-credit')
    expect(costStepBlock(human, 2, 8, jobTypes)).toBeNull()
    expect(costStepBlock({ ...human, cost: 0.1 + 0.2 }, 1, 0.3, jobTypes)).toBeNull()
  })
})

describe('formatAudioLength', () => {
  it('reads as hours, minutes and seconds', () => {
    expect(formatAudioLength(3725.4)).toBe('1 h 2 min 5 s')
    expect(formatAudioLength(720)).toBe('12 min 0 s')
    expect(formatAudioLength(44.6)).toBe('45 s')
  })
})
