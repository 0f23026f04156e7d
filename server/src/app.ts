// Builds the HTTP application: external plugins, then the error handler, then the API routes under
// /api, then the portal with its SPA fallback. The caller owns listening and process signals.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import fastifyMultipart from '@fastify/multipart'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { createAccessTokens, resolveJwtSecret } from './auth/access-tokens.ts'
import { createMailer, type Mailer } from './email/mailer.ts'
import { createOutbox, type Outbox } from './email/outbox.ts'
import { SafeLogController, safeLogging } from './logging.ts'
import { registerAuthenticate } from './plugins/authenticate.ts'
import { registerErrorHandler } from './plugins/error-handler.ts'
import { clientErrorHandler, frameworkErrors } from './plugins/framework-answers.ts'
import { AJV_OPTIONS, schemaErrorFormatter } from './plugins/validation.ts'
import { bodyWithoutCoercion } from './plugins/body-validator.ts'
import { registerPortal } from './plugins/portal.ts'
import { inlineScriptSources, registerSecurityHeaders } from './plugins/security-headers.ts'
import { registerRequestLimits, REQUEST_LIMITS, type RequestLimits } from './plugins/request-limits.ts'
import { healthRoutes } from './routes/health.ts'
import { lookupRoutes } from './routes/lookups.ts'
import { authRoutes } from './routes/auth.ts'
import { profileRoutes } from './routes/profile.ts'
import { notificationRoutes } from './routes/notifications.ts'
import { accountRoutes } from './routes/account.ts'
import { templateRoutes } from './routes/templates.ts'
import { fileRoutes } from './routes/files.ts'
import { clerkJobRoutes } from './routes/clerk-jobs.ts'
import { createJobRoutes } from './routes/create-job.ts'
import { rechargeHistoryRoutes } from './routes/recharge-history.ts'
import { paymentRoutes } from './routes/payments.ts'
import { stripeWebhookRoutes } from './routes/stripe-webhook.ts'
import { testPaymentRoutes } from './routes/test-payments.ts'
import { createPaymentProvider, type ConfiguredPaymentProvider } from './payments/create-provider.ts'
import { calculateCostRoutes } from './routes/calculate-cost.ts'
import { opsRoutes } from './routes/ops.ts'
import { uploadRoutes } from './routes/uploads.ts'
import { createPostgresLocker } from './db/upload-locker.ts'
import { createResumableUploads, type ResumableUploads } from './resumable-uploads/tus-server.ts'
import { RESUMABLE_UPLOAD_SWEEP_TASK } from './tasks/resumable-upload-sweep.ts'
import { resolveOpsToken } from './plugins/operator-token.ts'
import type { FileStorage } from './storage/file-storage.ts'
import { createFileStorage } from './storage/storage-from-config.ts'
import { startTranscribeWorker, type TranscribeWorkerOptions } from './transcription/transcribe-worker.ts'
import { startWorkQueue, type QueueTiming, type WorkQueue } from './queue/queue.ts'
import { ACCOUNT_ERASURE_TASK } from './tasks/account-erasure.ts'
import { STORAGE_SWEEP_TASK } from './tasks/storage-sweep.ts'
import { MAIL_OUTBOX_TASK } from './tasks/mail-outbox-drain.ts'
import { SUCCESSOR_SWEEP_TASK } from './tasks/refresh-successor-sweep.ts'
import { UPLOAD_FOLDER_SWEEP_TASK } from './tasks/upload-folder-sweep.ts'
import { startScheduledTask, type ScheduledTaskName } from './tasks/scheduled-task.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    mailer: Mailer
    /** The e-mail outbox: `queueMail(tx, …)` writes a mail with its change; `drain()` after the commit sends it. */
    outbox: Outbox
    storage: FileStorage
    /** Who takes card payments: Stripe, or the test-mode provider (config.payments). */
    payments: ConfiguredPaymentProvider
    /** The tus server of /api/uploads and its staging folder. */
    resumableUploads: ResumableUploads
    /** The work queue (pg-boss on the app's database): enqueue jobs, handle queues, schedules. */
    queue: WorkQueue
    /** Set once the process is told to stop (stop-gracefully.ts): /api/health/ready answers 503 from then on. */
    stopping: boolean
  }
}

/** The periodic tasks a process runs; a test names only the ones it tests. */
export type ScheduledTask = ScheduledTaskName
const PERIODIC_TASKS = [ACCOUNT_ERASURE_TASK, STORAGE_SWEEP_TASK, SUCCESSOR_SWEEP_TASK, UPLOAD_FOLDER_SWEEP_TASK, RESUMABLE_UPLOAD_SWEEP_TASK, MAIL_OUTBOX_TASK]

export interface AppOptions {
  config: Config
  /** Opened and migrated by the caller; the app closes it when it closes. */
  database: Database
  logger?: FastifyServerOptions['logger']
  /** How Fastify logs each request (the terminal shows them only at debug level). */
  logController?: FastifyServerOptions['logController']
  /** Tests replace the e-mail transport to read what was sent. */
  mailer?: Mailer
  /** Tests shorten the limits on a request's body (plugins/request-limits.ts); constants otherwise. */
  requestLimits?: Partial<RequestLimits>
  /**
   * Run the periodic tasks (account erasure, storage sweep, expired refresh successors, expired upload
   * folders) in this process, with the work queue's clock and maintenance; on by default. Off, the queue
   * still takes jobs (enqueue) and handles the queues other modules `work`.
   */
  scheduledTasks?: boolean | readonly ScheduledTask[]
  /**
   * Run the queue's clock (schedules become jobs) and maintenance in this process: on with any periodic
   * task. Tests that move a fake clock run a task's job themselves and leave it off.
   */
  queueClock?: boolean
  /** Tests shorten the queue's waits (queue.ts); pg-boss's defaults otherwise. */
  queueTiming?: QueueTiming
  /** Tests shorten the AI worker's engine limits and piece retries (transcribe-worker.ts). */
  transcribeWorker?: TranscribeWorkerOptions
}

/**
 * Fastify 5.12 refuses a bare hop count (it cannot tell a proxy from a direct client), so a count
 * becomes the trust function it used to be: the nearest `hops` peers are proxies, and the address is
 * the entry they appended. Safe only when the server is reachable through the proxy alone (README).
 */
function trustProxyOption(trustProxy: Config['trustProxy']): FastifyServerOptions['trustProxy'] {
  if (typeof trustProxy !== 'number') return trustProxy
  return (_address: string, hop: number) => hop < trustProxy
}

export async function buildApp({ config, database, logger, logController, mailer, requestLimits, scheduledTasks = true, queueClock, queueTiming, transcribeWorker }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    // Errors are logged without query parameters or quoted values; credentials are censored.
    logger: safeLogging(logger ?? { level: config.logLevel }),
    logController: logController ?? new SafeLogController(),
    // The client's address (which the sign-in limits count) comes from X-Forwarded-For only through
    // the proxies TRUST_PROXY names; otherwise anyone could pick a new address on every try.
    trustProxy: trustProxyOption(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Odd input answers 4xx in the `{detail}` shape, never 5xx (validation.ts, framework-answers.ts).
    ajv: AJV_OPTIONS,
    // A JSON body is checked as sent; query strings and path parameters are still read from text.
    schemaController: { compilersFactory: { buildValidator: bodyWithoutCoercion() } },
    schemaErrorFormatter,
    frameworkErrors,
    clientErrorHandler,
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.decorate('config', config)
  app.decorate('stopping', false)
  app.decorate('database', database)
  app.decorate('mailer', mailer ?? createMailer(config.mail, app.log))
  app.decorate('outbox', createOutbox(database.db, app.mailer, app.log))
  app.decorate('storage', createFileStorage(config.storage, config.dataDir))
  app.decorate<ConfiguredPaymentProvider>('payments', await createPaymentProvider(config.payments, database.db))
  // Several processes may share one PostgreSQL and data folder: tus's lock must span them (advisory
  // locks). The embedded PGlite runs in one process only, where tus's in-memory locker is exact.
  const uploadLocker = database.connectionUrl
    ? createPostgresLocker(database.connectionUrl, { onError: (error) => app.log.warn({ err: error }, 'resumable upload lock connection lost; reconnecting') })
    : undefined
  app.decorate('resumableUploads', createResumableUploads({ db: database.db, dataDir: config.dataDir, storage: config.storage, mountPath: '/api/uploads', locker: uploadLocker }))
  const tasks = PERIODIC_TASKS.filter((task) => scheduledTasks === true || (Array.isArray(scheduledTasks) && scheduledTasks.includes(task.name)))
  app.decorate('queue', await startWorkQueue(database, app.log, { clock: queueClock ?? tasks.length > 0, timing: queueTiming }))
  // Registered first, so it runs last (Fastify closes in reverse order): after every run at start ended.
  app.addHook('onClose', async () => {
    // Mails being sent finish before the transport and the database close under them.
    await app.outbox.settled()
    app.mailer.close()
    // The jobs under way finish (or, after 10 s, fail and are retried elsewhere) before the database closes.
    await app.queue.stop()
    await uploadLocker?.close()
    await database.close()
  })

  // Before anything that answers, so every answer (API, portal, 404) carries the headers.
  // Stripe.js (script, frames, API) is allowed only when Stripe takes the cards.
  registerRequestLimits(app, { ...REQUEST_LIMITS, ...requestLimits })
  await registerSecurityHeaders(app, {
    production: config.production,
    stripe: config.payments.mode === 'stripe',
    inlineScripts: inlineScriptSources(config.portalDir),
  })
  await app.register(fastifyCompress, { global: true, threshold: 1024 })
  await app.register(fastifyCookie)
  // Uploads are streamed part by part; each route sets its own size limits.
  await app.register(fastifyMultipart, { limits: { fieldSize: 64 * 1024, fields: 20, files: 20 } })
  registerErrorHandler(app)
  registerAuthenticate(app, createAccessTokens(await resolveJwtSecret(database.db, config.jwtSecret)))

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(lookupRoutes, { prefix: '/lookup' })
      await api.register(authRoutes, { prefix: '/auth' })
      await api.register(profileRoutes, { prefix: '/profile' })
      await api.register(notificationRoutes, { prefix: '/notification' })
      await api.register(accountRoutes, { prefix: '/account' })
      await api.register(templateRoutes, { prefix: '/clerk-template' })
      await api.register(fileRoutes, { prefix: '/files' })
      await api.register(clerkJobRoutes, { prefix: '/clerk' })
      await api.register(createJobRoutes, { prefix: '/clerk' })
      await api.register(rechargeHistoryRoutes, { prefix: '/clerk' })
      await api.register(calculateCostRoutes, { prefix: '/clerk' })
      await api.register(uploadRoutes, { prefix: '/uploads' })
      await api.register(paymentRoutes)
      await api.register(stripeWebhookRoutes, { prefix: '/stripe' })
      if (app.payments.mode === 'test') await api.register(testPaymentRoutes, { provider: app.payments })
      await api.register(opsRoutes, { prefix: '/ops', token: await resolveOpsToken(database.db, config.opsToken, config.dataDir) })
    },
    { prefix: '/api' },
  )

  await registerPortal(app, config.portalDir)
  for (const task of tasks) startScheduledTask(app, task)
  // AI jobs are transcribed here only when an engine is set (TRANSCRIBE_URL); otherwise they wait for staff.
  await startTranscribeWorker(app, transcribeWorker)
  return app
}
