// What the calculate-cost tests share: the call through the real route, and what a request left behind
// (stored files, in progress or committed, and the folder tables' rows).
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { uploadFolderFiles, uploadFolders } from '../../src/db/schema.ts'
import { lookupsRepository } from '../../src/repositories/lookups-repository.ts'
import { bearer, multipart, type FilePart, type TestApp } from '../support/test-app.ts'

export const AUDIO_FIELD = 'audio_files'

/** One `audio_files` part. */
export const audio = (filename: string, content: Buffer | string): FilePart => ({ name: AUDIO_FIELD, filename, content })

/** The first report type of the lookups, as the wizard preselects it. */
export async function firstReportTypeId(t: TestApp): Promise<number> {
  return (await lookupsRepository.reportTypes(t.database.db))[0]!.id
}

export function calculateCost(t: TestApp, token: string | null, files: FilePart[], fields: Record<string, string>) {
  const { payload, headers } = multipart(fields, files)
  return t.app.inject({ method: 'POST', url: '/api/clerk/calculate-cost', headers: { ...headers, ...(token ? bearer(token) : {}) }, payload })
}

/** Every stored file (the uploads in progress under `.tmp` included), relative to the storage folder. */
export async function storedFiles(t: TestApp): Promise<string[]> {
  const root = path.join(t.app.config.dataDir, 'files')
  return (await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
    .sort()
}

/** How many rows the folder tables hold. */
export async function folderRows(t: TestApp): Promise<{ folders: number; files: number }> {
  const count = async (table: typeof uploadFolders | typeof uploadFolderFiles) => {
    const [row] = await t.database.db.select({ count: sql<number>`count(*)::int` }).from(table)
    return Number(row!.count)
  }
  return { folders: await count(uploadFolders), files: await count(uploadFolderFiles) }
}

/** What a refused request must leave: nothing. */
export async function leftovers(t: TestApp): Promise<{ stored: string[]; rows: { folders: number; files: number } }> {
  return { stored: await storedFiles(t), rows: await folderRows(t) }
}
export const NOTHING = { stored: [], rows: { folders: 0, files: 0 } }
