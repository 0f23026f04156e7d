// An embedded database created once (PGlite's initdb, in a child process, as a server's first start
// does it), for the test servers to start on copies of: the creation is about 8 s of CPU a server on a
// 2-core machine, and the e2e and the server suite each start several. A server started on a copy
// migrates and seeds it as on any first start; the creation itself is the subject of the server's own
// start-up test (server/test/start-up/compiled-server.test.ts), which makes its own.
import { existsSync } from 'node:fs'
import { cp, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pgliteStartParams } from '../../server/src/db/database.ts'
import { createDataFolderApart } from '../../server/src/db/pglite-data-folder.ts'

/** Creates the database in a new temporary folder; answers the folder and how to remove it. */
export async function createDatabaseOnce(): Promise<{ folder: string; remove: () => Promise<void> }> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-created-database-'))
  // By the package's name, resolved from the working folder (the project's root): Vitest's global setup
  // runs through a module runner that has no import.meta.resolve.
  await createDataFolderApart(folder, await pgliteStartParams(), '@electric-sql/pglite')
  return { folder, remove: () => rm(folder, { recursive: true, force: true }) }
}

/** Copies the created database into a server's data folder, unless it holds one already (a restart). */
export async function copyCreatedDatabase(created: string, dataDir: string): Promise<void> {
  // The server's embedded database lives in DATA_DIR/pglite (server/src/config.ts).
  const folder = path.join(dataDir, 'pglite')
  if (!existsSync(folder)) await cp(created, folder, { recursive: true })
}
