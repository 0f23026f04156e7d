// The portals the first-paint item compares: this tree's build (dist/, built when its sources changed)
// and the build before, the portal of an earlier commit. A page's paint moves by several points between
// runs on a shared machine, so a change is measured against the build before in the same session, their
// runs alternated (before, after, before, after...), as issue 28 asks.
//
// FIRST_PAINT_BEFORE names the commit (any git revision: HEAD~1, the default; main; a hash); "none"
// measures this tree's build alone. The commit's files are taken with `git archive` into a temporary
// folder (no worktree to register or prune), given this tree's node_modules, and built with its own
// vite.config.ts. Only the portal is taken from it: both portals are served by this tree's server.
import { execFile, spawn } from 'node:child_process'
import { mkdtemp, rm, symlink } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { ROOT } from './paths.ts'

export interface PortalBuild {
  /** "before (3f2a9c1)" or "after (this tree)". */
  label: string
  portalDir: string
  remove(): Promise<void>
}

const run = promisify(execFile)

async function thisTreeBuild(): Promise<PortalBuild> {
  await run(process.execPath, ['scripts/build-portal-if-needed.mjs'], { cwd: ROOT })
  return { label: 'after (this tree)', portalDir: path.join(ROOT, 'dist'), remove: async () => {} }
}

/** `git archive <revision>` unpacked into `folder`. */
async function unpackCommit(revision: string, folder: string): Promise<void> {
  const archive = spawn('git', ['archive', '--format=tar', revision], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] })
  const untar = spawn('tar', ['-x', '-C', folder], { stdio: ['pipe', 'ignore', 'pipe'] })
  archive.stdout.pipe(untar.stdin)
  let errors = ''
  archive.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  untar.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()))
  const codes = await Promise.all([archive, untar].map((child) => new Promise<number | null>((resolve) => child.once('close', resolve))))
  if (codes.some((code) => code !== 0)) throw new Error(`git archive ${revision} could not be unpacked: ${errors.trim()}`)
}

async function buildBefore(revision: string): Promise<PortalBuild> {
  const { stdout } = await run('git', ['rev-parse', '--short', `${revision}^{commit}`], { cwd: ROOT })
  const commit = stdout.trim()
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-before-'))
  try {
    await unpackCommit(commit, folder)
    await symlink(path.join(ROOT, 'node_modules'), path.join(folder, 'node_modules'))
    await run(process.execPath, [path.join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'], { cwd: folder, maxBuffer: 16 * 1024 ** 2 })
  } catch (error) {
    await rm(folder, { recursive: true, force: true })
    throw error
  }
  return { label: `before (${commit}, ${revision})`, portalDir: path.join(folder, 'dist'), remove: () => rm(folder, { recursive: true, force: true }) }
}

/** The builds to measure, the build before first; each to be removed when done. */
export async function portalBuilds(before = process.env.FIRST_PAINT_BEFORE ?? 'HEAD~1'): Promise<PortalBuild[]> {
  const after = await thisTreeBuild()
  return before === 'none' ? [after] : [await buildBefore(before), after]
}
