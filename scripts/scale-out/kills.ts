// One process killed (SIGKILL) in the middle of work, each time the process doing that work: found by
// the connection it holds (connection-owner.ts). Whatever the check finds, a killed process is started
// again on its port, as a supervisor would, and the next check waits until nginx sends to all of them.
//   - during a resumable upload: the process holding the upload's advisory lock (PostgreSQL's pg_locks);
//   - during an AI transcription: the process with a connection open to the stand-in engine;
//   - during a payment: the process whose ledger write waits on a lock this run holds on credit_entries.
import { PassThrough } from 'node:stream'
import pg from 'pg'
import PgBoss from 'pg-boss'
import { toneWav } from '../../server/src/audio/wav.ts'
import { QUEUE_SCHEMA } from '../../server/src/db/queue-schema.ts'
import { QUEUE_RULES } from '../../server/src/queue/queues.ts'
import { bucketClient, storedPartBytes } from './bucket.ts'
import { expectEqual, expectThat } from './checks.ts'
import { connectionOwner } from './connection-owner.ts'
import { PAYMENT_CENTS, paidClerk, sha256, submitAiJob, waitForCompleted } from './everyday-work.ts'
import type { ProductProcess } from './product-process.ts'
import { jobCharges, mailsTo, untilAllServe, type RunContext } from './run-context.ts'
import { waitFor } from './wait-for.ts'

/** The first key of the uploads' advisory locks (server/src/db/upload-locker.ts, UPLOAD_LOCK_SPACE). */
const UPLOAD_LOCK_SPACE = 0x7e5a6b1d

/** @tus/s3-store's part size (server/src/resumable-uploads/upload-staging.ts, PART_BYTES): S3's smallest. */
const PART_BYTES = 5 * 1024 * 1024

/** The product process that owns the PostgreSQL session `backendPid` (its connection's local port). */
async function processOfBackend(run: RunContext, backendPid: number): Promise<ProductProcess | null> {
  const found = await run.db.query<{ client_port: number }>('select client_port from pg_stat_activity where pid = $1', [backendPid])
  const port = found.rows[0]?.client_port
  return port === undefined ? null : connectionOwner(run.cluster.processes, (connection) => connection.localPort === port)
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error))

/**
 * Runs a check's `work` with `kill` (kill -9 of a process). Whatever the work ends in, each process it
 * killed is then started again and the run waits until nginx sends requests to every process: nginx
 * leaves a process it saw fail out for fail_timeout, and a check that killed a second process before the
 * first was taken back would leave nginx none ("no live upstreams"). A failure of the work is kept as
 * the check's message; one of the restart is added to it.
 */
async function withRestarts<T>(run: RunContext, work: (kill: (product: ProductProcess) => Promise<void>) => Promise<T>): Promise<T> {
  const killed = new Set<ProductProcess>()
  const kill = async (product: ProductProcess) => {
    killed.add(product)
    await product.kill9()
  }
  let failure: unknown = null
  try {
    return await work(kill)
  } catch (error) {
    failure = error
    throw error
  } finally {
    try {
      for (const product of killed) await product.restart()
      if (killed.size > 0) await untilAllServe(run.cluster)
    } catch (restartError) {
      const restart = `and then, restarting what it killed: ${messageOf(restartError)}`
      // eslint-disable-next-line no-unsafe-finally -- the restart's failure must fail the check too
      throw new Error(failure === null ? restart : `${messageOf(failure)}\n${restart}`)
    }
  }
}

async function killUploadMidway(run: RunContext): Promise<void> {
  const { checks, cluster } = run
  const bucket = cluster.objectStorage
  if (!bucket) throw new Error('the kill mid-upload reads the bucket: the run needs its object storage')
  const clerk = await checks.check('a clerk for the kills signs up and pays', () => paidClerk(run, 'killed.upload'))
  if (!clerk) return
  // 30 minutes of the 8 kHz tone: 14.4 MB, sent in one PATCH of which the first 6 MiB go before the kill.
  const recording = toneWav(1800)
  // More than one part: @tus/s3-store keeps bytes only as whole 5 MiB parts in the bucket (what a killed
  // process had of its part in progress is lost), so the kill must come once a part is stored.
  const sent = 6 * 1024 * 1024
  const s3 = bucketClient(bucket)
  const jobId = await checks.check('kill -9 the process receiving a tus PATCH once a 5 MiB part is in the bucket: the upload resumes from HEAD\'s offset on another process', () =>
    withRestarts(run, async (kill) => {
      const location = await clerk.createUpload('Whole house.wav', recording.length)
      const uploadId = location.split('/').pop()!
      const body = new PassThrough()
      const cut = clerk.patchUpload(location, 0, body)
      // A first 64 KiB so the PATCH is under way; the rest of the bytes sent once its process is known.
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
      body.write(recording.subarray(opening, sent))
      // Read in the bucket, not through tus: a HEAD would ask the holder to let go of the upload.
      const stored = await waitFor('the upload\'s first 5 MiB part to be stored in the bucket (ListParts)', async () => (await storedPartBytes(s3, bucket, uploadId)) || null)
      await kill(holder)
      body.destroy()
      const answer = await cut
      expectThat(answer.status !== 204, `the cut PATCH answered ${answer.status}, as if it had finished`)
      const kept = await waitFor('HEAD to answer the kept offset through nginx', () => clerk.uploadOffset(location))
      expectEqual(kept, stored, `HEAD's offset after the kill (of the ${sent} bytes sent): the bytes of the parts in the bucket`)
      // "Each byte crosses the network once, give or take one chunk": here the chunk is a part.
      expectThat(sent - kept < PART_BYTES, `${sent - kept} bytes are to be sent again: more than one ${PART_BYTES}-byte part`)
      const rest = await clerk.patchUpload(location, kept, recording.subarray(kept))
      expectEqual(rest.status, 204, `the resuming PATCH's status (body ${rest.body})`)
      const priced = await clerk.calculateCost(run.lookups.inventory, [uploadId])
      return submitAiJob(run, clerk, '2 Tannery Row, York YO1 6JR', priced)
    }).finally(() => s3.destroy()),
  )
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
    const jobId = await checks.check('kill -9 the process waiting on the engine mid-transcription: another process completes the job', () =>
      withRestarts(run, async (kill) => {
        cluster.engine.hold()
        const priced = await clerk.calculateCost(run.lookups.inventory, [], [{ name: 'Attic.wav', bytes: toneWav(61, 220) }])
        const submitted = await submitAiJob(run, clerk, address, priced)
        await waitFor('the engine to hold the job\'s call', async () => cluster.engine.held() > 0)
        const worker = await waitFor('the process calling the engine', () => connectionOwner(cluster.processes, (connection) => connection.remotePort === enginePort))
        await kill(worker)
        cluster.engine.letGo()
        await waitForCompleted(clerk, submitted)
        return submitted
      }),
    )
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
  await checks.check('kill -9 the process writing a payment\'s credit: the clerk\'s retry credits it once', () =>
    withRestarts(run, async (kill) => {
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
        await kill(writer)
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
      } finally {
        await blocker.end().catch(() => undefined)
      }
    }),
  )
}

export async function killsMidWork(run: RunContext): Promise<void> {
  await killUploadMidway(run)
  await killTranscriptionMidway(run)
  await killPaymentMidway(run)
}
