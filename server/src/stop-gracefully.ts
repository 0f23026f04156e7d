// How a server process stops on SIGTERM or SIGINT, one of several behind a load balancer (docs/deploy.md):
// 1. /api/health/ready answers 503 (`stopping`), for a balancer that asks it;
// 2. no new connection is taken (the listening socket closes: a balancer such as nginx meets a refused
//    connection and sends the request to another process), and a request arriving on a connection still
//    open is answered 503 with `Connection: close` (Fastify's return503OnClosing);
// 3. the requests under way get REQUESTS_MS to finish; the connections still open then are cut. What is cut
//    loses nothing stored: an upload is written under a temporary name until its commit (storage sweep), a
//    resumable (tus) upload resumes on another process from the last byte stored, a multipart
//    calculate-cost or create-job form fails on the client, which still holds the files and sends again;
// 4. the work queue stops fetching; its jobs under way get QUEUE_MS (queue.ts), after which pg-boss fails
//    them and another process retries them; jobs not yet started stay in the database for the others;
// 5. mails being sent finish; the database closes; the process exits 0.
// Past HARD_LIMIT_MS in all, close-with-grace ends the process with exit code 1.
import type { FastifyInstance } from 'fastify'

export const STOP_LIMITS = {
  /** How long the requests under way at the signal may take before their connections are cut. */
  requestsMs: 10_000,
  /** How long the queue's jobs under way may take (queue.ts stop's default). */
  queueMs: 10_000,
}

/** The whole stop's limit (close-with-grace's delay): both steps, and a margin for mail and the database. */
export const STOP_HARD_LIMIT_MS = STOP_LIMITS.requestsMs + STOP_LIMITS.queueMs + 5_000

export async function stopGracefully(app: FastifyInstance, requestsMs = STOP_LIMITS.requestsMs): Promise<void> {
  app.stopping = true
  const cut = setTimeout(() => {
    app.log.warn(`stopping: requests still under way after ${requestsMs / 1000} s are cut`)
    app.server.closeAllConnections()
  }, requestsMs)
  cut.unref()
  try {
    await app.close()
  } finally {
    clearTimeout(cut)
  }
}
