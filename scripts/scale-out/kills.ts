// One process killed (SIGKILL) in the middle of work, each time the process doing that work: found by
// the connection it holds (connection-owner.ts), then restarted on its port after the check, as a
// supervisor would.
//   - during a resumable upload: the process holding the upload's advisory lock (PostgreSQL's pg_locks);
//   - during an AI transcription: the process with a connection open to the stand-in engine;
//   - during a payment: the process whose ledger write waits on a lock this run holds on credit_entries.
import { readFile } from 'node:fs/promises'
import { PassThrough } from 'node:stream'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { toneWav } from '../../server/src/audio/wav.ts'
import { QUEUE_SCHEMA } from '../../server/src/db/queue-schema.ts'
import { QUEUE_RULES } from '../../server/src/queue/queues.ts'
import { expectEqual, expectThat } from './checks.ts'
import { connectionOwner } from './connection-owner.ts'
import { PAYMENT_CENTS, paidClerk, sha256, submitAiJob, waitForCompleted } from './everyday-work.ts'
import type { ProductProcess } from './product-process.ts'
import { jobCharges, mailsTo, type RunContext } from './run-context.ts'
import { waitFor } from './wait-for.ts'

/** The first key of the uploads' advisory locks (server/src/db/upload-locker.ts, UPLOAD_LOCK_SPACE). */
const UPLOAD_LOCK_SPACE = 0x7e5a6b1d

/** The product process that owns the PostgreSQL session `backendPid` (its connection's local port). */
async function processOfBackend(run: RunContext, backendPid: number): Promise<ProductProcess | null> {
  const found = await run.db.query<{ client_port: number }>('select client_port from pg_stat_activity where pid = $1', [backendPid])
  const port = found.rows[0]?.client_port
  return port === undefined ? null : connectionOwner(run.cluster.processes, (connection) => connection.localPort === port)
}

/** Bytes the process has read so far (sockets and files: /proc/<pid>/io's rchar). */
const bytesRead = async (product: ProductProcess) => Number(/^rchar: (\d+)$/m.exec(await readFile(`/proc/${product.pid()}/io`, 'utf8'))?.[1] ?? 0)

async function killUploadMidway(run: RunContext): Promise<void> {
  const { checks } = run
  const clerk = await checks.check('a clerk for the kills signs up and pays', () => paidClerk(run, 'killed.upload'))
  if (!clerk) return
  // 30 minutes of the 8 kHz tone: 14.4 MB, sent in one PATCH of which the first 6 MB go before the kill.
  const recording = toneWav(1800)
  const firstPart = 6 * 1024 * 1024
  const jobId = await checks.check('kill -9 the process receiving a tus PATCH: the upload resumes from HEAD\'s offset on another process', async () => {
    const location = await clerk.createUpload('Whole house.wav', recording.length)
    const uploadId = location.split('/').pop()!
    const body = new PassThrough()
    const cut = clerk.patchUpload(location, 0, body)
    // A first 64 KiB so the PATCH is under way; the rest of the first part once its process is known.
    const opening = 64 * 1024
    body.write(recording.subarray(0, opening))
    const holder = await waitFor('a process to hold the upload\'s lock', async () => {
      const locks = await run.db.query<{ pid: number }>(`select pid from pg_locks where locktype = 'advisory' and granted and classid::bigint = $1`, [UPLOAD_LOCK_SPACE])
      for (const { pid } of locks.rows) {
        const owner = await processOfBackend(run, pid)
        if (owner) return owner
      }
      return null
    })
    // The holder is reading the PATCH's body: a MiB more than it had read when found (wherever tus stages it).
    const readBefore = await bytesRead(holder)
    body.write(recording.subarray(opening, firstPart))
    await waitFor('the holder to read the first MiB of the body', async () => (await bytesRead(holder)) - readBefore >= 1024 * 1024)
    await holder.kill9()
    body.destroy()
    const answer = await cut
    expectThat(answer.status !== 204, `the cut PATCH answered ${answer.status}, as if it had finished`)
    const kept = await waitFor('HEAD to answer the kept offset through nginx', () => clerk.uploadOffset(location))
    expectThat(kept > 0 && kept <= firstPart, `HEAD's offset after the kill is ${kept}, not between 1 and the ${firstPart} bytes sent`)
    const rest = await clerk.patchUpload(location, kept, recording.subarray(kept))
    expectEqual(rest.status, 204, `the resuming PATCH's status (body ${rest.body})`)
    await holder.restart()
    const priced = await clerk.calculateCost(run.lookups.inventory, [uploadId])
    return submitAiJob(run, clerk, '2 Tannery Row, York YO1 6JR', priced)
  })
  if (jobId === undefined) return
  await checks.check('the resumed upload\'s audio downloads byte for byte (sha-256 of 14.4 MB)', async () => {
    const job = await waitForCompleted(clerk, jobId)
    expectEqual(sha256(await clerk.download('10', job.audio_files[0]!)), sha256(recording), 'the downloaded audio')
  })
}

async function killTranscriptionMidway(run: RunContext): Promise<void> {
  const { checks, cluster } = run
  const clerk = await checks.check('a second clerk signs up and pays', () => paidClerk(run, 'killed.transcription'))
  if (!clerk) return
  // pg-boss gives a dead process's job back once its expiry passes (30 minutes in the product), looked at
  // by its maintenance (every 2 minutes in a server). This run shortens both, as the worker-killed test
  // does: the queue's expiry (jobs take it when queued) and a maintenance of its own every second.
  const boss = new PgBoss({ connectionString: cluster.databaseUrl, schema: QUEUE_SCHEMA, supervise: true, schedule: false, migrate: false, maintenanceIntervalSeconds: 1, max: 2 })
  boss.on('error', () => undefined)
  await boss.start()
  const address = '7 Weir Road, Ripon HG4 2BB'
  try {
    await boss.updateQueue('transcribe-job', { name: 'transcribe-job', ...QUEUE_RULES['transcribe-job'], retryDelay: 0, retryBackoff: false, expireInSeconds: 15 })
    const enginePort = Number(new URL(cluster.engine.url).port)
    const jobId = await checks.check('kill -9 the process waiting on the engine mid-transcription: another process completes the job', async () => {
      cluster.engine.hold()
      const priced = await clerk.calculateCost(run.lookups.inventory, [], [{ name: 'Attic.wav', bytes: toneWav(61, 220) }])
      const submitted = await submitAiJob(run, clerk, address, priced)
      await waitFor('the engine to hold the job\'s call', async () => cluster.engine.held() > 0)
      const worker = await waitFor('the process calling the engine', () => connectionOwner(cluster.processes, (connection) => connection.remotePort === enginePort))
      await worker.kill9()
      cluster.engine.letGo()
      await waitForCompleted(clerk, submitted)
      await worker.restart()
      return submitted
    })
    if (jobId === undefined) return
    await checks.check('the killed transcription left one charge, one .docx and one .txt, and one "transcript is ready" e-mail', async () => {
      expectEqual((await jobCharges(run.db, jobId)).length, 1, 'charges for the job')
      const job = await clerk.job(jobId)
      expectEqual(job.transcript_files.map((key) => key.slice(key.lastIndexOf('.'))).sort(), ['.docx', '.txt'], 'transcript files')
      const subject = `Your transcript for ${address} is ready`
      await waitFor('the transcript e-mail', async () => (await mailsTo(cluster.mailDir, clerk.email, subject)) > 0)
      expectEqual(await mailsTo(cluster.mailDir, clerk.email, subject), 1, `e-mails "${subject}"`)
    })
  } finally {
    await boss.updateQueue('transcribe-job', { name: 'transcribe-job', ...QUEUE_RULES['transcribe-job'] }).catch(() => undefined)
    await boss.stop({ graceful: false, wait: false })
  }
}

async function killPaymentMidway(run: RunContext): Promise<void> {
  const { checks, cluster } = run
  const clerk = await checks.check('a third clerk signs up and pays', () => paidClerk(run, 'killed.payment'))
  if (!clerk) return
  await checks.check('kill -9 the process writing a payment\'s credit: the clerk\'s retry credits it once', async () => {
    const intent = await clerk.createIntent()
    const blocker = new pg.Client({ connectionString: cluster.databaseUrl })
    await blocker.connect()
    try {
      // Inserts into the ledger wait behind this lock (reads do not): the payment stops mid-write.
      await blocker.query('begin')
      await blocker.query('lock table credit_entries in exclusive mode')
      const confirming = clerk.confirmTestPayment(intent.clientSecret)
      const writer = await waitFor('a process to wait on the ledger lock', async () => {
        const waiting = await run.db.query<{ pid: number }>(`select pid from pg_stat_activity where wait_event_type = 'Lock' and query ilike '%credit_entries%'`)
        for (const { pid } of waiting.rows) {
          const owner = await processOfBackend(run, pid)
          if (owner) return owner
        }
        return null
      })
      await writer.kill9()
      const cut = await confirming
      expectThat(cut.status !== 200, `the confirm answered 200 although its process was killed mid-write`)
      await blocker.query('rollback')
      expectEqual(await clerk.paymentCredited(intent.payment_intent_id), false, 'credited before the retry')
      // The portal's card form, on an error, lets the clerk confirm again: paid already (409) or paid now (200).
      const retried = await clerk.confirmTestPayment(intent.clientSecret)
      expectThat(retried.status === 200 || retried.status === 409, `the retried confirm answered ${retried.status}: ${retried.body}`)
      await waitFor('the payment to be credited', () => clerk.paymentCredited(intent.payment_intent_id))
      const again = await clerk.confirmTestPayment(intent.clientSecret)
      expectEqual(again.status, 409, `a third confirm's status (${again.body})`)
      const entries = await run.db.query('select 1 from credit_entries where external_reference = $1', [intent.payment_intent_id])
      expectEqual(entries.rowCount, 1, 'ledger entries for the payment')
      run.expectedCents.set(clerk.email, (run.expectedCents.get(clerk.email) ?? 0) + PAYMENT_CENTS)
      expectEqual(await clerk.credits(), (run.expectedCents.get(clerk.email) ?? 0) / 100, 'the clerk\'s credits')
      await writer.restart()
    } finally {
      await blocker.end().catch(() => undefined)
    }
  })
}

export async function killsMidWork(run: RunContext): Promise<void> {
  await killUploadMidway(run)
  await killTranscriptionMidway(run)
  await killPaymentMidway(run)
  // Any process a failed check left down is started again, so the checks after it run on three.
  for (const product of run.cluster.processes) await product.restart().catch(() => undefined)
}
