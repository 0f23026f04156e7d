// `npm run test:scale-out`: the proof that the product runs as several stateless processes behind a
// reverse proxy (issue 27). Starts PostgreSQL 15, the S3-protocol server (radosgw), an SMTP catcher, the stand-in engine, three product
// processes (all at once, on the empty database) and nginx on deploy/nginx.conf; then, through nginx
// only, clerks' everyday work, one process killed mid-upload, mid-transcription and mid-payment, the
// limits that must count across processes, and the closing checks that nothing was left half-written.
// Prints `N passed, N failed` and exits 1 on any failure. Not part of `npm test` (it takes minutes).
import pg from 'pg'
import { Checks, expectEqual } from './checks.ts'
import { ClerkClient } from './clerk-client.ts'
import { startCluster, type Cluster } from './cluster.ts'
import { everydayWork } from './everyday-work.ts'
import { killsMidWork } from './kills.ts'
import { nothingHalfWritten } from './leftovers.ts'
import { untilAllServe, type Lookups, type RunContext } from './run-context.ts'
import { paymentDedupeAcrossProcesses, scheduledTasksOnce, signInLimitAcrossProcesses } from './shared-limits.ts'

const PROCESSES = 3

async function lookups(cluster: Cluster): Promise<Lookups> {
  const anyone = new ClerkClient(cluster.nginx.url, '')
  const id = (rows: Array<{ id: number; name: string }>, name: string) => {
    const found = rows.find((row) => row.name === name)
    if (!found) throw new Error(`no lookup named ${name} among ${rows.map((row) => row.name).join(', ')}`)
    return found.id
  }
  return {
    inventory: id(await anyone.lookup('report-types'), 'Inventory'),
    ai: id(await anyone.lookup('job-types'), 'AI'),
    priority: id(await anyone.lookup('sla-slots'), '1 Hour Priority'),
  }
}

async function main(): Promise<number> {
  const checks = new Checks()
  const started = performance.now()
  console.log(`Starting PostgreSQL, the S3-protocol server (radosgw), an SMTP catcher, the stand-in engine, ${PROCESSES} product processes and nginx (deploy/nginx.conf)…`)
  let cluster: Cluster
  try {
    cluster = await startCluster({ processes: PROCESSES })
  } catch (error) {
    console.error(error)
    console.log(`\n0 passed, 1 failed (the start: ${error instanceof Error ? error.message.split('\n')[0] : String(error)})`)
    return 1
  }
  // The e2e mailbox's reader finds the catcher's folder here.
  process.env.E2E_MAILDIR = cluster.mailDir
  const db = new pg.Client({ connectionString: cluster.databaseUrl })
  try {
    await db.connect()
    console.log(`nginx at ${cluster.nginx.url}, processes on ports ${cluster.processes.map((product) => product.port).join(', ')}`)
    await checks.check(`${PROCESSES} processes start at once on one empty PostgreSQL`, () => expectEqual(cluster.startProblems, [], 'processes that failed to start beside the others'))
    const run: RunContext = { cluster, checks, db, lookups: await lookups(cluster), clerks: [], expectedCents: new Map() }

    console.log('\nEveryday work through nginx')
    await everydayWork(run)
    console.log('\nOne process killed mid-work')
    await killsMidWork(run)
    console.log('\nLimits and schedules shared by the processes')
    await checks.check('nginx sends requests to all three processes again after the restarts', () => untilAllServe(cluster))
    await signInLimitAcrossProcesses(run)
    await paymentDedupeAcrossProcesses(run)
    await scheduledTasksOnce(run)
    console.log('\nNothing half-written')
    await nothingHalfWritten(run)
  } catch (error) {
    // A failure outside any check (the setup itself): counted, so the run cannot pass.
    checks.failed.push('the run itself')
    console.error(error)
  } finally {
    await db.end().catch(() => undefined)
    if (checks.failed.length > 0) console.log(`\nnginx's logs and each process's output: ${await cluster.saveLogs()}`)
    await cluster.stop()
  }
  if (checks.failed.length > 0) console.log(`\nFailed: ${checks.failed.join('; ')}`)
  console.log(`\n${checks.summary()} (${((performance.now() - started) / 1000).toFixed(0)} s)`)
  return checks.failed.length > 0 ? 1 : 0
}

process.exitCode = await main()
