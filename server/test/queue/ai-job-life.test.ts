// The life of an AI job with TRANSCRIBE_URL set (docs/decisions/ai-job-life.md): submitted through the
// API, it is worked by the app's own transcribe-job worker against the local stand-in engine and moves
// Submitted -> Scheduled -> In Progress -> Completed by itself, its clerk notified of each move and able to
// download a .docx of the stand-in's words and gets one e-mail. AI + Proofreading stops at In Progress
// with a staff-only note; an engine failing twice is retried by the queue into one transcript; an
// engine failing always leaves the job for staff (ops queue and a staff-only note carry the cause, the
// clerk sees none of it); and the handler run twice for one job gives one transcript and one
// notification per move.
import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import type { Config } from '../../src/config.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { createOpenAiCompatibleEngine } from '../../src/transcription/openai-compatible-engine.ts'
import { AI_DRAFT_NOTE, transcribeJob } from '../../src/transcription/transcribe-job.ts'
import { clerkWithCredits, lookupIds, makeFolder, PDF, storedFiles, submitJob, type Clerk } from '../create-job/support.ts'
import { startStandInEngine, STAND_IN_WORDS, type StandInEngine } from '../support/stand-in-engine.ts'
import { bearer, createTestApp, opsHeaders, testConfig, type TestApp } from '../support/test-app.ts'

const ADDRESS = '3 Mill Lane, Ripon HG4 1AA'
const template = [{ name: 'template_files', filename: 'Template.pdf', content: PDF }]

function transcriptionSetting(url: string | undefined): Config['transcription'] {
  return { ...testConfig().transcription, url }
}

/** An app on its own database, with the AI worker on when `engine` is given. */
async function appWith(engine: StandInEngine | null): Promise<TestApp> {
  const t = await createTestApp(
    { transcription: transcriptionSetting(engine?.url) },
    // No waits between a piece's tries: every engine failure fails the run, so the queue's retries are what is tested.
    { transcribeWorker: { pieceRetry: { delaysMs: [] } } },
  )
  // The queue's retries come at once here, not 2, 4 and 8 minutes apart (queues.ts); the tries stay 4.
  await t.app.queue.boss.updateQueue('transcribe-job', { name: 'transcribe-job', retryLimit: 3, retryDelay: 0, retryBackoff: false, expireInSeconds: 60 })
  return t
}

async function submitAiJob(t: TestApp, clerk: Clerk, jobType: 'AI' | 'AI + Proofreading'): Promise<number> {
  const ids = await lookupIds(t)
  const folder = await makeFolder(t, clerk.userId, { reportTypeId: ids.reportType.Inventory!, seconds: [61] })
  const fields = {
    propertyAddress: ADDRESS,
    reportTypeId: String(ids.reportType.Inventory),
    jobTypeId: String(ids.jobType[jobType]),
    slaSlotId: String(ids.slot[jobType === 'AI' ? '1 Hour Priority' : '48 Hours']),
    remarks: '',
    folderToken: folder.token,
  }
  const response = await submitJob(t, clerk.token, fields, jobType === 'AI' ? [] : template)
  expect(response.statusCode).toBe(200)
  return response.json().job_id as number
}

const notifications = async (t: TestApp, clerk: Clerk): Promise<string[]> => {
  const response = await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(clerk.token) })
  return (response.json() as { message: string }[]).map((n) => n.message).reverse()
}
const clerkView = async (t: TestApp, clerk: Clerk, jobId: number) => (await jobsRepository.ownedDashboardJob(t.database.db, clerk.userId, jobId))!
const status = async (t: TestApp, jobId: number) => (await jobsRepository.findById(t.database.db, jobId))!.status
/** The job's entry on the transcribe-job queue, read from pg-boss's own table. */
const queueState = async (t: TestApp, jobId: number) => {
  const result = (await t.database.db.execute(
    sql`select state::text as state from pgboss.job where name = 'transcribe-job' and (data->>'jobId')::int = ${jobId}`,
  )) as unknown as { rows: { state: string }[] }
  return result.rows[0]
}
/** The job as `ops jobs` lists it. */
const opsJob = async (t: TestApp, jobId: number) => {
  const listed = await t.app.inject({ method: 'GET', url: '/api/ops/jobs?limit=1000', headers: opsHeaders(t) })
  return (listed.json() as { jobId: number; staffOnlyNotes: string[] }[]).find((job) => job.jobId === jobId)!
}
/** What the clerk's own API answers about the job: its detail and their job list, as text. */
const clerkAnswers = async (t: TestApp, clerk: Clerk, jobId: number): Promise<string> => {
  const detail = await t.app.inject({ method: 'GET', url: `/api/clerk/jobs/${jobId}`, headers: bearer(clerk.token) })
  const list = await t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=0&end=${Date.now() + 86_400_000}`, headers: bearer(clerk.token) })
  expect([detail.statusCode, list.statusCode]).toEqual([200, 200])
  expect(list.body).toContain(ADDRESS)
  return detail.body + list.body
}
/** The "transcript is ready" e-mails sent about the job: their subjects. */
const readyMails = (t: TestApp, jobId: number) => t.mail.sent.filter((mail) => mail.text.includes(`The transcript of job #${jobId} `)).map((mail) => mail.subject)
const movesOf = (jobId: number) => ['Scheduled', 'In Progress', 'Completed'].map((to) => `Job #${jobId} is now ${to}.`)

async function docxText(t: TestApp, clerk: Clerk, key: string): Promise<string> {
  const download = await t.app.inject({ method: 'GET', url: `/api/files/13/${key}`, headers: bearer(clerk.token) })
  expect(download.statusCode).toBe(200)
  const file = path.join(tmpdir(), `ai-job-life-${randomUUID()}.docx`)
  await writeFile(file, download.rawPayload)
  const { stdout } = await promisify(execFile)('unzip', ['-p', file, 'word/document.xml'], { maxBuffer: 10 * 1024 * 1024 })
  return stdout.replace(/<[^>]+>/g, ' ')
}

// Each test waits on a real queue and ffmpeg: a busy 2-core machine gets more than the default 20 s.
describe('the life of an AI job', { timeout: 60_000 }, () => {
  let engine: StandInEngine
  let t: TestApp
  beforeAll(async () => {
    engine = await startStandInEngine()
    t = await appWith(engine)
  })
  afterAll(async () => {
    await t.app.close()
    await engine.close()
  })

  it('reaches Completed by itself, notifies the clerk of each move, and the clerk downloads a .docx of the engine’s words', async () => {
    const clerk = await clerkWithCredits(t, 'ai.life@example.com', 100_00)
    const jobId = await submitAiJob(t, clerk, 'AI')
    await expect.poll(() => status(t, jobId), { timeout: 45_000, interval: 200 }).toBe('Completed')

    expect((await notifications(t, clerk)).filter((message) => message.startsWith(`Job #${jobId} is now`))).toEqual(movesOf(jobId))
    const view = await clerkView(t, clerk, jobId)
    expect(view.transcript_files.map((key) => path.extname(key)).sort()).toEqual(['.docx', '.txt'])
    const text = await docxText(t, clerk, view.transcript_files.find((key) => key.endsWith('.docx'))!)
    expect(text).toContain(`Transcript: ${ADDRESS}`)
    expect(text).toContain(`Job ID: ${jobId}`)
    expect(text).toContain(STAND_IN_WORDS)
    // The work folder is gone once the job is done.
    expect(storedFiles(t).some((key) => key.startsWith('transcription'))).toBe(false)
    await expect.poll(async () => (await queueState(t, jobId))?.state).toBe('completed')
    // One e-mail, through the outbox.
    expect(readyMails(t, jobId)).toEqual([`Your transcript for ${ADDRESS} is ready`])
  })

  it('stops an AI + Proofreading job at In Progress with the staff note and its draft kept for staff only', async () => {
    const clerk = await clerkWithCredits(t, 'ai.proofread@example.com', 100_00)
    const jobId = await submitAiJob(t, clerk, 'AI + Proofreading')
    await expect.poll(async () => (await opsJob(t, jobId)).staffOnlyNotes, { timeout: 45_000, interval: 200 }).toEqual([AI_DRAFT_NOTE])

    const view = await clerkView(t, clerk, jobId)
    expect(view.job_status.status).toBe('In Progress')
    // The note is for staff alone: neither the clerk's job detail nor their list holds it.
    expect(view.staff_note).toEqual([])
    expect(await clerkAnswers(t, clerk, jobId)).not.toContain(AI_DRAFT_NOTE)
    expect(view.transcript_files).toEqual([])
    // The clerk cannot download the draft: no row names it.
    const draftKey = storedFiles(t).find((key) => key.includes(`/jobs/${jobId}/staff-draft/`) && key.endsWith('.docx'))!
    expect((await t.app.inject({ method: 'GET', url: `/api/files/13/${draftKey}`, headers: bearer(clerk.token) })).statusCode).toBe(404)
    expect(storedFiles(t).filter((key) => key.startsWith(`clerks/${clerk.userId}/jobs/${jobId}/staff-draft/`)).map((key) => path.basename(key)).sort()).toEqual([
      `transcript-job-${jobId}.docx`,
      `transcript-job-${jobId}.txt`,
    ])
    expect((await notifications(t, clerk)).filter((message) => message.includes(`#${jobId}`))).toEqual([
      `Job #${jobId} was submitted; 1.80 credits were charged.`,
      ...movesOf(jobId).slice(0, 2),
    ])
    // `ops jobs --status "In Progress"` is where a person finds it, with its note.
    const listed = await t.app.inject({ method: 'GET', url: '/api/ops/jobs?status=In%20Progress', headers: opsHeaders(t) })
    expect((listed.json() as { jobId: number; staffOnlyNotes: string[] }[]).find((job) => job.jobId === jobId)?.staffOnlyNotes).toEqual([AI_DRAFT_NOTE])
  })

  it('retries an engine that fails twice and then answers into one transcript', async () => {
    const clerk = await clerkWithCredits(t, 'ai.retry@example.com', 100_00)
    const before = engine.requests
    engine.failNext(2)
    const jobId = await submitAiJob(t, clerk, 'AI')
    await expect.poll(() => status(t, jobId), { timeout: 45_000, interval: 200 }).toBe('Completed')
    expect(engine.requests - before).toBe(3)
    expect((await clerkView(t, clerk, jobId)).transcript_files).toHaveLength(2)
    expect((await notifications(t, clerk)).filter((message) => message.startsWith(`Job #${jobId} is now`))).toEqual(movesOf(jobId))
  })

  it('leaves the job for staff when the engine always fails: ops queue shows the cause, the clerk sees none of it', async () => {
    const clerk = await clerkWithCredits(t, 'ai.down@example.com', 100_00)
    engine.failNext(1000)
    const jobId = await submitAiJob(t, clerk, 'AI')
    try {
      await expect.poll(async () => (await queueState(t, jobId))?.state, { timeout: 45_000, interval: 200 }).toBe('failed')
    } finally {
      engine.failNext(0)
    }
    expect(await status(t, jobId)).toBe('In Progress')
    const queue = await t.app.inject({ method: 'GET', url: '/api/ops/queue', headers: opsHeaders(t) })
    const entry = (queue.json() as { state: string; tries: number; payload: { jobId?: number }; error?: string }[]).find((e) => e.payload.jobId === jobId)
    expect(entry).toMatchObject({ state: 'failed', tries: 4 })
    expect(entry!.error).toContain(`AI transcription of job #${jobId} failed on its last try; the job waits for staff`)
    expect(entry!.error).toContain('CUDA out of memory')

    // The cause is on the job as a staff-only note, which `ops jobs` shows and no clerk answer holds.
    await expect.poll(async () => (await opsJob(t, jobId)).staffOnlyNotes).toHaveLength(1)
    expect((await opsJob(t, jobId)).staffOnlyNotes[0]).toContain(`AI transcription of job #${jobId} failed on its last try; the job waits for staff`)
    expect((await opsJob(t, jobId)).staffOnlyNotes[0]).toContain('CUDA out of memory')
    const seen = JSON.stringify([await notifications(t, clerk), await clerkView(t, clerk, jobId), await clerkAnswers(t, clerk, jobId)])
    expect(seen).not.toContain('CUDA')
    expect(seen).not.toContain('failed on its last try')
    expect(seen).not.toContain('transcription engine')
    expect((await notifications(t, clerk)).filter((message) => message.startsWith(`Job #${jobId} is now`))).toEqual(movesOf(jobId).slice(0, 2))
  })
})

describe('the transcribe-job handler run twice for one job', { timeout: 60_000 }, () => {
  let engine: StandInEngine
  let t: TestApp
  beforeAll(async () => {
    engine = await startStandInEngine()
    // No worker in the app: the test runs the handler itself, as two processes would.
    t = await appWith(null)
  })
  afterAll(async () => {
    await t.app.close()
    await engine.close()
  })

  it('gives one transcript and one notification per move, at once or one after the other', async () => {
    const clerk = await clerkWithCredits(t, 'ai.twice@example.com', 100_00)
    const jobId = await submitAiJob(t, clerk, 'AI')
    const deps = {
      db: t.database.db,
      storage: t.app.storage,
      engine: createOpenAiCompatibleEngine({ ...transcriptionSetting(engine.url), url: engine.url }),
      workRoot: path.join(t.app.config.dataDir, 'transcription'),
      pieceRetry: { delaysMs: [] },
      publicUrl: t.app.config.publicUrl,
    }
    const outcomes = await Promise.all([transcribeJob(deps, jobId), transcribeJob(deps, jobId)])
    expect(outcomes.sort()).toEqual(['already-done', 'completed'])
    expect(await transcribeJob(deps, jobId)).toBe('already-done')

    expect(await status(t, jobId)).toBe('Completed')
    expect((await notifications(t, clerk)).filter((message) => message.startsWith(`Job #${jobId} is now`))).toEqual(movesOf(jobId))
    expect((await clerkView(t, clerk, jobId)).transcript_files).toHaveLength(2)
    // The run that lost the race kept no file of its own.
    expect(storedFiles(t).filter((key) => key.includes(`/jobs/${jobId}/transcript/`))).toHaveLength(2)
    // One e-mail in the outbox, sent once by two drains at once.
    await Promise.all([t.app.outbox.drain(), t.app.outbox.drain()])
    expect(readyMails(t, jobId)).toEqual([`Your transcript for ${ADDRESS} is ready`])
  })
})
