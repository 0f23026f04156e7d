// Builds the real application for a test file, on the database kind of the running project:
// a private PGlite loaded from the migrated archive, or a private PostgreSQL database copied
// from the migrated template.
import { randomBytes } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { inject } from 'vitest'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { loadConfig, type Config } from '../../src/config.ts'
import { openDatabase, type Database } from '../../src/db/database.ts'
import { TEMPLATE_DATABASE } from './global-setup-postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'pglite' | 'postgres'
    pgliteArchive: string
    postgresAdminUrl: string
  }
}

export async function openTestDatabase(): Promise<Database> {
  if (inject('databaseKind') === 'pglite') {
    const archive = await readFile(inject('pgliteArchive'))
    return openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { loadDataDir: new Blob([archive]) })
  }
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`)
  } finally {
    await admin.end()
  }
  const url = new URL(inject('postgresAdminUrl'))
  url.pathname = `/${name}`
  return openDatabase({ kind: 'postgres', url: url.toString() })
}

export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: path.join('/tmp', 'inspectscribe-test-unused') }),
    portalDir: '/nonexistent-portal',
    ...overrides,
  }
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<{ app: FastifyInstance; database: Database }> {
  const database = await openTestDatabase()
  const app = await buildApp({ config: testConfig(overrides), database, logger: false })
  return { app, database }
}
