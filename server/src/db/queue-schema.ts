// The work queue's side of the database layer (pg-boss 10; server/src/queue/queue.ts is the queue
// itself): the schema its tables live in, its schema made or migrated with the app's migrations, and
// its `db` option over a Drizzle transaction so that a job is written in the caller's transaction.
import PgBoss from 'pg-boss'
import { sql } from 'drizzle-orm'
import type { Database, Db, SqlExecutor } from './database.ts'

export const QUEUE_SCHEMA = 'pgboss'

/**
 * Creates (or migrates) pg-boss's schema, then stops: run with the app's migrations, so a server start
 * (and every test's copy of the migrated database) finds it made. Safe in several processes at once
 * (pg-boss takes an advisory lock).
 */
export async function migrateQueueSchema(database: Pick<Database, 'queueConnection'>): Promise<void> {
  const boss = new PgBoss({ ...database.queueConnection, schema: QUEUE_SCHEMA, migrate: true, supervise: false, schedule: false })
  boss.on('error', () => undefined) // start() throws what matters; a listener keeps an error event from ending the process
  await boss.start()
  await boss.stop({ graceful: false, wait: true })
}

/**
 * pg-boss's `db` option over a Drizzle transaction, so that its insert joins the caller's transaction:
 * the text's $n placeholders become Drizzle parameters, on node-postgres and PGlite alike.
 */
export function transactionExecutor(tx: Db): SqlExecutor {
  return {
    executeSql: async (text, values = []) => {
      const pieces = text.split(/\$(\d+)/)
      const query = sql.join(pieces.map((piece, index) => (index % 2 === 0 ? sql.raw(piece) : sql.param(values[Number(piece) - 1] ?? null))))
      const result = (await tx.execute(query)) as unknown as { rows: unknown[] }
      return { rows: result.rows }
    },
  }
}
