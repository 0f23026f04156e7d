// Opens the database the configuration names: PGlite (PostgreSQL compiled to WebAssembly) in a data
// folder by default, or a PostgreSQL server through node-postgres. Both speak the same SQL, so the
// schema, migrations and repositories are shared; only the driver differs.
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { mkdir } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { DatabaseSetting } from '../config.ts'
import { createDataFolderApart, holdsDatabase } from './pglite-data-folder.ts'
import * as schema from './schema.ts'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>

/** Runs one SQL text with its $1.. values: the shape pg-boss's `db` option takes. */
export interface SqlExecutor {
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>
}

/**
 * How the work queue (pg-boss) reaches this database: PostgreSQL through pg-boss's own small pool,
 * the embedded PGlite through the app's one connection (PGlite runs one query at a time anyway).
 */
export type QueueConnection = { connectionString: string } | { db: SqlExecutor }

export interface Database {
  db: Db
  kind: DatabaseSetting['kind']
  /** PostgreSQL only: where to open a connection of one's own (the resumable uploads' lock connection). */
  connectionUrl?: string
  queueConnection: QueueConnection
  /** Applies every migration not yet applied. Safe to run from several processes at once. */
  migrate(): Promise<void>
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>
  close(): Promise<void>
  /** The embedded database's whole data folder as one archive (backups, test templates). */
  dumpDataDir?: () => Promise<Blob>
}

export const MIGRATIONS_FOLDER = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../drizzle')

// Serialises migrations across server processes sharing one PostgreSQL database.
const MIGRATION_LOCK_KEY = 0x1a5c71be

export async function openDatabase(setting: DatabaseSetting, options: { loadDataDir?: Blob } = {}): Promise<Database> {
  return setting.kind === 'pglite' ? openPglite(setting.dataDir, options.loadDataDir) : openPostgres(setting.url)
}

/**
 * How the embedded database is started: PGlite's defaults with a 16 MB page cache, not PostgreSQL's
 * 128 MB: it lives in WebAssembly memory, which never shrinks, and thousands of jobs are a few MB of
 * data (decisions.md, Performance: a server that stays responsive).
 */
export async function pgliteStartParams(): Promise<string[]> {
  const { PGlite } = await import('@electric-sql/pglite')
  return [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB']
}

async function openPglite(dataDir: string, loadDataDir?: Blob): Promise<Database> {
  const { PGlite } = await import('@electric-sql/pglite')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  // "memory://" keeps the database in memory (tests); anything else is a folder on disk.
  if (!dataDir.startsWith('memory://')) await mkdir(dataDir, { recursive: true })
  const startParams = await pgliteStartParams()
  // A first start creates the database apart, so that its creation's memory is not the server's to keep.
  if (!loadDataDir && !dataDir.startsWith('memory://') && !holdsDatabase(dataDir)) await createDataFolderApart(dataDir, startParams)
  const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir, startParams } : { startParams })
  const db = drizzle({ client, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    queueConnection: { db: pgliteExecutor(client) },
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    ping: async () => {
      await client.query('select 1')
    },
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  }
}

/**
 * pg-boss sends its schema and migrations as one text of many statements and no values: PGlite runs
 * those with `exec` (the simple protocol), and everything else with `query`. The answer is the last
 * statement's, as pg-boss reads it.
 */
function pgliteExecutor(client: PGlite): SqlExecutor {
  return {
    executeSql: async (text, values) => {
      if (values && values.length > 0) return client.query(text, values)
      const results = await client.exec(text)
      return results.at(-1) ?? { rows: [] }
    },
  }
}

async function openPostgres(url: string): Promise<Database> {
  const { default: pg } = await import('pg')
  const { drizzle } = await import('drizzle-orm/node-postgres')
  const { migrate } = await import('drizzle-orm/node-postgres/migrator')
  const pool = new pg.Pool({ connectionString: url, max: 10 })
  const db = drizzle({ client: pool, schema, casing: 'snake_case' })
  return {
    db: db as unknown as Db,
    kind: 'postgres',
    connectionUrl: url,
    queueConnection: { connectionString: url },
    migrate: async () => {
      const connection = await pool.connect()
      try {
        await connection.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY])
        await migrate(drizzle({ client: connection, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_FOLDER })
      } finally {
        await connection.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined)
        connection.release()
      }
    },
    ping: async () => {
      await db.execute(sql`select 1`)
    },
    close: () => pool.end(),
  }
}
