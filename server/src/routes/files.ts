// Downloads: GET /files/{kind}/{path}. A file is served only to the clerk it belongs to; anything
// else, including a path that tries to leave the storage folder, answers 404. Files are streamed,
// Range requests are honoured (an audio player seeks with them), and the first download of a
// Completed job's transcript moves the job to Downloaded. The recharge report (15) is not a stored
// file: its PDF is produced as it is sent (server/src/statements/), whole each time.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifySchemaValidationError } from 'fastify'
import Type from 'typebox'
import { RECHARGE_REPORT_FILE_KIND } from '@contract/payments.ts'
import parseRange from 'range-parser'
import type { Db } from '../db/database.ts'
import { HttpError } from '../http-error.ts'
import { markTranscriptDownloaded } from '../jobs/job-operations.ts'
import { jobsRepository, type JobFileKind } from '../repositories/jobs-repository.ts'
import { templatesRepository } from '../repositories/templates-repository.ts'
import { openRechargeStatement, rechargeStatementPath, type StatementDays } from '../statements/recharge-statement.ts'
import type { ByteRange } from '../storage/file-storage.ts'

interface OwnedFile {
  /** Set for a job's file: the job it belongs to and that job's status. */
  job?: { jobId: number; status: string }
}

type OwnershipCheck = (db: Db, userId: string, key: string) => Promise<OwnedFile | null>

const jobFile =
  (kind: JobFileKind): OwnershipCheck =>
  async (db, userId, key) => {
    const job = await jobsRepository.fileOwner(db, userId, kind, key)
    return job ? { job } : null
  }

const RANGE_BEYOND_END = 'The requested range lies beyond the end of the file.'

/** File kinds by their path number (decisions.md). */
const FILE_KINDS = ['10', '11', '12', '13', RECHARGE_REPORT_FILE_KIND] as const
type FileKind = (typeof FILE_KINDS)[number]

// The stored files' kinds (15 is produced, not stored). A Map, not a plain object: a path word such
// as `constructor` or `__proto__` must not find an inherited property and pass as an ownership check.
const OWNED_BY = new Map<Exclude<FileKind, typeof RECHARGE_REPORT_FILE_KIND>, OwnershipCheck>([
  ['10', jobFile('audio')],
  // 11 is a template: the clerk's own reusable one, or the one a job was submitted with.
  ['11', async (db, userId, key) => ((await templatesRepository.byFileKey(db, userId, key)) ? {} : jobFile('template')(db, userId, key))],
  ['12', jobFile('support')],
  ['13', jobFile('transcript')],
])

const fileParams = Type.Object({
  kind: Type.Union(FILE_KINDS.map((kind) => Type.Literal(kind))),
  '*': Type.String({ maxLength: 1000 }),
})

/** RFC 6266 attachment header with an ASCII fallback and the UTF-8 name (RFC 5987). */
export function attachmentHeader(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_')
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`
}

/** The one range a Range header asks for; null for the whole file; 'unsatisfiable' past its end. */
function requestedRange(header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' {
  if (!header) return null
  const ranges = parseRange(size, header, { combine: true })
  if (ranges === -1) return 'unsatisfiable'
  // A malformed header, or several ranges (multipart/byteranges), is answered with the whole file, as RFC 9110 allows.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return null
  return ranges[0]!
}

export const STATEMENT_PERIOD_REFUSED = 'The statement’s period is two dates written as YYYY-MM-DD (from=2026-03-01&to=2026-03-31), the first not after the second.'

/** `?from=&to=`, each a real calendar day written YYYY-MM-DD, or absent. */
function statementDays(query: unknown): StatementDays {
  const { from, to } = (query ?? {}) as Record<string, unknown>
  const day = (value: unknown) => {
    if (value === undefined) return undefined
    const time = typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? Date.parse(`${value}T00:00:00Z`) : Number.NaN
    // 2026-02-30 is no day: it does not read back as itself.
    if (Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value) {
      throw new HttpError(400, STATEMENT_PERIOD_REFUSED)
    }
    return value as string
  }
  const days = { from: day(from), to: day(to) }
  if (days.from && days.to && days.from > days.to) throw new HttpError(400, STATEMENT_PERIOD_REFUSED)
  return days
}

/** The clerk's statement, at the one path that names them; 404 for any other path, or with no money move at all. */
async function sendRechargeStatement(reply: FastifyReply, userId: string, key: string, query: unknown) {
  if (key !== rechargeStatementPath(userId)) throw new HttpError(404, 'Not found')
  const { server } = reply
  const statement = await openRechargeStatement(server.database.db, userId, { seller: server.config.seller, days: statementDays(query) })
  if (!statement) throw new HttpError(404, 'Not found')
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', attachmentHeader(statement.fileName))
    .header('cache-control', 'private, no-store')
    .send(statement.stream)
}

export const fileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database
  app.addHook('preHandler', app.authenticate)

  // attachValidation: a kind the schema refuses names no file, so it answers 404 like an unknown path.
  app.get('/:kind/*', { schema: { params: fileParams }, attachValidation: true }, async (request, reply) => {
    const notFound = new HttpError(404, 'Not found')
    const refused = request.validationError
    if (refused) throw refused.validation?.some((error: FastifySchemaValidationError) => error.instancePath.startsWith('/kind')) ? notFound : refused
    const { kind, '*': key } = request.params
    if (kind === RECHARGE_REPORT_FILE_KIND) return sendRechargeStatement(reply, request.clerk!.userId, key, request.query)
    const owns = OWNED_BY.get(kind)
    // A path with a NUL character names no stored file (and PostgreSQL text cannot hold one).
    if (!owns || key.split('/').includes('..') || key.includes('\0')) throw notFound
    const owned = await owns(db, request.clerk!.userId, key)
    if (!owned) throw notFound

    const size = await app.storage.size(key)
    if (size === null) throw notFound
    const range = requestedRange(request.headers.range, size)
    if (range === 'unsatisfiable') {
      // An error answer like any other (its detail and code), with the size a client may ask within.
      reply.header('content-range', `bytes */${size}`)
      throw new HttpError(416, RANGE_BEYOND_END)
    }
    const baseName = key.split('/').pop()!
    reply
      .header('content-type', 'application/octet-stream')
      .header('content-disposition', attachmentHeader(baseName))
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'private, no-store')
    if (range) {
      const part = await app.storage.open(key, range)
      if (!part) throw notFound
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
        .send(part.stream)
    }
    // Marked before the bytes go out: a download that breaks off still counts, as the clerk has begun to read it.
    if (kind === '13' && owned.job?.status === 'Completed') await markTranscriptDownloaded(db, owned.job.jobId)
    const whole = await app.storage.open(key)
    if (!whole) throw notFound
    return reply.header('content-length', whole.size).send(whole.stream)
  })
}
