// The server's resident memory a minute after a start, with nothing asked of it: the first start on an
// empty data folder (the embedded database created, migrated and seeded with the demo clerk and its
// dozen jobs) and a restart on that folder. Issue 28: the first start kept 746 MB (peak 816 MB) where a
// restart kept 255 MB; the budget is the same for both.
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startServer } from '../../tests/e2e/support/server.ts'

export interface StartMemory {
  /** Resident a minute after the server said it was ready. */
  rssAfterMinuteMb: number
  /** The process's highest resident size (the kernel's high-water mark, VmHWM) by then. */
  rssPeakMb: number
}

const IDLE_AFTER_MS = 60_000

async function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024
}

async function idleAfterStart(dataDir: string): Promise<StartMemory> {
  const server = await startServer({ dataDir, env: { LOG_LEVEL: 'error' } })
  try {
    await new Promise((resolve) => setTimeout(resolve, IDLE_AFTER_MS))
    return { rssAfterMinuteMb: await statusMb(server.pid, 'VmRSS'), rssPeakMb: await statusMb(server.pid, 'VmHWM') }
  } finally {
    await server.stop()
  }
}

export async function measureStartMemory(): Promise<{ firstStart: StartMemory; restart: StartMemory }> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-start-'))
  try {
    return { firstStart: await idleAfterStart(dataDir), restart: await idleAfterStart(dataDir) }
  } finally {
    await rm(dataDir, { recursive: true, force: true })
  }
}
