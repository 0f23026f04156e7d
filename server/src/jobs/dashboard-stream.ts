// The full job list as a stream of JSON text, a page of jobs at a time, so that one clerk's 5,000-job
// list never holds the event loop (or the embedded database, which runs on this thread) for longer
// than one page: between pages every other request gets its turn. A client that has gone stops the
// build: Fastify destroys the stream when the socket closes before the answer is complete, and a
// destroyed Readable.from closes its generator at the next page instead of reading on. See
// decisions.md, "Performance: a server that stays responsive".
import { Readable } from 'node:stream'
import { setImmediate as nextTurn } from 'node:timers/promises'
import type { FastifyBaseLogger } from 'fastify'
import type { DashboardJob } from '@contract/jobs.ts'
import type { Db } from '../db/database.ts'
import { jobsRepository } from '../repositories/jobs-repository.ts'

/** Jobs read and serialised in one go: about 10 ms of the embedded database's time on 2 shared cores. */
export const DASHBOARD_PAGE_SIZE = 200

export interface DashboardStreamRequest {
  db: Db
  userId: string
  start: Date
  end: Date
  /** The route's own serialiser for one job (the response schema's item), so the bytes are the plain answer's. */
  serializeJob: (job: DashboardJob) => string
  log: FastifyBaseLogger
}

async function* dashboardJsonChunks({ db, userId, start, end, serializeJob, log }: DashboardStreamRequest): AsyncGenerator<string> {
  const ids = await jobsRepository.dashboardIds(db, userId, start, end)
  let read = 0
  let first = true
  try {
    yield '['
    for (; read < ids.length; read += DASHBOARD_PAGE_SIZE) {
      // Let the requests that queued behind this page run before the next page is read.
      await nextTurn()
      const page = await jobsRepository.dashboardPage(db, userId, ids.slice(read, read + DASHBOARD_PAGE_SIZE))
      if (page.length === 0) continue
      yield (first ? '' : ',') + page.map(serializeJob).join(',')
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
