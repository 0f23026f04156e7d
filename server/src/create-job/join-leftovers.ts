// What a join leaves when its server is killed mid-join (docs/decisions/joined-recordings.md): its work
// folder `DATA_DIR/joining/<uuid>/` (joinIntoFolder removes it only when the join settles). Swept when
// the server starts. Several processes may share the data folder, and another one's join may be running,
// so a folder goes only when nothing in it has changed for longer than a join can last: its probes and
// its one ffmpeg run, each under JOIN_LIMITS' wall clock. A running join writes into its folder (the
// concat list, the output as ffmpeg encodes it), so the newest change of the folder or of any file in it
// says whether it is alive.
import { lstat, readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { JOIN_LIMITS } from '../audio/join-recordings.ts'

/** The probes (run side by side) then the join run: two of JOIN_LIMITS' wall clocks. */
export const JOIN_LEFTOVER_AGE_MS = 2 * JOIN_LIMITS.timeoutMs

/** The newest change time of `folder` and of the entries directly in it (joins write no deeper). */
async function lastChanged(folder: string): Promise<number> {
  let newest = (await lstat(folder)).mtimeMs
  for (const entry of await readdir(folder)) {
    const changed = await lstat(path.join(folder, entry)).then((stats) => stats.mtimeMs, () => 0)
    newest = Math.max(newest, changed)
  }
  return newest
}

/** Removes the join work folders under `workRoot` untouched for JOIN_LEFTOVER_AGE_MS as of `now`; answers how many went. */
export async function sweepJoinLeftovers(workRoot: string, now = Date.now()): Promise<number> {
  const entries = await readdir(workRoot, { withFileTypes: true }).catch(() => [])
  let removed = 0
  for (const entry of entries) {
    if (!entry.isDirectory()) continue
    const folder = path.join(workRoot, entry.name)
    // A folder removed meanwhile (its join settled) is no leftover.
    const changed = await lastChanged(folder).catch(() => now)
    if (now - changed <= JOIN_LEFTOVER_AGE_MS) continue
    await rm(folder, { recursive: true, force: true })
    removed += 1
  }
  return removed
}
