// Work a route starts and does not wait for, such as an e-mail whose sending time must not show in
// the answer. Failures are logged with the error alone, so a link (and its token) never reaches the
// log; `settled` lets the server finish what it promised before it closes the database.
import type { FastifyBaseLogger } from 'fastify'

export interface AfterAnswer<T> {
  start(input: T, log: FastifyBaseLogger): void
  settled(): Promise<void>
}

export function afterAnswer<T>(work: (input: T) => Promise<void>, failureMessage: string): AfterAnswer<T> {
  const running = new Set<Promise<void>>()
  return {
    start(input, log) {
      const run = work(input)
        .catch((err: unknown) => log.error({ err }, failureMessage))
        .finally(() => running.delete(run))
      running.add(run)
    },
    async settled() {
      await Promise.allSettled([...running])
    },
  }
}
