// The server process: configuration, database, HTTP, and a graceful stop on SIGINT/SIGTERM.
import path from 'node:path'
import closeWithGrace from 'close-with-grace'
import { buildApp } from './app.ts'
import { checkFfmpegAtStart } from './audio/ffmpeg-at-start.ts'
import { ConfigError, loadConfig, type Config } from './config.ts'
import { prepareDatabase } from './db/prepare.ts'
import { DEMO_CLERK } from './db/seed-data.ts'
import { seedDemoClerkJobs } from './jobs/demo-jobs.ts'
import { terminalLogging } from './logging.ts'
import { STOP_HARD_LIMIT_MS, stopGracefully } from './stop-gracefully.ts'
import { TRANSCRIPTION_OFF, watchEngineAtStart } from './transcription/engine-at-start.ts'

async function main(): Promise<void> {
  let config: Config
  try {
    config = loadConfig()
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message)
      process.exit(1)
    }
    throw error
  }

  const ffmpeg = await checkFfmpegAtStart(config)
  if (!ffmpeg.ok) {
    console.error(ffmpeg.message)
    if (ffmpeg.stop) process.exit(1)
  }

  const database = await prepareDatabase(config)
  // Readable lines for a person at a terminal; JSON lines for a pipe, a service manager or production.
  const atTerminal = process.stdout.isTTY === true && !config.production
  const app = await buildApp({ config, database, ...(atTerminal ? terminalLogging(config.logLevel) : { logger: { level: config.logLevel } }) })

  if (config.demoAccount && (await seedDemoClerkJobs(database.db, app.storage, DEMO_CLERK.email))) {
    app.log.info('gave the demo clerk a dozen demo jobs and starting credits')
  }

  const stopEngineWatch = new AbortController()
  closeWithGrace({ delay: STOP_HARD_LIMIT_MS }, async ({ signal, err }) => {
    stopEngineWatch.abort()
    if (err) app.log.error({ err }, 'stopping after an unexpected error')
    else app.log.info({ signal }, 'stopping')
    await stopGracefully(app)
  })

  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  // Without PUBLIC_URL, e-mailed links lead to this server: PORT=0 is only known now.
  if (config.publicUrlFollowsPort) config.publicUrl = `http://localhost:${port}`
  const shownHost = ['localhost', '0.0.0.0', '::', '127.0.0.1', '::1'].includes(config.host) ? 'localhost' : config.host

  const { storage, transcription } = config
  // One write: a reader of the output (a terminal, a log shipper, the start-up tests) gets the whole banner at once.
  const banner = [
    '',
    `InspectScribe is ready at http://${shownHost}:${port}`,
    `Database: ${config.database.kind === 'pglite' ? `embedded (PGlite) in ${config.database.dataDir}` : 'PostgreSQL server (DATABASE_URL)'}`,
    `Files: ${storage.kind === 'local' ? `local disk in ${path.join(config.dataDir, 'files')}` : `bucket ${storage.bucket} at ${storage.endpoint ?? `AWS S3 (${storage.region})`}`}`,
    `Audio durations: ${ffmpeg.ok ? ffmpeg.version.replace(/ Copyright.*/, '') : 'ffmpeg is missing, so audio uploads are refused (see above)'}`,
    `Payments: ${app.payments.mode === 'stripe' ? 'Stripe (STRIPE_* keys)' : 'TEST MODE: no card is charged; pay with the test card 4242 4242 4242 4242 (set the STRIPE_* keys for real payments)'}`,
    transcription.url ? `AI transcription: ${transcription.url}, model ${transcription.model} (asking whether it answers: see the log)` : TRANSCRIPTION_OFF,
    ...(config.demoAccount ? [`Sign in with the demo clerk account: ${DEMO_CLERK.email}  password: ${DEMO_CLERK.password}`] : []),
    '',
  ]
  console.log(banner.join('\n'))
  if (transcription.url) {
    // In the background: an engine that is down or still loading its model never holds up the start.
    watchEngineAtStart(transcription, (level, message) => app.log[level](message), { signal: stopEngineWatch.signal }).catch((err: unknown) =>
      app.log.error({ err }, 'AI transcription: the engine check stopped'),
    )
  }
}

main().catch((error: unknown) => {
  console.error('InspectScribe could not start:', error)
  process.exit(1)
})
