// The full job list as a stream of JSON text, a page of jobs at a time, so that one clerk's 5,000-job
// list never holds the event loop (or the embedded database, which runs on this thread) for longer
// than one page: between pages every other request gets its turn. A client that has gone stops the
// build: Fastify destroys the stream when the socket closes before the answer is complete, and a
// destroyed Readable.from closes its generator at the next page instead of reading on. See
// docs/decisions/server-stays-responsive.md.
import { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { DashboardJob } from '@contract/jobs.ts'
import type { Database, Db } from '../db/database.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'

/** Jobs read and serialised in one go (the figures in decisions.md chose it). */
export const DASHBOARD_PAGE_SIZE = 100

export interface DashboardStreamRequest {
  db: Db
  databaseKind: Database['kind']
  userId: string
  /** The jobs to list, in the list's order (jobsRepository.dashboardIds, or the first of them). */
  ids: readonly number[]
  /** The route's own serialiser for one job (the response schema's item), so the bytes are the plain answer's. */
  serializeJob: (job: DashboardJob) => string
  log: FastifyBaseLogger
}

/**
 * Pages take turns across every list being built. The embedded database runs one query at a time on
 * this thread, in the order asked: eight lists each waiting with a page's queries would put a quick
 * request (another clerk's, /api/health's ping) behind eight pages, so there one page is read at a
 * time. PostgreSQL works beside this thread, so four pages at a time keep its round trips overlapping
 * while this thread's share (rows to objects, serialising) still waits its turn.
 */
class PageTurns {
  private running = 0
  private readonly waiting: (() => void)[] = []
  constructor(private readonly width: number) {}

  async take<T>(work: () => Promise<T>): Promise<T> {
    if (this.running < this.width) this.running++
    else await new Promise<void>((resolve) => this.waiting.push(resolve)) // a finished turn hands over its place
    try {
      // A turn of the event loop before each page: the requests that queued behind the last page run first.
      await nextTurn()
      return await work()
    } finally {
      const next = this.waiting.shift()
      if (next) next()
      else this.running--
    }
  }
}

const PAGE_TURNS: Record<Database['kind'], PageTurns> = { pglite: new PageTurns(1), postgres: new PageTurns(4) }

async function* dashboardJsonChunks({ db, databaseKind, userId, ids, serializeJob, log }: DashboardStreamRequest): AsyncGenerator<string> {
  let read = 0
  let first = true
  try {
    yield '['
    for (; read < ids.length; read += DASHBOARD_PAGE_SIZE) {
      const json = await PAGE_TURNS[databaseKind].take(async () => (await jobsRepository.dashboardPage(db, userId, ids.slice(read, read + DASHBOARD_PAGE_SIZE))).map(serializeJob).join(','))
      if (json === '') continue
      yield (first ? '' : ',') + json
      first = false
    }
    yield ']'
  } finally {
    // Reached early only when the stream was destroyed: the client went before the whole answer.
    if (read < ids.length) log.info({ jobsRead: Math.min(read + DASHBOARD_PAGE_SIZE, ids.length), jobsInRange: ids.length }, 'job list stopped: the client has gone')
  }
}

/** The list as JSON text (byte for byte what the response schema's serialiser makes of the whole array). */
export function dashboardJsonStream(request: DashboardStreamRequest): Readable {
  // One page waits in the stream at most: the next is read only when the socket has taken the last.
  return Readable.from(dashboardJsonChunks(request), { objectMode: false, highWaterMark: 1 })
}
