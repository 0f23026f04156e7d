// What a job costs (decisions.md, Lookups and prices): one option per offered (job type, turnaround)
// pair of the price list, each the pair's rate times the started minutes of all the audio together.
// calculate-cost answers every option; create-job prices the chosen one again, never trusting the portal.
import type { CostOption } from '@contract/create-job.ts'
import { centsToCredits } from '@contract/money.ts'
import type { Db } from '../db/database.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { priceCents } from './pricing.ts'

/** An offered pair with what it costs for the audio, and what create-job needs to know of it. */
export interface PricedOption {
  jobTypeId: number
  jobTypeName: string
  /** How many audio files the job type takes; null: any number. */
  maxAudioFiles: number | null
  slaSlotId: number
  slaSlotName: string
  hours: number
  costCents: number
}

async function offeredPairs(db: Db, where?: { jobTypeId: number; slaSlotId: number }) {
  const rows = await lookupsRepository.offeredPairs(db, where)
  return rows.map(({ centsPerMinute, ...pair }) => ({ pair, centsPerMinute }))
}

/** Every offered option priced for `seconds` of audio, in the lookups' order (job type, then turnaround). */
export async function priceAllOptions(db: Db, seconds: number): Promise<PricedOption[]> {
  return (await offeredPairs(db)).map(({ pair, centsPerMinute }) => ({ ...pair, costCents: priceCents(centsPerMinute, seconds) }))
}

/** The chosen pair priced for `seconds` of audio; undefined when the pair is not offered (or does not exist). */
export async function priceOption(db: Db, choice: { jobTypeId: number; slaSlotId: number }, seconds: number): Promise<PricedOption | undefined> {
  const [found] = await offeredPairs(db, choice)
  return found && { ...found.pair, costCents: priceCents(found.centsPerMinute, seconds) }
}

/** An option as calculate-cost answers it (portal-spec.md §3, Cost option): the cost in credits. */
export function toCostOption(option: PricedOption): CostOption {
  return {
    job_type_id: option.jobTypeId,
    job_type_name: option.jobTypeName,
    sla_slot_id: option.slaSlotId,
    sla_slot_name: option.slaSlotName,
    cost: centsToCredits(option.costCents),
  }
}
