// What the create-job tests share: a clerk with credits, a folder of measured audio made the way
// calculate-cost leaves one (real WAV bytes committed under the folder's prefix, its rows written), the
// submit through the real route, and a look at everything a submit could have left behind.
import { randomUUID } from 'node:crypto'
import { existsSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { Readable } from 'node:stream'
import { eq } from 'drizzle-orm'
import { CREATE_JOB_FIELDS, FOLDER_TOKEN_LIFETIME_HOURS } from '@contract/create-job.ts'
import { toneWav } from '../../src/audio/wav.ts'
import { creditEntries, jobs, uploadFolders } from '../../src/db/schema.ts'
import { creditRecharge } from '../../src/money/credit-recharge.ts'
import { lookupsRepository } from '../../src/repositories/lookups-repository.ts'
import { uploadFolderPrefix, uploadFoldersRepository } from '../../src/repositories/upload-folders-repository.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { saveStream } from '../../src/storage/file-storage.ts'
import { bearer, multipart, signIn, signUpClerk, type FilePart, type TestApp } from '../support/test-app.ts'

export const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')])
export const DOCX = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(1024, 1)])
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(512, 2)])
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(1024, 0)])

export interface Clerk {
  userId: string
  token: string
}

/** A clerk signed up and in through the real routes, with `credits` cents on their balance. */
export async function clerkWithCredits(t: TestApp, email: string, cents: number): Promise<Clerk> {
  await signUpClerk(t, email)
  const userId = (await usersRepository.findByEmail(t.database.db, email))!.id
  if (cents > 0) await creditRecharge(t.database.db, { userId, amountCents: cents, reason: 'Test credit', externalReference: `pi_test_${randomUUID()}`, paid: { cents, currency: 'gbp' } })
  return { userId, token: (await signIn(t, email)).token }
}

/** The seeded lookups' ids by name. */
export async function lookupIds(t: TestApp) {
  const { db } = t.database
  const byName = <T extends { id: number; name: string }>(rows: T[]) => Object.fromEntries(rows.map((row) => [row.name, row.id])) as Record<string, number>
  return {
    reportType: byName(await lookupsRepository.reportTypes(db)),
    jobType: byName(await lookupsRepository.jobTypes(db)),
    slot: byName(await lookupsRepository.slaSlots(db)),
  }
}

/**
 * A folder of measured audio as calculate-cost leaves it: one WAV of each given length (seconds, to the
 * millisecond) committed under the folder's prefix, and its rows. Returns the token and the files' keys.
 */
export async function makeFolder(
  t: TestApp,
  userId: string,
  { reportTypeId, seconds, expiresAt }: { reportTypeId: number; seconds: number[]; expiresAt?: Date },
): Promise<{ token: string; keys: string[] }> {
  const token = randomUUID()
  const files = []
  for (const [index, length] of seconds.entries()) {
    const fileName = `Recording ${index + 1}.wav`
    const fileKey = `${uploadFolderPrefix(userId, token)}${index}/${fileName}`
    // The WAV holds a second of tone at most: its length is what the rows say was measured.
    const saved = await saveStream(t.app.storage, fileKey, Readable.from([toneWav(Math.min(length, 1))]), 1024 * 1024)
    files.push({ fileKey, fileName, sizeBytes: saved.size, durationSeconds: length.toFixed(3) })
  }
  const total = seconds.reduce((sum, length) => sum + length, 0)
  await uploadFoldersRepository.create(
    t.database.db,
    { token, userId, reportTypeId, audioDurationSeconds: total.toFixed(3), expiresAt: expiresAt ?? new Date(Date.now() + FOLDER_TOKEN_LIFETIME_HOURS * 3_600_000) },
    files,
  )
  return { token, keys: files.map((file) => file.fileKey) }
}

/** The form fields of a job, the given ones replacing the defaults. */
export type JobFormFields = Partial<Record<keyof typeof CREATE_JOB_FIELDS, string>>

export function jobFields(fields: JobFormFields): Record<string, string> {
  const named: Record<string, string> = {}
  for (const [key, value] of Object.entries(fields)) if (value !== undefined) named[CREATE_JOB_FIELDS[key as keyof typeof CREATE_JOB_FIELDS]] = value
  return named
}

/** Submits a job through the real route, as the portal's transport sends it. */
export function submitJob(t: TestApp, token: string, fields: JobFormFields, files: FilePart[] = [], idempotencyKey?: string) {
  const { payload, headers } = multipart(jobFields(fields), files)
  return t.app.inject({
    method: 'POST',
    url: '/api/clerk/create-job',
    headers: { ...headers, ...bearer(token), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    payload,
  })
}

/** Every file in storage, the uploads in progress under `.tmp` included, by key. */
export function storedFiles(t: TestApp): string[] {
  const root = path.join(t.app.config.dataDir, 'files')
  if (!existsSync(root)) return []
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort()
}

/** What a submit may write for a clerk: their jobs, their ledger entries, and whether the folder was used. */
export async function writtenFor(t: TestApp, userId: string, folderToken?: string) {
  const { db } = t.database
  const jobRows = await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.userId, userId))
  const entries = await db.select({ amountCents: creditEntries.amountCents }).from(creditEntries).where(eq(creditEntries.userId, userId))
  const [folder] = folderToken ? await db.select({ usedAt: uploadFolders.usedAt, jobId: uploadFolders.jobId }).from(uploadFolders).where(eq(uploadFolders.token, folderToken)) : []
  return { jobs: jobRows.length, entries: entries.length, folderUsed: folder ? folder.usedAt !== null || folder.jobId !== null : null }
}
