// `npm run ops` as the operator runs it (scripts/ops.ts under tsx), for the tests that drive the
// operator's command line against a listening server.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { ROOT } from './compiled-server.ts'

export interface OpsRun {
  code: number
  stdout: string
  stderr: string
}

/** `npm run ops -- <args>` with `env` on top of this process's; its exit code and what it printed. */
export async function runOps(args: string[], env: Record<string, string>): Promise<OpsRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/ops.ts', ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env, TSX_TSCONFIG_PATH: 'server/tsconfig.json' },
    })
    return { code: 0, stdout, stderr }
  } catch (error) {
    const failed = error as OpsRun
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr }
  }
}
