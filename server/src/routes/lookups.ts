// Seeded reference data. These lists hold nothing personal, so they are public: the sign-up form and
// an offline tablet (through the service worker's cache) can read them without a session.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { AllowedFileTypes, JobTypeList, RechargePlanList, ReportTypeList, SlaSlotList } from '@contract/lookups.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'

export const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db
  app.get('/report-types', { schema: { response: { 200: ReportTypeList } } }, () => lookupsRepository.reportTypes(db))
  app.get('/job-types', { schema: { response: { 200: JobTypeList } } }, () => lookupsRepository.jobTypes(db))
  app.get('/sla-slots', { schema: { response: { 200: SlaSlotList } } }, () => lookupsRepository.slaSlots(db))
  app.get('/recharge-plans', { schema: { response: { 200: RechargePlanList } } }, () => lookupsRepository.rechargePlans(db))
  app.get('/allowed-file-types', { schema: { response: { 200: AllowedFileTypes } } }, () => lookupsRepository.allowedFileTypes(db))
}
