// An ffmpeg the server started never outlives it (issue 24 item 7): the server process, as `npm start`
// runs it, is killed with SIGKILL (no exit handler of its own can run) while it measures an upload, and
// the measuring process is gone soon after. The measuring process is a stand-in for ffmpeg (FFMPEG_PATH):
// it answers -version as ffmpeg does and otherwise writes its pid and waits, so the measure is surely
// under way when the server is killed; it is started exactly as ffmpeg is (under prlimit, same pid).
import { chmod, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { toneWav } from '../../src/audio/wav.ts'
import { signInDemoClerk, startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'

const STAND_IN = `#!/bin/sh
case " $* " in *" -version "*) echo "ffmpeg version 0.0-stand-in"; exit 0 ;; esac
echo $$ > "$STAND_IN_PID_FILE"
exec sleep 600
`

/** Whether the process runs (a zombie waiting to be reaped has ended: it runs nothing). */
function isRunning(pid: number): boolean {
  try {
    return !/^\d+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))
  } catch {
    return false
  }
}

describe.skipIf(inject('databaseKind') === 'postgres')('an ffmpeg the server started', () => {
  let server: CompiledServer
  let dataDir: string
  let measuringPid: number | undefined
  const pidFile = () => path.join(dataDir, 'stand-in.pid')

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-orphan-'))
    const standIn = path.join(dataDir, 'ffmpeg')
    await writeFile(standIn, STAND_IN)
    await chmod(standIn, 0o755)
    server = await startCompiledServer({
      DATA_DIR: dataDir,
      PORTAL_DIR: path.join(dataDir, 'no-portal'),
      DEMO_ACCOUNT: 'true',
      PUBLIC_URL: '',
      FFMPEG_PATH: standIn,
      STAND_IN_PID_FILE: pidFile(),
    })
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    if (measuringPid && isRunning(measuringPid)) process.kill(measuringPid, 'SIGKILL')
    await rm(dataDir, { recursive: true, force: true })
  })

  it('is gone once the server is killed with SIGKILL in the middle of a measure', async () => {
    const token = await signInDemoClerk(server)
    const form = new FormData()
    form.set('report_type_id', '1')
    form.set('audio_files', new Blob([toneWav(2)]), 'hall.wav')
    // Never answered: the server dies while it measures.
    const upload = fetch(`${server.url}/api/clerk/calculate-cost`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form }).catch(() => null)

    await expect.poll(() => readFile(pidFile(), 'utf8').then(Number, () => 0)).toBeGreaterThan(0)
    measuringPid = Number(await readFile(pidFile(), 'utf8'))
    expect(isRunning(measuringPid)).toBe(true)

    process.kill(server.pid, 'SIGKILL')
    await upload
    await expect.poll(() => isRunning(measuringPid!)).toBe(false)
  })
})
