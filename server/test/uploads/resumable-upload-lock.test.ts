// Two server processes sharing one PostgreSQL and one data folder (issue 25): a PATCH to each at once
// for the same upload. tus must hold one lock per upload across the processes (advisory locks,
// db/upload-locker.ts); with a lock per process only, both PATCHes pass the offset
// check at 0 and both write the file, each answering 204. Here one wins, the other is asked to let go
// and does, and the offset and the bytes stay right. PostgreSQL only: the embedded PGlite allows one
// process, where tus's in-memory locker is exact.
import { createHash } from 'node:crypto'
import { mkdtemp, readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PassThrough } from 'node:stream'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import type { FastifyInstance } from 'fastify'
import { buildApp } from '../../src/app.ts'
import { toneWav } from '../../src/audio/wav.ts'
import type { Database } from '../../src/db/database.ts'
import { startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'
import { MailCapture, openTestDatabase, signIn, signUpClerk, testConfig } from '../support/test-app.ts'
import { createUpload, offsetOf, patch, uploadIdOf } from './tus-client.ts'

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

describe.skipIf(inject('databaseKind') !== 'postgres')('resumable uploads across two server processes', () => {
  let database: Database
  let app: FastifyInstance
  let dataDir: string
  let servers: CompiledServer[] = []
  let token: string
  let watcher: pg.Client

  beforeAll(async () => {
    database = await openTestDatabase()
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-tus-lock-'))
    // An in-process app on the same database signs the clerk up (its mails are read here) and keeps
    // the signing key in the database, where both server processes find it.
    const mail = new MailCapture()
    app = await buildApp({ config: testConfig({ dataDir }), database, logger: false, mailer: mail, scheduledTasks: false })
    const t = { app, database, mail }
    await signUpClerk(t, 'walker@example.com')
    token = (await signIn(t, 'walker@example.com')).token
    const env = { DATABASE_URL: database.connectionUrl!, DATA_DIR: dataDir, PORTAL_DIR: path.join(dataDir, 'no-portal'), DEMO_ACCOUNT: 'false', LOG_LEVEL: 'warn' }
    servers = await Promise.all([startCompiledServer(env), startCompiledServer(env)])
    watcher = new pg.Client({ connectionString: database.connectionUrl })
    await watcher.connect()
  }, 120_000)

  afterAll(async () => {
    await watcher?.end()
    await Promise.all(servers.map((server) => server.stop()))
    await app?.close()
  })

  /** The upload locks (advisory, in the uploads' key space) held right now, by any process. */
  const uploadLocksHeld = async () => {
    const result = await watcher.query<{ count: number }>("select count(*)::int as count from pg_locks where locktype = 'advisory' and classid = $1 and granted", [0x7e5a6b1d])
    return result.rows[0]!.count
  }

  it('lets one PATCH win when two processes receive one at once, and keeps the offset and the bytes right', async () => {
    const [first, second] = servers as [CompiledServer, CompiledServer]
    const wanted = toneWav(30, 440)
    const other = toneWav(30, 880)
    expect(other.length).toBe(wanted.length)
    const { answer, location } = await createUpload(first.url, token, 'Landing.wav', wanted.length)
    expect(answer.status).toBe(201)

    // Process 1 takes the upload's lock for a PATCH and waits for its body, having written nothing.
    const slowBody = new PassThrough()
    const slow = patch(first.url, token, location, 0, slowBody)
    await expect.poll(uploadLocksHeld).toBe(1)
    // Process 2 gets a PATCH for the same upload at the same offset: it must wait for the lock, ask
    // process 1 to let go (NOTIFY), and only then find the offset and write.
    const fast = patch(second.url, token, location, 0, other)
    const fastAnswer = await fast
    // Process 1's request was given up before process 2 wrote: what it sends now is not written.
    slowBody.end(wanted)
    const slowAnswer = await slow

    // tus answers a request it asked to let go with what it had written by then: nothing.
    expect({
      fast: [fastAnswer.status, fastAnswer.headers['upload-offset']],
      slow: [slowAnswer.status, slowAnswer.headers['upload-offset']],
    }).toEqual({ fast: [204, String(other.length)], slow: [204, '0'] })
    const staged = await readFile(path.join(dataDir, 'resumable-uploads', uploadIdOf(location)))
    expect({ size: staged.length, sha: sha256(staged) }).toEqual({ size: other.length, sha: sha256(other) })
    expect(await offsetOf(first.url, token, location)).toBe(other.length)
    expect(await offsetOf(second.url, token, location)).toBe(other.length)
    await expect.poll(uploadLocksHeld).toBe(0)
  })
})
