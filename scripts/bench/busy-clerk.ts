// A data folder (or a PostgreSQL database) holding one busy clerk: 5,000 jobs created over the last 6
// days, each with one to three audio files, and a staff note on every third. Written straight into the
// database before the server starts on it (PGlite allows one process at a time); and the clerk's list
// asked for as a browser asks.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startPostgres, type PostgresServer } from '../../server/test/support/postgres-server.ts'
import { hashPassword } from '../../server/src/auth/passwords.ts'
import { prepareDatabase } from '../../server/src/db/prepare.ts'
import { jobFiles, jobs, staffNotes, users, JOB_STATUSES } from '../../server/src/db/schema.ts'
import { lookupsRepository } from '../../server/src/repositories/lookups-repository.ts'
import type { DatabaseSetting } from '../../server/src/config.ts'

export const BUSY_CLERK = { email: 'busy.clerk@example.com', password: 'Busy-Clerk-2026!' }

/** Seeds the data folder's embedded database, or the PostgreSQL database given instead. */
export async function seedBusyClerk(dataDir: string, jobCount: number, postgresUrl?: string): Promise<void> {
  const target: DatabaseSetting = postgresUrl ? { kind: 'postgres', url: postgresUrl } : { kind: 'pglite', dataDir: `${dataDir}/pglite` }
  const database = await prepareDatabase({ database: target, demoAccount: false })
  try {
    const { db } = database
    const [clerk] = await db
      .insert(users)
      .values({ email: BUSY_CLERK.email, fullName: 'Busy Clerk', companyName: 'Busy Inventories', passwordHash: await hashPassword(BUSY_CLERK.password) })
      .returning({ id: users.id })
    const [reportTypes, jobTypes, slots] = await Promise.all([lookupsRepository.reportTypes(db), lookupsRepository.jobTypes(db), lookupsRepository.slaSlots(db)])
    const now = Date.now()
    const span = 6 * 24 * 3_600_000
    for (let first = 0; first < jobCount; first += 500) {
      const batch = Array.from({ length: Math.min(500, jobCount - first) }, (_, k) => {
        const i = first + k
        const createdAt = new Date(now - 60_000 - Math.floor((i / jobCount) * span))
        const slot = slots[i % slots.length]!
        return {
          userId: clerk!.id,
          propertyAddress: `${(i % 180) + 1} ${['Willow Crescent', 'Station Approach', 'Kingsway', 'Church Lane', 'Queen Street'][i % 5]}, ${['Leeds', 'Bristol', 'York', 'Hove', 'Cardiff'][i % 5]}`,
          reportTypeId: reportTypes[i % reportTypes.length]!.id,
          jobTypeId: jobTypes[i % jobTypes.length]!.id,
          slaSlotId: slot.id,
          costCents: (i % 40) * 100 + 150,
          audioDurationSeconds: (600 + (i % 3000)).toFixed(3),
          status: JOB_STATUSES[i % JOB_STATUSES.length]!,
          slaDeadline: new Date(createdAt.getTime() + slot.hours * 3_600_000),
          createdAt,
          updatedAt: createdAt,
        }
      })
      const ids = await db.insert(jobs).values(batch).returning({ id: jobs.id })
      const files = ids.flatMap(({ id }, k) =>
        Array.from({ length: 1 + ((first + k) % 3) }, (_, n) => ({
          jobId: id,
          kind: 'audio' as const,
          fileKey: `clerks/${clerk!.id}/jobs/${id}/audio/room-${n + 1}.mp3`,
          sizeBytes: 4_000_000,
          durationSeconds: '600.000',
        })),
      )
      await db.insert(jobFiles).values(files)
      const notes = ids.filter((_, k) => (first + k) % 3 === 0).map(({ id }) => ({ jobId: id, note: 'Audio received and assigned to a transcriber.' }))
      if (notes.length > 0) await db.insert(staffNotes).values(notes)
    }
  } finally {
    await database.close()
  }
}

/** The busy clerk signed in on `serverUrl`: its list's address (the seeded range) and headers, compressed as a browser asks. */
export async function busyClerkListRequest(serverUrl: string): Promise<{ dashboardUrl: string; headers: Record<string, string> }> {
  const login = await fetch(`${serverUrl}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(BUSY_CLERK) })
  const { token } = (await login.json()) as { token: string }
  const dashboardUrl = `${serverUrl}/api/clerk/dashboard?start=${Date.now() - 7 * 24 * 3_600_000}&end=${Date.now() + 3_600_000}`
  return { dashboardUrl, headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'gzip, deflate, br' } }
}

/** Asks for the whole list once and checks it holds every seeded job. */
export async function fetchWholeList(dashboardUrl: string, headers: Record<string, string>, jobCount: number): Promise<void> {
  const listed = (await (await fetch(dashboardUrl, { headers })).json()) as unknown[]
  if (listed.length !== jobCount) throw new Error(`the dashboard listed ${listed.length} jobs, not ${jobCount}`)
}

export type BenchDatabase = 'pglite' | 'postgres'

/** A fresh database (a PostgreSQL server of its own, or a data folder) seeded with the busy clerk; its server settings for `run`. */
export async function withSeededBusyClerk<T>(kind: BenchDatabase, jobCount: number, run: (env: Record<string, string>, dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-list-'))
  let postgres: PostgresServer | undefined
  try {
    const env: Record<string, string> = { DEMO_ACCOUNT: 'false', LOG_LEVEL: 'error' }
    if (kind === 'postgres') {
      postgres = await startPostgres()
      const admin = new pg.Client({ connectionString: postgres.adminUrl })
      await admin.connect()
      await admin.query('create database bench')
      await admin.end()
      env.DATABASE_URL = postgres.urlFor('bench')
    }
    await seedBusyClerk(dataDir, jobCount, env.DATABASE_URL)
    return await run(env, dataDir)
  } finally {
    await postgres?.stop()
    await rm(dataDir, { recursive: true, force: true })
  }
}
