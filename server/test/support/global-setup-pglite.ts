// Once per test run: migrate and seed an in-memory PGlite and keep its data folder as an archive.
// Each test file loads that archive instead of running initdb and every migration again.
import { writeFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { prepareDatabase } from '../../src/db/prepare.ts'

export default async function setup(project: TestProject) {
  const dir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-pglite-'))
  const database = await prepareDatabase({ database: { kind: 'pglite', dataDir: 'memory://' }, demoAccount: true })
  const archive = path.join(dir, 'template.tar')
  await writeFile(archive, Buffer.from(await (await database.dumpDataDir!()).arrayBuffer()))
  await database.close()

  project.provide('databaseKind', 'pglite')
  project.provide('pgliteArchive', archive)
  return () => rm(dir, { recursive: true, force: true })
}
