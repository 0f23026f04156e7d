// What step 2 makes of the cost answer (portal-spec.md §2 step 2, §3 cost option and turnaround
// option, §9): the AI option, the Human grid of turnarounds by job types, turnaround hours, and the
// one-audio-file rule of AI and AI + Proofreading.
import type { CostOption } from '@contract/create-job.ts'
import type { JobType, SlaSlot } from '@contract/lookups.ts'
import type { ChosenOption, WizardDraft } from '../draft/wizard-draft'

/** portal-spec.md §9: the AI cost when the answer has none. */
export const DEFAULT_AI_COST = 5
/** portal-spec.md §9: the turnaround when a slot's name tells none. */
export const DEFAULT_TURNAROUND_HOURS = 24

/** The AI job type is the one named "AI" (decisions: AI, AI + Proofreading, Human). */
export const isAiJobType = (name: string) => name.trim().toLowerCase() === 'ai'

/** The slot AI uses is the Priority one (decisions: "AI uses the Priority slot"). */
const isPrioritySlot = (name: string) => /priority/i.test(name)

/** A slot's hours: the lookup's, else the first word of its name (§3), else 24 (§9). */
export function slotHours(slotId: number, slotName: string, slots: readonly SlaSlot[]): number {
  const known = slots.find((slot) => slot.id === slotId)
  if (known) return known.hours
  const first = Number.parseInt(slotName.trim().split(/\s+/)[0] ?? '', 10)
  return Number.isFinite(first) && first > 0 ? first : DEFAULT_TURNAROUND_HOURS
}

export function toChosenOption(option: CostOption, slots: readonly SlaSlot[]): ChosenOption {
  return {
    jobTypeId: option.job_type_id,
    jobTypeName: option.job_type_name,
    slaSlotId: option.sla_slot_id,
    slaSlotName: option.sla_slot_name,
    hours: isAiJobType(option.job_type_name) ? null : slotHours(option.sla_slot_id, option.sla_slot_name, slots),
    cost: option.cost,
  }
}

/**
 * What choosing AI selects: the answer's AI option; without one, the AI job type and the Priority slot
 * of the lookups at 5 credits (§2 "defaulting to 5 credits if none is found"; the server prices the job
 * itself again). Null when even the lookups name no AI job type.
 */
export function aiOption(options: readonly CostOption[], jobTypes: readonly JobType[], slots: readonly SlaSlot[]): ChosenOption | null {
  const offered = options.find((option) => isAiJobType(option.job_type_name))
  if (offered) return toChosenOption(offered, slots)
  const jobType = jobTypes.find((type) => isAiJobType(type.name))
  const slot = slots.find((candidate) => isPrioritySlot(candidate.name))
  if (!jobType || !slot) return null
  return { jobTypeId: jobType.id, jobTypeName: jobType.name, slaSlotId: slot.id, slaSlotName: slot.name, hours: null, cost: DEFAULT_AI_COST }
}

export interface HumanGrid {
  /** Job types other than AI, as columns, in the order of their ids. */
  jobTypes: { id: number; name: string }[]
  /** Turnarounds, as rows, shortest first. */
  slots: { id: number; name: string; hours: number }[]
  /** The option of a (slot, job type) cell, undefined where that pair is not offered. */
  cell(slotId: number, jobTypeId: number): CostOption | undefined
}

export function humanGrid(options: readonly CostOption[], slots: readonly SlaSlot[]): HumanGrid {
  const human = options.filter((option) => !isAiJobType(option.job_type_name))
  const jobTypes = new Map<number, string>()
  const rows = new Map<number, { id: number; name: string; hours: number }>()
  for (const option of human) {
    jobTypes.set(option.job_type_id, option.job_type_name)
    rows.set(option.sla_slot_id, { id: option.sla_slot_id, name: option.sla_slot_name, hours: slotHours(option.sla_slot_id, option.sla_slot_name, slots) })
  }
  return {
    jobTypes: [...jobTypes].sort(([a], [b]) => a - b).map(([id, name]) => ({ id, name })),
    slots: [...rows.values()].sort((a, b) => a.hours - b.hours || a.id - b.id),
    cell: (slotId, jobTypeId) => human.find((option) => option.sla_slot_id === slotId && option.job_type_id === jobTypeId),
  }
}

/**
 * How many audio files the chosen job type takes: the lookup's `max_audio_files`, else one for an
 * AI type (AI, AI + Proofreading), else no limit.
 */
export function audioFileLimit(option: Pick<ChosenOption, 'jobTypeId' | 'jobTypeName'>, jobTypes: readonly JobType[]): number | null {
  const known = jobTypes.find((type) => type.id === option.jobTypeId)
  if (known) return known.max_audio_files
  return /\bai\b/i.test(option.jobTypeName) ? 1 : null
}

/** True when the chosen job type takes fewer audio files than the job has (§5 step 2). */
export function breaksOneFileRule(option: ChosenOption | null, audioCount: number, jobTypes: readonly JobType[]): boolean {
  if (!option) return false
  const limit = audioFileLimit(option, jobTypes)
  return limit !== null && audioCount > limit
}

/**
 * The grid's job types that take fewer audio files than the job has, with their limit: said in the
 * grid before the clerk chooses one (a choice of them would only be refused then).
 */
export function jobTypesOverFileLimit(gridJobTypes: readonly { id: number; name: string }[], audioCount: number, jobTypes: readonly JobType[]): Map<number, number> {
  const over = new Map<number, number>()
  for (const type of gridJobTypes) {
    const limit = audioFileLimit({ jobTypeId: type.id, jobTypeName: type.name }, jobTypes)
    if (limit !== null && audioCount > limit) over.set(type.id, limit)
  }
  return over
}

/**
 * How many audio files the job is sent with: the priced folder's (one when the recordings were
 * joined), else the draft's. The one-file rule counts these.
 */
export function pricedFileCount(draft: Pick<WizardDraft, 'cost' | 'audioFiles'>): number {
  return draft.cost?.audio_files.length ?? draft.audioFiles.length
}

/** True when the priced folder holds the draft's recordings joined into one. */
export function isJoined(draft: Pick<WizardDraft, 'cost' | 'audioFiles'>): boolean {
  return draft.cost !== null && draft.cost.audio_files.length < draft.audioFiles.length
}

/** "1 h 2 min 5 s", "12 min 0 s", "45 s": the total audio length. */
export function formatAudioLength(totalSeconds: number): string {
  const seconds = Math.max(0, Math.round(totalSeconds))
  const h = Math.floor(seconds / 3600)
  const m = Math.floor((seconds % 3600) / 60)
  const s = seconds % 60
  if (h > 0) return `${h} h ${m} min ${s} s`
  if (m > 0) return `${m} min ${s} s`
  return `${s} s`
}

/** Why step 2's Next is disabled (§2: no human selection, cost above the balance, AI with several files), or null. */
export type CostStepBlock = 'no-selection' | 'one-file' | 'balance-unknown' | 'low-credit'

export function costStepBlock(option: ChosenOption | null, audioCount: number, balance: number | undefined, jobTypes: readonly JobType[]): CostStepBlock | null {
  if (!option) return 'no-selection'
  if (breaksOneFileRule(option, audioCount, jobTypes)) return 'one-file'
  if (balance === undefined) return 'balance-unknown'
  // Cents: 7.35 against 7.35 is enough, whatever the floats say.
  if (Math.round(option.cost * 100) > Math.round(balance * 100)) return 'low-credit'
  return null
}
