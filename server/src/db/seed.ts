import { sql } from 'drizzle-orm'
import { hashPassword } from '../auth/passwords.ts'
import type { Db } from './database.ts'
import { allowedFileTypes, jobRates, jobTypes, rechargePlans, reportTypes, slaSlots, users } from './schema.ts'
import {
  DEMO_CLERK,
  SEED_ALLOWED_FILE_TYPES,
  SEED_JOB_TYPES,
  SEED_RATES,
  SEED_RECHARGE_PLANS,
  SEED_REPORT_TYPES,
  SEED_SLA_SLOTS,
} from './seed-data.ts'

/** Inserts the reference data that is missing; never changes rows that exist. */
export async function seedLookups(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.insert(reportTypes).values(SEED_REPORT_TYPES).onConflictDoNothing()
    await tx.insert(jobTypes).values(SEED_JOB_TYPES).onConflictDoNothing()
    await tx.insert(slaSlots).values(SEED_SLA_SLOTS).onConflictDoNothing()
    await tx.insert(rechargePlans).values(SEED_RECHARGE_PLANS).onConflictDoNothing()
    const fileTypes = Object.entries(SEED_ALLOWED_FILE_TYPES).flatMap(([category, extensions]) =>
      extensions.map((extension) => ({ category: category as keyof typeof SEED_ALLOWED_FILE_TYPES, extension })),
    )
    await tx.insert(allowedFileTypes).values(fileTypes).onConflictDoNothing()

    const typeIds = new Map((await tx.select().from(jobTypes)).map((t) => [t.name, t.id]))
    const slotIds = new Map((await tx.select().from(slaSlots)).map((s) => [s.name, s.id]))
    const rates = SEED_RATES.flatMap(({ jobType, slaSlot, centsPerMinute }) => {
      const jobTypeId = typeIds.get(jobType)
      const slaSlotId = slotIds.get(slaSlot)
      // An operator may have renamed a seeded type or slot; its rate is theirs to set then.
      return jobTypeId !== undefined && slaSlotId !== undefined ? [{ jobTypeId, slaSlotId, centsPerMinute }] : []
    })
    if (rates.length > 0) await tx.insert(jobRates).values(rates).onConflictDoNothing()
  })
}

/** Creates the demo clerk unless an account with its e-mail exists. Returns true when created. */
export async function seedDemoClerk(db: Db): Promise<boolean> {
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = ${DEMO_CLERK.email.toLowerCase()}`)
  if (existing.length > 0) return false
  const inserted = await db
    .insert(users)
    .values({
      email: DEMO_CLERK.email,
      fullName: DEMO_CLERK.fullName,
      companyName: DEMO_CLERK.companyName,
      passwordHash: await hashPassword(DEMO_CLERK.password),
    })
    .onConflictDoNothing()
    .returning({ id: users.id })
  return inserted.length > 0
}
