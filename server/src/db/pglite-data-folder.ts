// A new embedded database is created (PostgreSQL's initdb, run by PGlite on an empty folder) in a
// short-lived child process, never in the server's own. Creating it grows the process to about 730 MB
// resident (peak 815 MB), and that memory is not given back: WebAssembly memory never shrinks, and after
// the instance is closed and collected the process still held 470 MB (a worker thread doing it left
// 156 MB of malloc arenas behind). A child process returns all of it when it exits; the server then opens
// the created folder as it does on any restart (about 255 MB). Measured in
// docs/research/idle-server-memory.md ("2026-11-28: the first start").
import { execFile } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { promisify } from 'node:util'

/** Whether `dataDir` already holds a database (PostgreSQL writes PG_VERSION first thing). */
export const holdsDatabase = (dataDir: string) => existsSync(path.join(dataDir, 'PG_VERSION'))

// Plain JavaScript given to `node -e`, so it runs the same under tsx and in the compiled server; PGlite
// is imported by the address this module resolves, whatever the child's working folder.
const CREATE = `const [pgliteUrl, dataDir, startParams] = process.argv.slice(1)
const { PGlite } = await import(pgliteUrl)
const client = await PGlite.create(dataDir, { startParams: JSON.parse(startParams) })
await client.close()`

/**
 * Creates the database in `dataDir` (an existing, empty folder) in a child process; rejects with its
 * output when it fails. `pgliteUrl` is where the child imports PGlite from: by default the address this
 * module resolves (a caller that cannot resolve one, such as a Vitest global setup, whose module runner
 * has no import.meta.resolve, passes the package's name, resolved from the working folder).
 */
export async function createDataFolderApart(dataDir: string, startParams: string[], pgliteUrl = import.meta.resolve('@electric-sql/pglite')): Promise<void> {
  try {
    await promisify(execFile)(process.execPath, ['--input-type=module', '-e', CREATE, pgliteUrl, dataDir, JSON.stringify(startParams)], { env: process.env })
  } catch (error) {
    const { stderr } = error as { stderr?: string }
    throw new Error(`The embedded database could not be created in ${dataDir}: ${stderr?.trim() || (error as Error).message}`, { cause: error })
  }
}
