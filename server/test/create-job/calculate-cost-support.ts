// What the calculate-cost tests share: the call through the real route, and what a request left behind
// (stored files, in progress or committed, and the folder tables' rows).
import { sql } from 'drizzle-orm'
import { CALCULATE_COST_FIELDS } from '@contract/create-job.ts'
import { uploadFolderFiles, uploadFolders } from '../../src/db/schema.ts'
import { lookupsRepository } from '../../src/repositories/lookups-repository.ts'
import { bearer, multipart, signIn, signUpClerk, type FilePart, type TestApp } from '../support/test-app.ts'
import { storedFiles } from './support.ts'

export { storedFiles }

export const AUDIO_FIELD = CALCULATE_COST_FIELDS.audioFiles

/** One `audio_files` part. */
export const audio = (filename: string, content: Buffer | string): FilePart => ({ name: AUDIO_FIELD, filename, content })

/** The first report type of the lookups, as the wizard preselects it. */
export async function firstReportTypeId(t: TestApp): Promise<number> {
  return (await lookupsRepository.reportTypes(t.database.db))[0]!.id
}

/** A new clerk, signed in, and the report type the wizard preselects: what a calculate-cost request needs. */
export async function pricingClerk(t: TestApp, email: string): Promise<{ token: string; reportType: string }> {
  await signUpClerk(t, email)
  return { token: (await signIn(t, email)).token, reportType: String(await firstReportTypeId(t)) }
}

export function calculateCost(t: TestApp, token: string | null, files: FilePart[], fields: Record<string, string>) {
  const { payload, headers } = multipart(fields, files)
  return t.app.inject({ method: 'POST', url: '/api/clerk/calculate-cost', headers: { ...headers, ...(token ? bearer(token) : {}) }, payload })
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
  return { stored: storedFiles(t), rows: await folderRows(t) }
}
export const NOTHING = { stored: [], rows: { folders: 0, files: 0 } }

/** POST /api/clerk/calculate-cost with one `upload_ids` field per id, in order, and no audio parts. */
export function calculateCostWithIds(t: TestApp, token: string, reportType: string, ids: string[], names?: string[]) {
  const boundary = '----inspectscribeUploadIds'
  const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
  const payload = [
    field('report_type_id', reportType),
    ...ids.map((id) => field('upload_ids', id)),
    ...(names ?? []).map((name) => field('upload_names', name)),
    `--${boundary}--\r\n`,
  ].join('')
  return t.app.inject({
    method: 'POST',
    url: '/api/clerk/calculate-cost',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, authorization: `Bearer ${token}` },
    payload,
  })
}
