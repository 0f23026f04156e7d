// The work queue's side of the database layer (pg-boss 10; server/src/queue/queue.ts is the queue
// itself): the schema its tables live in, its schema made or migrated with the app's migrations, and
// its `db` option over a Drizzle transaction so that a job is written in the caller's transaction.
import pg from 'pg'
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

// Serialises the work queues' creation across server processes sharing one PostgreSQL database.
const QUEUE_CREATION_LOCK_KEY = 0x1a5c71bf

/**
 * Runs `create` (pg-boss's createQueue for each queue) while no other process does. pg-boss 10 creates a
 * queue by inserting its row and then altering the shared job table (a partition); two processes doing
 * it at once on an empty database deadlock (PostgreSQL 40P01), and one of them fails to start: seen
 * when two processes started together (server/test/start-up/two-processes-one-database.test.ts). On the
 * embedded database there is one process, and `create` just runs.
 */
export async function oneProcessAtATime(database: Pick<Database, 'connectionUrl'>, create: () => Promise<void>): Promise<void> {
  if (!database.connectionUrl) return create()
  // A connection of its own: a session lock taken through the pool could be released on another connection.
  const client = new pg.Client({ connectionString: database.connectionUrl, application_name: 'inspectscribe-queue-creation' })
  await client.connect()
  try {
    await client.query('select pg_advisory_lock($1)', [QUEUE_CREATION_LOCK_KEY])
    await create()
  } finally {
    // Ending the session lets go of its lock, whatever happened.
    await client.end().catch(() => undefined)
  }
}
