// Once per test run: migrate and seed an in-memory PGlite and keep its data folder as an archive.
// Each test file loads that archive instead of running initdb and every migration again. The projects
// on PGlite share the one archive (shared-setup.ts).
import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { prepareDatabase } from '../../src/db/prepare.ts'
import { sharedSetup } from './shared-setup.ts'

async function makeArchive() {
  const dir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-pglite-'))
  const database = await prepareDatabase({ database: { kind: 'pglite', dataDir: 'memory://' }, demoAccount: true })
  const archive = path.join(dir, 'template.tar')
  await writeFile(archive, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()))
  await database.close()
  return { value: archive, remove: () => rm(dir, { recursive: true, force: true }) }
}

export default async function setup(project: TestProject) {
  const { value: archive, release } = await sharedSetup('pglite-archive', makeArchive)
  project.provide('databaseKind', 'pglite')
  project.provide('pgliteArchive', archive)
  return release
}
