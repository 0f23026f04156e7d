// What the money tests share: a clerk signed up through the real routes, and a job to charge for.
import { lookupsRepository } from '../../src/repositories/lookups-repository.ts'
import type { NewJob } from '../../src/repositories/jobs-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { notificationsRepository } from '../../src/repositories/notifications-repository.ts'
import { signUpClerk, type TestApp } from '../support/test-app.ts'

export async function clerkId(t: TestApp, email: string): Promise<string> {
  await signUpClerk(t, email)
  return (await usersRepository.findByEmail(t.database.db, email))!.id
}

/** A Human, 24-hour job of the clerk's, costing `costCents`. */
export async function jobFor(t: TestApp, userId: string, costCents: number, clientRequestId?: string): Promise<NewJob> {
  const { db } = t.database
  const [inventory] = await lookupsRepository.reportTypes(db)
  const human = (await lookupsRepository.jobTypes(db)).find((j) => j.name === 'Human')!
  const standard = (await lookupsRepository.slaSlots(db)).find((s) => s.hours === 24)!
  return {
    userId,
    propertyAddress: '14 Willow Crescent, Harrogate HG2 7QD',
    reportTypeId: inventory!.id,
    jobTypeId: human.id,
    slaSlotId: standard.id,
    costCents,
    audioDurationSeconds: '300.000',
    slaDeadline: new Date(Date.now() + 24 * 3_600_000),
    clientRequestId,
  }
}

/** The clerk's notifications, newest first, as text. */
export async function notices(t: TestApp, userId: string): Promise<string[]> {
  return (await notificationsRepository.list(t.database.db, userId)).map((n) => n.message)
}
