// Seeded reference data. These lists hold nothing personal, so they are public: the sign-up form and
// an offline tablet (through the service worker's cache) can read them without a session.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { LOOKUP_PATHS, LOOKUPS, type LookupAnswer, type LookupPath } from '@contract/lookups.ts'
import type { Db } from '../db/database.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'

/** Where each list of contract/lookups.ts is read: a list added there without a reader does not compile. */
const readers: { [P in LookupPath]: (db: Db) => Promise<LookupAnswer<P>> } = {
  'report-types': lookupsRepository.reportTypes,
  'job-types': lookupsRepository.jobTypes,
  'sla-slots': lookupsRepository.slaSlots,
  'recharge-plans': lookupsRepository.rechargePlans,
  'allowed-file-types': lookupsRepository.allowedFileTypes,
}

export const lookupRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const db = app.database.db
  for (const path of LOOKUP_PATHS) {
    app.get(`/${path}`, { schema: { response: { 200: LOOKUPS[path] } } }, () => readers[path](db))
  }
}
