// A server process killed mid-transcription (issue 26): its job is picked up again by another process
// on the same PostgreSQL, and the clerk gets one transcript, one notification per move and one e-mail,
// not two. Real processes: two compiled servers (the second started after the first is killed with
// SIGKILL while the stand-in engine holds its call), and an in-process app that submits the job and
// runs pg-boss's maintenance every second (which gives a dead process's job back to the queue once its
// expiry passes; a server does it every 2 minutes). PostgreSQL only: PGlite allows one process.
import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { buildApp } from '../../src/app.ts'
import type { Database } from '../../src/db/database.ts'
import { outboxMails } from '../../src/db/schema.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { clerkWithCredits, lookupIds, makeFolder, submitJob } from '../create-job/support.ts'
import { startCompiledServer, type CompiledServer } from '../support/compiled-server.ts'
import { startStandInEngine, type StandInEngine } from '../support/stand-in-engine.ts'
import { bearer, MailCapture, openTestDatabase, testConfig, type TestApp } from '../support/test-app.ts'

const ADDRESS = '9 Weir Road, Ripon HG4 2BB'

describe.skipIf(inject('databaseKind') !== 'postgres')('a worker process killed mid-transcription', { timeout: 240_000 }, () => {
  let database: Database
  let t: TestApp
  let engine: StandInEngine
  let dataDir: string
  const servers: CompiledServer[] = []

  beforeAll(async () => {
    database = await openTestDatabase()
    dataDir = await mkdtemp(path.join(tmpdir(), 'inspectscribe-killed-worker-'))
    engine = await startStandInEngine()
    const mail = new MailCapture()
    // No TRANSCRIBE_URL here: this app only submits, reads, and runs the queue's maintenance.
    const app = await buildApp({
      config: testConfig({ dataDir }),
      database,
      logger: false,
      mailer: mail,
      scheduledTasks: false,
      queueClock: true,
      queueTiming: { pollingIntervalSeconds: 0.5, maintenanceIntervalSeconds: 1 },
    })
    t = { app, database, mail }
    await app.ready()
    // A running job counts as lost 10 s after it started (30 minutes in the product): the test's wait.
    await app.queue.boss.updateQueue('transcribe-job', { name: 'transcribe-job', retryLimit: 3, retryDelay: 0, retryBackoff: false, expireInSeconds: 10 })
  }, 120_000)

  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()))
    await t?.app.close()
    await engine?.close()
  })

  const startServer = async () => {
    const server = await startCompiledServer({
      DATABASE_URL: database.connectionUrl!,
      DATA_DIR: dataDir,
      PORTAL_DIR: path.join(dataDir, 'no-portal'),
      DEMO_ACCOUNT: 'false',
      LOG_LEVEL: 'warn',
      TRANSCRIBE_URL: engine.url,
    })
    servers.push(server)
    return server
  }

  it('gives the clerk one transcript, one notification per move and one e-mail', async () => {
    const clerk = await clerkWithCredits(t, 'killed.worker@example.com', 100_00)
    const ids = await lookupIds(t)
    const folder = await makeFolder(t, clerk.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [61] })
    engine.hold()
    const first = await startServer()
    const submitted = await submitJob(t, clerk.token, {
      propertyAddress: ADDRESS,
      reportTypeId: String(ids.reportType.Inventory),
      jobTypeId: String(ids.jobType.AI),
      slaSlotId: String(ids.slot['1 Hour Priority']),
      remarks: '',
      folderToken: folder.token,
    })
    expect(submitted.statusCode).toBe(200)
    const jobId = submitted.json().job_id as number

    // The first process is mid-transcription: the engine holds its call. It is killed there.
    await expect.poll(() => engine.held(), { timeout: 60_000, interval: 100 }).toBeGreaterThan(0)
    expect((await jobsRepository.findById(database.db, jobId))!.status).toBe('In Progress')
    process.kill(first.pid, 'SIGKILL')
    await first.stop()
    engine.letGo()

    // Another process (here started after the kill, as a restart would be) takes the job again.
    await startServer()
    await expect.poll(async () => (await jobsRepository.findById(database.db, jobId))!.status, { timeout: 120_000, interval: 250 }).toBe('Completed')

    const view = (await jobsRepository.ownedDashboardJob(database.db, clerk.userId, jobId))!
    expect(view.transcript_files.map((key) => path.extname(key)).sort()).toEqual(['.docx', '.txt'])
    const notifications = await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(clerk.token) })
    expect((notifications.json() as { message: string }[]).map((n) => n.message).filter((m) => m.startsWith(`Job #${jobId} is now`)).reverse()).toEqual(
      ['Scheduled', 'In Progress', 'Completed'].map((to) => `Job #${jobId} is now ${to}.`),
    )
    // One e-mail: one outbox row, sent once (the server writes it as an .eml file: no SMTP_URL).
    await expect.poll(async () => (await database.db.select().from(outboxMails).where(sql`${outboxMails.subject} = ${`Your transcript for ${ADDRESS} is ready`}`)).map((row) => row.sentAt !== null)).toEqual([true])
    const written = (await readdir(path.join(dataDir, 'outbox'))).filter((file) => file.includes('killed.worker@example.com'))
    expect(written).toHaveLength(1)
  })
})
