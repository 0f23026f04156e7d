// Clerks' everyday work through nginx, every request free to land on any process: sign up (the mail's
// link), sign in, pay (test mode), upload (tus and multipart), price, submit an AI job, wait for its
// transcript, download the audio and the transcript. Then: did all the processes serve it?
import { createHash } from 'node:crypto'
import { toneWav } from '../../server/src/audio/wav.ts'
import { STAND_IN_WORDS } from '../../server/test/support/stand-in-engine.ts'
import { expectEqual, expectThat } from './checks.ts'
import { ClerkClient } from './clerk-client.ts'
import { clerkEmail, upstreamsSince, type RunContext } from './run-context.ts'
import { waitFor } from './wait-for.ts'

/** The default payment (contract/payments.ts DEFAULT_PAYMENT_CREDITS), in cents. */
export const PAYMENT_CENTS = 50_00
const TUS_CHUNK_BYTES = 256 * 1024

export const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex')

/** A clerk signed up and signed in through nginx, with one test-mode payment credited. */
export async function paidClerk(run: RunContext, label: string): Promise<ClerkClient> {
  const clerk = new ClerkClient(run.cluster.nginx.url, clerkEmail(label))
  await clerk.signUpAndSignIn('Jordan Fieldclerk')
  await clerk.pay()
  run.clerks.push(clerk)
  run.expectedCents.set(clerk.email, PAYMENT_CENTS)
  return clerk
}

/** Uploads `bytes` through tus in small PATCHes (each may land on another process); the upload's id. */
export async function tusUpload(clerk: ClerkClient, fileName: string, bytes: Buffer): Promise<string> {
  const location = await clerk.createUpload(fileName, bytes.length)
  for (let offset = 0; offset < bytes.length; offset += TUS_CHUNK_BYTES) {
    const chunk = bytes.subarray(offset, offset + TUS_CHUNK_BYTES)
    const sent = await clerk.patchUpload(location, offset, chunk)
    if (sent.status !== 204) throw new Error(`tus PATCH at ${offset} answered ${sent.status}: ${sent.body}`)
  }
  return location.split('/').pop()!
}

/** Prices the folder and submits it as an AI job; charges are recorded in the run's expectations. */
export async function submitAiJob(run: RunContext, clerk: ClerkClient, address: string, priced: { folder_token: string }): Promise<number> {
  const jobId = await clerk.createJob({ propertyAddress: address, reportTypeId: run.lookups.inventory, jobTypeId: run.lookups.ai, slaSlotId: run.lookups.priority, folderToken: priced.folder_token })
  const charged = await run.db.query<{ amount_cents: string }>(`select amount_cents from credit_entries where job_id = $1 and kind = 'job_charge'`, [jobId])
  const cents = charged.rows.reduce((sum, row) => sum + Number(row.amount_cents), 0)
  run.expectedCents.set(clerk.email, (run.expectedCents.get(clerk.email) ?? 0) + cents)
  return jobId
}

export async function waitForCompleted(clerk: ClerkClient, jobId: number, timeoutMs = 180_000) {
  return waitFor(`job ${jobId} to be Completed`, async () => {
    const job = await clerk.job(jobId)
    return job.job_status.status === 'Completed' ? job : false
  }, { timeoutMs, intervalMs: 500 })
}

export async function everydayWork(run: RunContext): Promise<void> {
  const { checks, cluster } = run
  const since = (await cluster.nginx.accessLog()).length

  const first = await checks.check('two clerks sign up through the e-mailed link, sign in and pay 50 credits (test mode)', async () => {
    const clerks = [await paidClerk(run, 'north.clerk'), await paidClerk(run, 'south.clerk')]
    for (const clerk of clerks) expectEqual(await clerk.credits(), 50, `${clerk.email}'s credits after paying`)
    return clerks
  })
  if (!first) return
  const [north, south] = first as [ClerkClient, ClerkClient]

  const recording = toneWav(95)
  const tusJob = await checks.check('a recording uploaded through tus in 256 KiB PATCHes, priced by upload_ids and submitted as an AI job', async () => {
    const uploadId = await tusUpload(north, 'Kitchen.wav', recording)
    const priced = await north.calculateCost(run.lookups.inventory, [uploadId])
    expectEqual(priced.audio_files.length, 1, 'files in the priced folder')
    return submitAiJob(run, north, '4 Mill Lane, Leeds LS1 4AA', priced)
  })

  const multipartJob = await checks.check('two recordings sent multipart to calculate-cost, joined into one, and submitted as an AI job', async () => {
    const priced = await south.calculateCost(
      run.lookups.inventory,
      [],
      [
        { name: 'Hall.wav', bytes: toneWav(40, 330) },
        { name: 'Lounge.wav', bytes: toneWav(50, 550) },
      ],
      true,
    )
    expectEqual(priced.audio_files.length, 1, 'files in the priced folder (joined)')
    return submitAiJob(run, south, '12 Quay Street, Bristol BS1 4DJ', priced)
  })

  if (tusJob !== undefined) {
    await checks.check('the tus job is transcribed by the stand-in engine; its audio downloads byte for byte and its transcript holds the words', async () => {
      const job = await waitForCompleted(north, tusJob)
      expectEqual(job.audio_files.length, 1, 'audio files of the job')
      expectEqual(sha256(await north.download('10', job.audio_files[0]!)), sha256(recording), 'the downloaded audio (sha-256)')
      const text = job.transcript_files.find((key) => key.endsWith('.txt'))
      expectThat(text !== undefined, `no .txt transcript among ${JSON.stringify(job.transcript_files)}`)
      const transcript = (await north.download('13', text)).toString('utf8')
      expectThat(transcript.includes(STAND_IN_WORDS), `the transcript does not hold "${STAND_IN_WORDS}":\n${transcript.slice(0, 300)}`)
    })
  }
  if (multipartJob !== undefined) {
    await checks.check('the multipart job is transcribed and its transcripts (.docx, .txt) are listed once each', async () => {
      const job = await waitForCompleted(south, multipartJob)
      expectEqual(job.transcript_files.map((key) => key.slice(key.lastIndexOf('.'))).sort(), ['.docx', '.txt'], 'transcript kinds')
    })
  }

  await checks.check('the clerks\' requests were served by all three processes (nginx\'s access log, $upstream_addr)', async () => {
    const served = await upstreamsSince(cluster, since, '/api/')
    const expected = cluster.processes.map((product) => `127.0.0.1:${product.port}`).sort()
    expectEqual([...served].filter((address) => expected.includes(address)).sort(), expected, 'processes that served requests')
  })
}
