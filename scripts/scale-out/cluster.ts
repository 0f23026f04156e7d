// The whole of a scaled-out install on this machine: PostgreSQL 15 (started as the tests start it),
// a local SMTP catcher, the stand-in speech-to-text engine, N product processes sharing the database,
// one data folder, the JWT secret and the operator token, and nginx in front on deploy/nginx.conf.
// Stored files and tus's uploads in progress go to the S3-protocol server the tests start
// (tests/support/object-storage-server.ts: Ceph's radosgw); the processes still share one DATA_DIR for
// what stays on disk (the e-mail outbox folder).
import { randomBytes } from 'node:crypto'
import { copyFile, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { startPostgres } from '../../server/test/support/postgres-server.ts'
import { startStandInEngine, type StandInEngine } from '../../server/test/support/stand-in-engine.ts'
import { startMailbox } from '../../tests/e2e/support/mailbox.ts'
import { startObjectStorageServer, type ObjectStorageServer } from '../../tests/support/object-storage-server.ts'
import { PROXY_ADDRESS, startNginx, type Nginx } from './nginx.ts'
import { freePort } from '../../tests/support/free-port.ts'
import { buildServerIfNeeded, startProductProcess, type ProductProcess } from './product-process.ts'

export interface Cluster {
  nginx: Nginx
  processes: ProductProcess[]
  /** The processes that failed when all started at once on the empty database (each then started alone). */
  startProblems: string[]
  databaseUrl: string
  dataDir: string
  /** The bucket stored files go to; null when they stay in DATA_DIR (ClusterOptions.objectStorage false). */
  objectStorage: ObjectStorageServer | null
  engine: StandInEngine
  /** Where the SMTP catcher writes each message (.eml). */
  mailDir: string
  opsToken: string
  /** Writes nginx's logs and each process's output into a new folder; answers its path. */
  saveLogs(): Promise<string>
  stop(): Promise<void>
}

export interface ClusterOptions {
  processes: number
  /** Settings for every process on top of the shared ones (LOG_LEVEL, LIST_CACHE_MB…). */
  env?: Record<string, string>
  /** Run on this PostgreSQL database instead of a new server's (the bench seeds it first). */
  databaseUrl?: string
  /** Run on this data folder (kept at stop). */
  dataDir?: string
  /** Stored files in the S3-protocol server (default); false keeps them in the shared DATA_DIR. */
  objectStorage?: boolean
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  const stops: Array<() => Promise<unknown>> = []
  const stopAll = async () => {
    for (const stop of stops.reverse()) await stop().catch((error: unknown) => console.error('while stopping:', error))
  }
  try {
    let databaseUrl = options.databaseUrl
    if (!databaseUrl) {
      const postgres = await startPostgres()
      stops.push(() => postgres.stop())
      const admin = new pg.Client({ connectionString: postgres.adminUrl })
      await admin.connect()
      await admin.query('create database inspectscribe')
      await admin.end()
      databaseUrl = postgres.urlFor('inspectscribe')
    }
    const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'inspectscribe-scale-out-')))
    if (!options.dataDir) stops.push(() => rm(dataDir, { recursive: true, force: true }))
    let objectStorage: ObjectStorageServer | null = null
    if (options.objectStorage !== false) {
      const started = await startObjectStorageServer()
      stops.push(() => started.stop())
      objectStorage = started
    }
    const mailbox = await startMailbox()
    stops.push(() => mailbox.stop())
    const engine = await startStandInEngine()
    stops.push(() => engine.close())
    await buildServerIfNeeded()

    const ports = await Promise.all(Array.from({ length: options.processes }, () => freePort()))
    const nginxPort = await freePort()
    const opsToken = randomBytes(24).toString('hex')
    const shared: Record<string, string> = {
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORTAL_DIR: path.join(dataDir, 'no-portal'), // API only: the portal is not what this run proves
      PUBLIC_URL: `http://127.0.0.1:${nginxPort}`,
      JWT_SECRET: randomBytes(32).toString('hex'),
      OPS_TOKEN: opsToken,
      SMTP_URL: mailbox.smtpUrl,
      TRANSCRIBE_URL: engine.url,
      TRUST_PROXY: PROXY_ADDRESS,
      DEMO_ACCOUNT: 'false',
      LOG_LEVEL: 'warn',
      ...objectStorage?.env,
      ...options.env,
    }
    // All at once on an empty database: migrations take turns through their advisory lock.
    const processes = ports.map((port, index) => startProductProcess(`process ${index + 1}`, port, shared))
    stops.push(() => Promise.all(processes.map((product) => product.stop())))
    // A process that could not start beside the others is started again alone, so the run goes on;
    // the run's first check reports it.
    const started = await Promise.allSettled(processes.map((product) => product.ready()))
    const startProblems: string[] = []
    for (const [index, result] of started.entries()) {
      if (result.status === 'fulfilled') continue
      startProblems.push(`${processes[index]!.name}: ${String(result.reason instanceof Error ? result.reason.message : result.reason).split('\n').slice(0, 2).join(' ')}`)
      await processes[index]!.kill9() // one that never became ready is ended first
      await processes[index]!.restart()
    }
    const nginx = await startNginx(nginxPort, ports)
    stops.push(() => nginx.stop())

    const saveLogs = async () => {
      const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-scale-out-logs-'))
      for (const file of nginx.logFiles()) await copyFile(file, path.join(folder, `nginx-${path.basename(file)}`)).catch(() => undefined)
      for (const [index, product] of processes.entries()) await writeFile(path.join(folder, `process-${index + 1}-port-${product.port}.log`), product.output())
      return folder
    }
    return { saveLogs, nginx, processes, startProblems, databaseUrl, dataDir, objectStorage, engine, mailDir: mailbox.dir, opsToken, stop: stopAll }
  } catch (error) {
    await stopAll()
    throw error
  }
}
