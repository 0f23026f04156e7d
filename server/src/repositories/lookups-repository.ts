import { and, asc, eq } from 'drizzle-orm'
import type { AllowedFileTypes, JobType, RechargePlan, ReportType, SlaSlot } from '@contract/lookups.ts'
import { centsToCredits } from '@contract/money.ts'
import type { Db } from '../db/database.ts'
import { allowedFileTypes, jobRates, jobTypes, rechargePlans, reportTypes, slaSlots } from '../db/schema.ts'

/** Reads of the seeded reference data. Every method takes the database or an open transaction. */
export const lookupsRepository = {
  async reportTypes(db: Db): Promise<ReportType[]> {
    return db
      .select({ id: reportTypes.id, name: reportTypes.name, description: reportTypes.description })
      .from(reportTypes)
      .orderBy(asc(reportTypes.sortOrder), asc(reportTypes.id))
  },

  async jobTypes(db: Db): Promise<JobType[]> {
    return db
      .select({ id: jobTypes.id, name: jobTypes.name, max_audio_files: jobTypes.maxAudioFiles })
      .from(jobTypes)
      .orderBy(asc(jobTypes.sortOrder), asc(jobTypes.id))
  },

  async slaSlots(db: Db): Promise<SlaSlot[]> {
    return db
      .select({ id: slaSlots.id, name: slaSlots.name, hours: slaSlots.hours })
      .from(slaSlots)
      .orderBy(asc(slaSlots.sortOrder), asc(slaSlots.id))
  },

  async rechargePlans(db: Db): Promise<RechargePlan[]> {
    const rows = await db
      .select()
      .from(rechargePlans)
      .where(eq(rechargePlans.active, true))
      .orderBy(asc(rechargePlans.sortOrder), asc(rechargePlans.id))
    return rows.map((plan) => ({
      id: plan.id,
      name: plan.name,
      description: plan.description,
      // Whole cents in the database; the API's numbers of credits and of the currency (portal-spec.md §3).
      credit_value: centsToCredits(plan.creditValueCents),
      price: centsToCredits(plan.priceCents),
      currency: plan.currency,
    }))
  },

  /** An offered plan as stored (amounts in whole cents), or undefined when there is no such active plan. */
  async activeRechargePlan(db: Db, id: number): Promise<typeof rechargePlans.$inferSelect | undefined> {
    const [plan] = await db.select().from(rechargePlans).where(and(eq(rechargePlans.id, id), eq(rechargePlans.active, true)))
    return plan
  },

  async allowedFileTypes(db: Db): Promise<AllowedFileTypes> {
    const rows = await db.select().from(allowedFileTypes).orderBy(asc(allowedFileTypes.extension))
    const lists: AllowedFileTypes = { audio: [], template: [], support: [] }
    for (const row of rows) lists[row.category].push(row.extension)
    return lists
  },

  /**
   * The offered (job type, turnaround) pairs with their rate: the one pair asked for (none when it is
   * not offered), else every pair in the lookups' order (job type, then turnaround).
   */
  async offeredPairs(db: Db, where?: { jobTypeId: number; slaSlotId: number }) {
    const query = db
      .select({
        jobTypeId: jobTypes.id,
        jobTypeName: jobTypes.name,
        maxAudioFiles: jobTypes.maxAudioFiles,
        slaSlotId: slaSlots.id,
        slaSlotName: slaSlots.name,
        hours: slaSlots.hours,
        centsPerMinute: jobRates.centsPerMinute,
      })
      .from(jobRates)
      .innerJoin(jobTypes, eq(jobTypes.id, jobRates.jobTypeId))
      .innerJoin(slaSlots, eq(slaSlots.id, jobRates.slaSlotId))
    return where
      ? await query.where(and(eq(jobRates.jobTypeId, where.jobTypeId), eq(jobRates.slaSlotId, where.slaSlotId)))
      : await query.orderBy(asc(jobTypes.sortOrder), asc(slaSlots.sortOrder), asc(jobTypes.id), asc(slaSlots.id))
  },

  /** The price list: cents per started audio minute for each offered (job type, turnaround) pair. */
  async rates(db: Db): Promise<{ jobTypeId: number; slaSlotId: number; centsPerMinute: number }[]> {
    return db.select({ jobTypeId: jobRates.jobTypeId, slaSlotId: jobRates.slaSlotId, centsPerMinute: jobRates.centsPerMinute }).from(jobRates)
  },
}
