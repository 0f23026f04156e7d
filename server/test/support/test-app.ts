// Builds the real application for a test file, on the database kind of the running project:
// a private PGlite loaded from the migrated archive, or a private PostgreSQL database copied
// from the migrated template.
import { randomBytes } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { expect, inject } from 'vitest'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import { buildApp, type AppOptions, type ScheduledTask } from '../../src/app.ts'
import { loadConfig, type Config } from '../../src/config.ts'
import { openDatabase, type Database } from '../../src/db/database.ts'
import type { Mailer, OutgoingMail } from '../../src/email/mailer.ts'
import { TEMPLATE_DATABASE } from './global-setup-postgres.ts'

declare module 'vitest' {
  export interface ProvidedContext {
    databaseKind: 'pglite' | 'postgres'
    pgliteArchive: string
    /** A created, empty embedded database's folder, for a server process to start on a copy of. */
    pgliteCreatedFolder: string
    postgresAdminUrl: string
  }
}

export async function openTestDatabase(): Promise<Database> {
  if (inject('databaseKind') === 'pglite') {
    const archive = await readFile(inject('pgliteArchive'))
    return openDatabase({ kind: 'pglite', dataDir: 'memory://' }, { loadDataDir: new Blob([archive]) })
  }
  const name = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: inject('postgresAdminUrl') })
  await admin.connect()
  try {
    await admin.query(`create database ${name} template ${TEMPLATE_DATABASE}`)
  } finally {
    await admin.end()
  }
  const url = new URL(inject('postgresAdminUrl'))
  url.pathname = `/${name}`
  return openDatabase({ kind: 'postgres', url: url.toString() })
}

/** A configuration with a private data folder (stored files, outbox) for one test file. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return {
    ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: mkdtempSync(path.join(tmpdir(), 'inspectscribe-test-')) }),
    portalDir: '/nonexistent-portal',
    ...overrides,
  }
}

/** Keeps what the app sends, so tests read e-mails as a person would read their inbox. */
export class MailCapture implements Mailer {
  readonly sent: OutgoingMail[] = []
  async send(mail: OutgoingMail) {
    this.sent.push(mail)
  }
  close() {}
  /** The link of the newest e-mail to that address. */
  lastLinkTo(email: string): string {
    const mail = this.sent.findLast((m) => m.to.toLowerCase() === email.toLowerCase())
    if (!mail) throw new Error(`no e-mail was sent to ${email}`)
    return mail.link
  }
}

export interface TestApp {
  app: FastifyInstance
  database: Database
  mail: MailCapture
}

export async function createTestApp(
  overrides: Partial<Config> = {},
  options: { scheduledTasks?: AppOptions['scheduledTasks']; requestLimits?: AppOptions['requestLimits']; queueClock?: boolean; queueTiming?: AppOptions['queueTiming']; transcribeWorker?: AppOptions['transcribeWorker'] } = {},
): Promise<TestApp> {
  const database = await openTestDatabase()
  const mail = new MailCapture()
  const app = await buildApp({
    config: testConfig(overrides),
    database,
    logger: false,
    mailer: mail,
    scheduledTasks: options.scheduledTasks ?? false,
    // Off unless asked: a test's fake clock would otherwise tick pg-boss's clock thousands of times.
    queueClock: options.queueClock ?? false,
    requestLimits: options.requestLimits,
    // The least pg-boss allows: a test waits for a queued job half a second at most, not two.
    queueTiming: { pollingIntervalSeconds: 0.5, ...options.queueTiming },
    transcribeWorker: options.transcribeWorker,
  })
  return { app, database, mail }
}

/**
 * Runs a periodic task the way its schedule does: one job on its queue, handled by the app's worker
 * (the app must run that task); resolves once the job completed.
 */
export async function runScheduledTask(t: TestApp, name: ScheduledTask): Promise<void> {
  await t.app.ready()
  const id = await t.app.queue.enqueue(name, {})
  await expect.poll(async () => (await t.app.queue.boss.getJobById(name, id))?.state).toBe('completed')
}

export interface FilePart {
  name: string
  filename: string
  content: Buffer | string
  contentType?: string
}

/** A multipart/form-data body for app.inject, built by hand so tests control every byte. */
export function multipart(fields: Record<string, string>, files: FilePart[] = []): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----inspectscribe${randomBytes(8).toString('hex')}`
  const chunks: Buffer[] = []
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`))
  }
  for (const file of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.filename}"\r\nContent-Type: ${file.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content),
      Buffer.from('\r\n'),
    )
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`))
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } }
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

export function tokenOf(link: string): string {
  const token = new URL(link).searchParams.get('token')
  if (!token) throw new Error(`no token in ${link}`)
  return token
}

export const STRONG_PASSWORD = 'Strong-Pass-1'

/** Signs a clerk up through the real endpoints: request, e-mailed link, completion. */
export async function signUpClerk(t: TestApp, email: string, password = STRONG_PASSWORD, fullName = 'Casey Clerk'): Promise<void> {
  const requested = await t.app.inject({ method: 'POST', url: '/api/auth/signup-request', payload: { full_name: fullName, email } })
  if (requested.statusCode !== 200) throw new Error(`signup-request failed: ${requested.body}`)
  const token = tokenOf(t.mail.lastLinkTo(email))
  const completed = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload: { email, full_name: fullName, password, signup_token: token } })
  if (completed.statusCode !== 200) throw new Error(`signup failed: ${completed.body}`)
}

export interface SignedIn {
  token: string
  refreshCookie: string
}

export async function signIn(t: TestApp, email: string, password = STRONG_PASSWORD, remoteAddress = '127.0.0.1'): Promise<SignedIn> {
  const response = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password }, remoteAddress })
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.body}`)
  const cookie = response.cookies.find((c) => c.name === 'inspectscribe_refresh')
  if (!cookie) throw new Error('no refresh cookie')
  return { token: response.json().token, refreshCookie: cookie.value }
}

/** The operator token the app generated into its data folder (what `npm run ops` reads). */
export function opsHeaders(t: TestApp): Record<string, string> {
  return bearer(readFileSync(path.join(t.app.config.dataDir, 'ops-token'), 'utf8').trim())
}

/** Creates demo jobs through the operator call; with count 6 they are, in order, Submitted, Scheduled, In Progress, Completed, Downloaded, Failed. */
export async function createDemoJobsFor(t: TestApp, email: string, count = 6): Promise<number[]> {
  const response = await t.app.inject({ method: 'POST', url: '/api/ops/demo-jobs', headers: opsHeaders(t), payload: { email, count } })
  if (response.statusCode !== 200) throw new Error(`demo-jobs failed: ${response.body}`)
  return response.json().job_ids as number[]
}
