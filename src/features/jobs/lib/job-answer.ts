// A job as the portal accepts it from GET /clerk/dashboard and GET /clerk/jobs/:jobId: the contract's
// DashboardJob (which the server always sends in full), except the fields portal-spec.md reads when
// missing (§2 "A missing deadline reads Not specified", Job Information "Missing values read Not
// specified", TAT "default Standard"; §3 `job_status` "{status} or plain job_status"). Every other
// field must be there, of its type: a job that breaks those is refused, not cast.
import { Type, type Static, type TSchema } from 'typebox'
import { DashboardJob } from '@contract/jobs.ts'

/** Absent, null, or the contract's type. */
const Missable = <S extends TSchema>(schema: S) => Type.Optional(Type.Union([schema, Type.Null()]))

const { sla_deadline, report_type, job_type, sla_slot, audio_duration, cost, job_status, remarks, failure_reason } = DashboardJob.properties

export const JobAnswer = Type.Object({
  ...DashboardJob.properties,
  sla_deadline: Missable(sla_deadline),
  report_type: Missable(report_type),
  job_type: Missable(job_type),
  sla_slot: Missable(sla_slot),
  audio_duration: Missable(audio_duration),
  cost: Missable(cost),
  job_status: Type.Union([job_status, Type.String()]),
  // Added after lists were first kept on devices: a kept list from before has neither.
  remarks: Missable(remarks),
  failure_reason: Missable(failure_reason),
})
export type JobAnswer = Static<typeof JobAnswer>

export const JobListAnswer = Type.Array(JobAnswer)
