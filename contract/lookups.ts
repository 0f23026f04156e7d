// Lookup lists: seeded reference data the portal reads to build its forms.
// The shapes follow portal-spec.md §3; fields beyond the spec's are documented in docs/api.md.
import { Type, type Static } from 'typebox'
import type { LookupPath } from './lookup-paths.ts'

export const ReportType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
})
export type ReportType = Static<typeof ReportType>

export const JobType = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  /** How many audio files a job of this type may carry; null when there is no limit. */
  max_audio_files: Type.Union([Type.Integer(), Type.Null()]),
})
export type JobType = Static<typeof JobType>

export const SlaSlot = Type.Object({
  id: Type.Integer(),
  /** Starts with the slot's hours, e.g. "24 Hours Standard" (portal-spec.md §3, Turnaround option). */
  name: Type.String(),
  hours: Type.Integer(),
})
export type SlaSlot = Static<typeof SlaSlot>

export const RechargePlan = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  description: Type.String(),
  credit_value: Type.Number(),
  price: Type.Number(),
  currency: Type.String(),
})
export type RechargePlan = Static<typeof RechargePlan>

export const FileCategory = Type.Union([Type.Literal('audio'), Type.Literal('template'), Type.Literal('support')])
export type FileCategory = Static<typeof FileCategory>

/** Extensions in lower case, without the dot. */
export const AllowedFileTypes = Type.Object({
  audio: Type.Array(Type.String()),
  template: Type.Array(Type.String()),
  support: Type.Array(Type.String()),
})
export type AllowedFileTypes = Static<typeof AllowedFileTypes>

export const ReportTypeList = Type.Array(ReportType)
export const JobTypeList = Type.Array(JobType)
export const SlaSlotList = Type.Array(SlaSlot)
export const RechargePlanList = Type.Array(RechargePlan)

/**
 * Every lookup list by its path under /lookup/ (portal-spec.md §7), with the schema of its answer. The
 * server registers one route per entry and the portal's lookups module reads them; the service worker
 * caches exactly LOOKUP_PATHS. A new list is added to lookup-paths.ts and here.
 */
export const LOOKUPS = {
  'report-types': ReportTypeList,
  'job-types': JobTypeList,
  'sla-slots': SlaSlotList,
  'recharge-plans': RechargePlanList,
  'allowed-file-types': AllowedFileTypes,
} as const satisfies Record<LookupPath, unknown>
/** What each lookup answers. */
export type LookupAnswer<P extends LookupPath> = Static<(typeof LOOKUPS)[P]>

export { LOOKUP_PATHS, type LookupPath } from './lookup-paths.ts'
