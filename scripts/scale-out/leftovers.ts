// After the kills: nothing half-written. No job of the run stuck before Completed, every clerk's balance
// the sum of their ledger and what the run paid minus what it was charged, no unfinished upload left
// (row or staged file), no half-written file in storage.
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { ListMultipartUploadsCommand, ListObjectsV2Command } from '@aws-sdk/client-s3'
import { RESUMABLE_UPLOADS_FOLDER } from '../../server/src/resumable-uploads/tus-server.ts'
import { bucketClient } from './bucket.ts'
import { expectEqual, expectThat } from './checks.ts'
import type { RunContext } from './run-context.ts'

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => [])
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(folder, path.join(entry.parentPath, entry.name)))
}

export async function nothingHalfWritten(run: RunContext): Promise<void> {
  const { checks, db, cluster } = run
  await checks.check('no job of the run is stuck: every one is Completed (or Downloaded, once its transcript was)', async () => {
    const emails = run.clerks.map((clerk) => clerk.email)
    const stuck = await db.query<{ id: number; status: string }>(
      `select j.id, j.status from jobs j join users u on u.id = j.user_id where u.email = any($1) and j.status not in ('Completed', 'Downloaded') order by j.id`,
      [emails],
    )
    expectEqual(stuck.rows.map((row) => `job ${row.id}: ${row.status}`), [], 'jobs not finished')
  })

  await checks.check('every clerk\'s credits are their ledger\'s sum: payments credited once, each job charged once', async () => {
    const wrong: string[] = []
    for (const clerk of run.clerks) {
      const expected = (run.expectedCents.get(clerk.email) ?? 0) / 100
      const ledger = await db.query<{ cents: string | null }>(`select sum(c.amount_cents) as cents from credit_entries c join users u on u.id = c.user_id where u.email = $1`, [clerk.email])
      const ledgerCredits = Number(ledger.rows[0]!.cents ?? 0) / 100
      const shown = await clerk.credits()
      if (shown !== expected || ledgerCredits !== expected) wrong.push(`${clerk.email}: shown ${shown}, ledger ${ledgerCredits}, expected ${expected}`)
    }
    expectEqual(wrong, [], 'clerks whose credits are wrong')
  })

  await checks.check('no unfinished upload is left: no resumable_uploads row unfinished, no staged file without its row', async () => {
    const unfinished = await db.query<{ id: string }>('select id from resumable_uploads where finished_at is null')
    expectEqual(unfinished.rows.map((row) => row.id), [], 'unfinished uploads')
    const rows = new Set((await db.query<{ id: string }>('select id from resumable_uploads where used_at is null')).rows.map((row) => row.id))
    // tus's FileStore keeps `<id>` and `<id>.json` per upload; a used upload's are gone.
    const staged = await filesUnder(path.join(cluster.dataDir, RESUMABLE_UPLOADS_FOLDER))
    expectEqual(staged.filter((file) => !rows.has(file.replace(/\.json$/, ''))), [], 'staged files without an unused upload')
  })

  const bucket = cluster.objectStorage
  if (bucket) {
    await checks.check('nothing half-written in the bucket: no multipart upload left open, no live-upload marker under .tmp/', async () => {
      const s3 = bucketClient(bucket)
      try {
        const open = await s3.send(new ListMultipartUploadsCommand({ Bucket: bucket.bucket }))
        expectEqual((open.Uploads ?? []).map((upload) => upload.Key), [], 'multipart uploads still open')
        const markers = await s3.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: '.tmp/' }))
        expectEqual((markers.Contents ?? []).map((object) => object.Key), [], 'objects under .tmp/')
        const stored = await s3.send(new ListObjectsV2Command({ Bucket: bucket.bucket, Prefix: 'clerks/' }))
        expectThat((stored.KeyCount ?? 0) > 0, 'the bucket holds no clerk file: the processes did not store in it')
        expectEqual(await filesUnder(path.join(cluster.dataDir, 'files')), [], 'files stored on local disk beside the bucket')
      } finally {
        s3.destroy()
      }
    })
  } else {
    await checks.check('no half-written file in storage (no work file of an upload or a write left under files/)', async () => {
      const files = await filesUnder(path.join(cluster.dataDir, 'files'))
      expectEqual(files.filter((file) => file.split(path.sep).includes('.tmp') || file.endsWith('.tmp') || file.endsWith('.part')), [], 'work files left in storage')
    })
  }
}
