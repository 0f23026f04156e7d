// Upload folders: the audio calculate-cost received and measured, waiting for create-job to name its
// token. A folder is used once, inside the job's transaction; an unused one expires and is swept.
import { and, asc, eq, isNull, isNotNull, lte, or, sql } from 'drizzle-orm'
import type { Db } from '../db/database.ts'
import { reportTypes, uploadFolderFiles, uploadFolders } from '../db/schema.ts'

/**
 * The first key of the transaction-scoped advisory lock that makes one clerk's reservations take turns
 * (the second is the clerk's id hashed); distinct from the migrations' one-key lock (db/database.ts).
 */
const RESERVATION_LOCK_SPACE = 0x0f01de25

/** What reserving a folder found: reserved, or the clerk already holds `open` folders, the limit or more. */
export type FolderReservation = { reserved: true } | { reserved: false; open: number }

export type UploadFolder = typeof uploadFolders.$inferSelect
export type UploadFolderFile = typeof uploadFolderFiles.$inferSelect

export interface NewUploadFolderFile {
  fileKey: string
  fileName: string
  sizeBytes: number
  /** Seconds, as decimal text with up to 3 places. */
  durationSeconds: string
}

/** Where a folder's files are stored: removing this prefix removes them all. */
export function uploadFolderPrefix(userId: string, token: string): string {
  return `clerks/${userId}/uploads/${token}/`
}

/** What claiming a folder for a job found. */
export type FolderClaim =
  | { outcome: 'claimed' }
  /** No such folder for this clerk (another clerk's token reads the same: 404). */
  | { outcome: 'missing' }
  | { outcome: 'expired' }
  /** The folder made a job before (`jobId` null when that job has since been deleted). */
  | { outcome: 'used'; jobId: number | null }

/** A folder's files, in the order sent. */
async function insertFiles(db: Db, token: string, files: NewUploadFolderFile[]): Promise<void> {
  if (files.length > 0) await db.insert(uploadFolderFiles).values(files.map((file, position) => ({ ...file, folderToken: token, position })))
}

export const uploadFoldersRepository = {
  /** Writes a folder and its files (already committed in storage under uploadFolderPrefix). */
  async create(
    db: Db,
    folder: { token: string; userId: string; reportTypeId: number; audioDurationSeconds: string; expiresAt: Date; createdAt?: Date },
    files: NewUploadFolderFile[],
  ): Promise<void> {
    await db.insert(uploadFolders).values(folder)
    await insertFiles(db, folder.token, files)
  },

  /**
   * Reserves a folder with no files for the clerk, unless they already hold `limit` open ones
   * (`countOpen`): calculate-cost does it before it reads a byte, so a clerk's requests sent at once
   * cannot all pass the count and then each add a folder (issue 24 item 3). The count and the insert
   * run under a lock of this clerk's, held to the end of the transaction, so they take turns in every
   * server process sharing the database; other clerks never wait. The reservation holds until
   * `leaseUntil` (renewLease while the upload runs); its report type is the first one until the form is
   * read (`addMeasuredFiles` sets it). A folder with no files is never priced nor used (create-job and
   * the stored-folder cost refuse it as missing).
   */
  async reserve(db: Db, { token, userId, leaseUntil, limit, now = new Date() }: { token: string; userId: string; leaseUntil: Date; limit: number; now?: Date }): Promise<FolderReservation> {
    return db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${RESERVATION_LOCK_SPACE}, hashtext(${userId}))`)
      const open = await uploadFoldersRepository.countOpen(tx, userId, now)
      if (open >= limit) return { reserved: false, open }
      const [firstReportType] = await tx.select({ id: reportTypes.id }).from(reportTypes).orderBy(asc(reportTypes.id)).limit(1)
      if (!firstReportType) throw new Error('no report types: the lookups were not seeded')
      await tx.insert(uploadFolders).values({ token, userId, reportTypeId: firstReportType.id, audioDurationSeconds: '0', expiresAt: leaseUntil, createdAt: now })
      return { reserved: true }
    })
  },

  /**
   * Holds a reserved folder (still without files) until `leaseUntil`; a folder with files keeps its
   * expiry. Never shortens it: a renewal that lands after a later one (another pool connection) is moot.
   */
  async renewLease(db: Db, token: string, leaseUntil: Date): Promise<void> {
    await db
      .update(uploadFolders)
      .set({ expiresAt: sql`greatest(${uploadFolders.expiresAt}, ${leaseUntil})` })
      .where(and(eq(uploadFolders.token, token), sql`not exists (select 1 from ${uploadFolderFiles} where ${uploadFolderFiles.folderToken} = ${uploadFolders.token})`))
  },

  /**
   * Writes a measured folder's files, total, report type and expiry into the folder `reserve` made with
   * none (calculate-cost reserves its token before it reads the upload, so a crash on the way leaves a
   * row the sweep finds). Pass an open transaction: the files and the total appear together.
   */
  async addMeasuredFiles(
    db: Db,
    token: string,
    folder: { reportTypeId: number; audioDurationSeconds: string; expiresAt: Date },
    files: NewUploadFolderFile[],
  ): Promise<void> {
    await db.update(uploadFolders).set(folder).where(eq(uploadFolders.token, token))
    await insertFiles(db, token, files)
  },

  /** The clerk's own folder and its files in the order sent; undefined for an unknown or another clerk's token. */
  async findOwned(db: Db, userId: string, token: string): Promise<{ folder: UploadFolder; files: UploadFolderFile[] } | undefined> {
    const [folder] = await db
      .select()
      .from(uploadFolders)
      .where(and(eq(uploadFolders.token, token), eq(uploadFolders.userId, userId)))
    if (!folder) return undefined
    const files = await db.select().from(uploadFolderFiles).where(eq(uploadFolderFiles.folderToken, token)).orderBy(asc(uploadFolderFiles.position))
    return { folder, files }
  },

  /**
   * Marks the clerk's folder as used by `jobId`, inside the job's transaction. The row is locked, so two
   * submits naming one folder cannot both claim it: the second finds it used.
   */
  async claim(db: Db, userId: string, token: string, jobId: number, now = new Date()): Promise<FolderClaim> {
    const [folder] = await db
      .select()
      .from(uploadFolders)
      .where(and(eq(uploadFolders.token, token), eq(uploadFolders.userId, userId)))
      .for('update')
    if (!folder) return { outcome: 'missing' }
    if (folder.usedAt) return { outcome: 'used', jobId: folder.jobId }
    if (folder.expiresAt <= now) return { outcome: 'expired' }
    // The folder and its files were read by the caller before the transaction (findOwned).
    await db.update(uploadFolders).set({ jobId, usedAt: now }).where(eq(uploadFolders.token, token))
    return { outcome: 'claimed' }
  },

  /**
   * Unused folders to be removed (their files, then the rows), oldest first: those with files expired
   * before `expiredBefore`, and reservations still without files whose lease ran out before `leaseEndedBefore`.
   */
  async expiredUnused(db: Db, { expiredBefore, leaseEndedBefore }: { expiredBefore: Date; leaseEndedBefore: Date }, limit: number): Promise<Pick<UploadFolder, 'token' | 'userId'>[]> {
    const hasFiles = sql`exists (select 1 from ${uploadFolderFiles} where ${uploadFolderFiles.folderToken} = ${uploadFolders.token})`
    return db
      .select({ token: uploadFolders.token, userId: uploadFolders.userId })
      .from(uploadFolders)
      .where(
        and(
          isNull(uploadFolders.usedAt),
          or(and(hasFiles, lte(uploadFolders.expiresAt, expiredBefore)), and(sql`not ${hasFiles}`, lte(uploadFolders.expiresAt, leaseEndedBefore))),
        ),
      )
      .orderBy(asc(uploadFolders.expiresAt))
      .limit(limit)
  },

  /** Deletes a folder's rows (its files' rows go with it); only while it is still unused. */
  async removeUnused(db: Db, token: string): Promise<void> {
    await db.delete(uploadFolders).where(and(eq(uploadFolders.token, token), isNull(uploadFolders.usedAt)))
  },

  /**
   * Deletes the rows of used folders that expired: their files belong to their jobs, so only the rows
   * go (the marker that refuses a second job from the folder is no longer needed once create-job
   * would refuse the token as expired anyway).
   */
  async removeUsedExpired(db: Db, now: Date): Promise<number> {
    const removed = await db
      .delete(uploadFolders)
      .where(and(isNotNull(uploadFolders.usedAt), lte(uploadFolders.expiresAt, now)))
      .returning({ token: uploadFolders.token })
    return removed.length
  },

  /** How many folders the clerk holds that are unused and unexpired (a bound on what one clerk may keep). */
  async countOpen(db: Db, userId: string, now = new Date()): Promise<number> {
    const [row] = await db
      .select({ count: sql<number>`count(*)::int` })
      .from(uploadFolders)
      .where(and(eq(uploadFolders.userId, userId), isNull(uploadFolders.usedAt), sql`${uploadFolders.expiresAt} > ${now}`))
    return row?.count ?? 0
  },
}
