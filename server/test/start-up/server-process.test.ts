// The server process as `npm start` runs it (server/src/main.ts, compiled to server/dist/src/main.js),
// on a free port with a fresh data folder: its e-mailed links point at the port it really listens on,
// and with its output going to a pipe (not a terminal) every log entry is one JSON line.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import PostalMime from 'postal-mime'
import { startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'
import { startStandInEngine, type StandInEngine } from '../support/stand-in-engine.ts'

// It runs its own embedded database whatever the project, so once is enough.
describe.skipIf(inject('databaseKind') === 'postgres')('the server process', () => {
  let server: CompiledServer
  let dataDir: string
  let engine: StandInEngine
  let url = ''
  const output = () => server.output()

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-start-'))
    engine = await startStandInEngine()
    server = await startCompiledServer({ DATA_DIR: dataDir, PORTAL_DIR: path.join(dataDir, 'no-portal'), DEMO_ACCOUNT: 'false', LOG_LEVEL: 'info', PUBLIC_URL: '', TRANSCRIBE_URL: engine.url })
    url = server.url
  }, 90_000)

  afterAll(async () => {
    await server?.stop()
    await engine?.close()
    await rm(dataDir, { recursive: true, force: true })
  })

  it('e-mails links to the port it listens on, not to the PORT=0 it was given', async () => {
    const port = new URL(url).port
    expect(port).not.toBe('0')
    const response = await fetch(`${url}/api/auth/signup-request`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ full_name: 'Robin Reader', email: 'robin@example.com' }),
    })
    expect(response.status).toBe(200)
    const [file] = await readdir(path.join(dataDir, 'outbox'))
    const mail = await PostalMime.parse(await readFile(path.join(dataDir, 'outbox', file!)))
    expect(mail.text).toMatch(new RegExp(`http://localhost:${port}/signup/continue\\?token=[\\w-]{43}`))
  })

  it('writes one JSON entry a line when its output is not a terminal', async () => {
    // The sign-up request above has been answered; its "request completed" entry may still be on its way.
    await expect.poll(() => output().includes('"msg":"request completed"')).toBe(true)
    const logLines = output().split('\n').filter((line) => line.startsWith('{'))
    const entries = logLines.map((line) => JSON.parse(line) as { msg: string; link?: string })
    expect(entries.map((entry) => entry.msg)).toContain('request completed')
    expect(entries.find((entry) => entry.link)?.link).toMatch(new RegExp(`^http://localhost:${new URL(url).port}/signup/continue\\?token=`))
  })

  it('says which speech-to-text engine and model it found at TRANSCRIBE_URL', async () => {
    expect(output()).toContain(`AI transcription: ${engine.url}, model whisper-1 (asking whether it answers: see the log)`)
    await expect.poll(() => output().includes(`"msg":"AI transcription: on, stand-in-engine at ${engine.url}, model whisper-1"`)).toBe(true)
  })
})
