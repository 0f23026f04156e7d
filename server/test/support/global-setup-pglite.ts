// Once per test run: migrate and seed an in-memory PGlite and keep its data folder as an archive.
// Each test file loads that archive instead of running initdb and every migration again. Beside it, a
// created (initdb'd, not migrated) data folder, for the server processes the tests start: each starts
// on a copy, as the e2e's do (support/compiled-server.ts). The projects on PGlite share both
// (shared-setup.ts).
import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { prepareDatabase } from '../../src/db/prepare.ts'
import { createDatabaseOnce } from '../../../tests/support/created-database.ts'
import { sharedSetup } from './shared-setup.ts'

async function makeArchive() {
  const dir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-pglite-'))
  const database = await prepareDatabase({ database: { kind: 'pglite', dataDir: 'memory://' }, demoAccount: true })
  const archive = path.join(dir, 'template.tar')
  await writeFile(archive, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()))
  await database.close()
  return { value: archive, remove: () => rm(dir, { recursive: true, force: true }) }
}

/** Created in a child process, beside the archive's making in this one. */
async function makeCreatedFolder() {
  const { folder, remove } = await createDatabaseOnce()
  return { value: folder, remove }
}

export default async function setup(project: TestProject) {
  const [archive, createdFolder] = await Promise.all([sharedSetup('pglite-archive', makeArchive), sharedSetup('pglite-created-folder', makeCreatedFolder)])
  project.provide('databaseKind', 'pglite')
  project.provide('pgliteArchive', archive.value)
  project.provide('pgliteCreatedFolder', createdFolder.value)
  return async () => {
    await Promise.all([archive.release(), createdFolder.release()])
  }
}
