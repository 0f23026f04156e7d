// Once per test run, first of every server project's setups: one folder for everything the run puts in
// the system's temporary folder (each test file's data folder, PGlite's archive, PostgreSQL's cluster,
// uploads, the servers the tests start and their ffmpeg), removed when the run ends. Every place that
// makes a temporary folder does so under os.tmpdir(), which reads TMPDIR: set here before
// any worker starts, it reaches every worker and every process they start. Before, a run left about
// 800 MB of folders in /tmp, and 19 GB had piled up on one machine.
import { chmod, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sharedSetup } from './shared-setup.ts'

async function makeRunFolder() {
  const systemTmpdir = process.env.TMPDIR
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-run-'))
  // As open as /tmp: PostgreSQL runs as its own user and makes its cluster's folder in here.
  await chmod(folder, 0o1777)
  process.env.TMPDIR = folder
  return {
    value: folder,
    async remove() {
      if (systemTmpdir === undefined) delete process.env.TMPDIR
      else process.env.TMPDIR = systemTmpdir
      // Retried: a process the run started may still be removing its own files in there.
      await rm(folder, { recursive: true, force: true, maxRetries: 5 })
    },
  }
}

export default async function setup() {
  const { release } = await sharedSetup('run-folder', makeRunFolder)
  return release
}
