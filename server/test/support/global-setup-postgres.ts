// Once per test run: start PostgreSQL 15 and build a migrated, seeded template database.
// Each test file then gets its own database copied from the template (fast, isolated). The projects
// on PostgreSQL share the one server (shared-setup.ts).
import type { TestProject } from 'vitest/node'
import pg from 'pg'
import { prepareDatabase } from '../../src/db/prepare.ts'
import { startPostgres } from './postgres-server.ts'
import { sharedSetup } from './shared-setup.ts'

export const TEMPLATE_DATABASE = 'inspectscribe_template'

async function startWithTemplate() {
  const server = await startPostgres()
  const admin = new pg.Client({ connectionString: server.adminUrl })
  await admin.connect()
  await admin.query(`create database ${TEMPLATE_DATABASE}`)
  await admin.end()

  const database = await prepareDatabase({ database: { kind: 'postgres', url: server.urlFor(TEMPLATE_DATABASE) }, demoAccount: true })
  await database.close()
  return { value: server.adminUrl, remove: () => server.stop() }
}

export default async function setup(project: TestProject) {
  const { value: adminUrl, release } = await sharedSetup('postgres-server', startWithTemplate)
  project.provide('databaseKind', 'postgres')
  project.provide('postgresAdminUrl', adminUrl)
  return release
}
