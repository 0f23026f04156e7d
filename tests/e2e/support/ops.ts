// The operator command line (`npm run ops`), run as an operator would, against the e2e server: the
// same script, the server's address, and the operator token the server wrote to its data folder.
import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'

const ROOT = path.resolve(import.meta.dirname, '../../..')
const run = promisify(execFile)

/** Runs `npm run ops -- <args>` and returns what it printed; throws with its message when it fails. */
export async function ops(...args: string[]): Promise<string> {
  const url = process.env.E2E_BASE_URL
  const dataDir = process.env.E2E_DATA_DIR
  if (!url || !dataDir) throw new Error('E2E_BASE_URL and E2E_DATA_DIR are not set: the e2e global setup did not run.')
  try {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, INSPECTSCRIBE_URL: url, DATA_DIR: dataDir, TSX_TSCONFIG_PATH: 'server/tsconfig.json' },
    })
    return stdout.trim()
  } catch (error) {
    const failed = error as { stderr?: string; stdout?: string }
    throw new Error(`npm run ops -- ${args.join(' ')} failed: ${failed.stderr ?? ''}${failed.stdout ?? ''}`)
  }
}

/**
 * Creates demo jobs for a clerk; with 6 they are, newest first: Submitted, Scheduled, In Progress, Completed,
 * Downloaded, Failed. Returns the ids the operator's answer names: every one up to 12, the first 12 of a
 * larger batch (whose answer sums up the rest: "… and 4988 more, up to #5012").
 */
export async function createDemoJobs(email: string, count = 6): Promise<number[]> {
  const printed = await ops('demo-jobs', email, '--count', String(count))
  const named = printed.split(' and ')[0]!
  return [...named.matchAll(/#(\d+)/g)].map((match) => Number(match[1]))
}

/**
 * Gives a clerk credits through the operator command line, as an operator would (`npm run ops --
 * credits`): `amount` as written there (25, 1.10; negative takes credits away). Returns what it printed.
 */
export async function giveCredits(email: string, amount: number | string, reason = 'E2E journey credits'): Promise<string> {
  return ops('credits', email, String(amount), '--reason', reason)
}
