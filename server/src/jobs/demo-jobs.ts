// Demo jobs for a clerk: realistic jobs spread over the last days and across the whole life cycle,
// with real files (tone recordings measured like any upload, templates, supporting documents,
// transcripts), status history and staff notes. Operators create them with `npm run ops -- demo-jobs`;
// the embedded default gives the demo clerk a set on its first start. Demo jobs are not charged.
// Every file is stored first; then all the rows commit in one transaction, or none do and the files go.
// Up to DEMO_JOBS_MAX (contract/ops.ts, a busy clerk's four years) in one call: rows go in multi-row INSERTs, files are
// stored a few at a time, and a large set gets short recordings so that it fits on a disk.
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import type { Db } from '../db/database.ts'
import type { JobStatus } from '../db/schema.ts'
import { measureAudioSeconds } from '../audio/measure-duration.ts'
import { toneWav } from '../audio/wav.ts'
import { creditsRepository } from '../repositories/credits-repository.ts'
import { grantDemoCredits } from '../money/grant-demo-credits.ts'
import { jobsRepository, type NewJob, type NewJobFile, type WholeJob } from '../repositories/jobs-repository.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import { saveStream, type FileStorage } from '../storage/file-storage.ts'
import { jobFolder } from './job-operations.ts'
import { priceCents } from './pricing.ts'
import { deadlineFor, priorityFor } from './turnaround.ts'

const ADDRESSES = [
  '14 Willow Crescent, Harrogate HG2 7QD',
  'Flat 3, 27 Marlborough Road, Bristol BS6 5AB',
  '8 Station Approach, Didsbury, Manchester M20 2RE',
  '112 Kingsway, Hove BN3 4FA',
  'The Old Rectory, Church Lane, Ludlow SY8 1AP',
  'Apartment 12, Wharf House, Leeds LS1 4BT',
  '5 Orchard Close, Cheltenham GL52 3HU',
  '41 Gloucester Terrace, London W2 3DA',
  '2 Mill Cottages, Hebden Bridge HX7 8AD',
  '77 Queen Street, Cardiff CF10 2GP',
  'Flat 9, 3 Grange Road, Edinburgh EH9 1UH',
  '19 Harbour View, Falmouth TR11 3XY',
]

/** The life cycle each demo job is taken through, in turn. */
const PATHS: JobStatus[][] = [
  ['Submitted'],
  ['Submitted', 'Scheduled'],
  ['Submitted', 'Scheduled', 'In Progress'],
  ['Submitted', 'Scheduled', 'In Progress', 'Completed'],
  ['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded'],
  ['Submitted', 'Scheduled', 'Failed'],
]

const DEMO_FAILURE_REASON = 'The recording is silent after the first minute.'

const NOTES: Partial<Record<JobStatus, string>> = {
  'In Progress': 'Audio received and assigned to a transcriber.',
  Completed: 'Report checked against the recording and ready to download.',
  Failed: 'The recording is silent after the first minute. Please upload the audio again.',
}

const HOUR = 3_600_000

/**
 * Up to this many jobs, recordings of 20 s to 2.5 min, one to three a job (a Human job), as a clerk's
 * would be. Above it, one recording of 1 to 3 s a job: thousands of full-length recordings would fill
 * gigabytes of disk for a demonstration of the list.
 */
const FULL_RECORDINGS_UP_TO = 200

/** Files stored at once. */
const STORE_CONCURRENCY = 8

export const DEMO_JOBS_MESSAGES = {
  notifyAdded: (count: number) => (count === 1 ? '1 demo job was added to your account.' : `${count} demo jobs were added to your account.`),
} as const

export interface DemoJobsResult {
  jobIds: number[]
}

type StoredFile = NewJobFile & { fileName: string }
/** A demo job whose files are stored, waiting for its rows. */
type PlannedJob = Omit<NewJob, 'files'> & { files: StoredFile[]; path: JobStatus[]; spacing: number }

/** Creates `count` demo jobs for the clerk, all in one transaction; the newest is a few minutes old, the oldest about 6 days. */
export async function createDemoJobs(db: Db, storage: FileStorage, userId: string, count: number, now = new Date()): Promise<DemoJobsResult> {
  const jobIds = await withStoredDemoFiles(db, storage, userId, count, now, (tx, planned) => insertDemoJobs(tx, userId, planned))
  return { jobIds: jobIds! }
}

/**
 * Stores the files of `count` demo jobs, then runs `write` in one transaction with them. When it fails
 * or returns null, no row of it stays and every file stored for it is removed.
 */
async function withStoredDemoFiles<T>(
  db: Db,
  storage: FileStorage,
  userId: string,
  count: number,
  now: Date,
  write: (tx: Db, planned: PlannedJob[]) => Promise<T | null>,
): Promise<T | null> {
  const stored: StoredFile[] = []
  try {
    const planned = await storeDemoFiles(db, storage, userId, count, now, stored)
    const result = await db.transaction((tx) => write(tx, planned))
    if (result === null) await removeFiles(storage, stored)
    return result
  } catch (error) {
    await removeFiles(storage, stored)
    throw error
  }
}

const removeFiles = (storage: FileStorage, files: StoredFile[]) => Promise.all(files.map((file) => storage.remove(file.fileKey)))

/** Stores every demo job's files (pushed onto `stored` as they are written, so a failure can remove them) and plans their rows. */
async function storeDemoFiles(db: Db, storage: FileStorage, userId: string, count: number, now: Date, stored: StoredFile[]): Promise<PlannedJob[]> {
  const [reportTypes, jobTypes, slots, rates] = await Promise.all([
    lookupsRepository.reportTypes(db),
    lookupsRepository.jobTypes(db),
    lookupsRepository.slaSlots(db),
    lookupsRepository.rates(db),
  ])
  // Spread over six days so the list's default range (the last 7 days) shows them all.
  const spacing = Math.min(11 * HOUR, (6 * 24 * HOUR) / Math.max(1, count))
  const full = count <= FULL_RECORDINGS_UP_TO
  const plans = Array.from({ length: count }, (_, i) => {
    const rate = rates[i % rates.length]!
    const jobType = jobTypes.find((type) => type.id === rate.jobTypeId)!
    return { i, rate, jobType, slot: slots.find((s) => s.id === rate.slaSlotId)!, path: PATHS[i % PATHS.length]! }
  })
  const planned: PlannedJob[] = new Array(count)
  await eachAtMost(STORE_CONCURRENCY, plans, async ({ i, rate, jobType, slot, path }) => {
    const createdAt = new Date(now.getTime() - 5 * 60_000 - i * spacing)
    const audioCount = !full || jobType.max_audio_files === 1 ? 1 : 1 + (i % 3)
    // The files are stored before the job row exists, so the folder is a random id, not the job's.
    const folder = `demo-${randomUUID()}`
    const files: StoredFile[] = []
    const keep = (file: StoredFile) => {
      stored.push(file)
      files.push(file)
    }

    for (let n = 0; n < audioCount; n++) {
      const fileName = `${['kitchen', 'living-room', 'bedrooms', 'exterior'][n % 4]}-${i + 1}.wav`
      const key = `${jobFolder(userId, folder, 'audio')}/${fileName}`
      const seconds = full ? 20 + ((i * 37 + n * 23) % 130) : 1 + (i % 3)
      const saved = await saveStream(storage, key, Readable.from([toneWav(seconds, 330 + n * 110)]), 10 * 1024 * 1024)
      const file: StoredFile = { kind: 'audio', fileKey: key, sizeBytes: saved.size, fileName }
      keep(file)
      const opened = await storage.open(key)
      file.durationSeconds = ((opened ? await measureAudioSeconds(opened.stream, fileName) : null) ?? 0).toFixed(3)
    }
    if (jobType.name === 'Human') keep(await saveText(storage, `${jobFolder(userId, folder, 'template')}/Inventory template.txt`, 'template', TEMPLATE_TEXT))
    if (i % 2 === 0) keep(await saveText(storage, `${jobFolder(userId, folder, 'support')}/Meter readings.csv`, 'support', METER_READINGS))
    if (path.includes('Completed')) {
      const address = ADDRESSES[i % ADDRESSES.length]!
      keep(await saveText(storage, `${jobFolder(userId, folder, 'transcript')}/Inspection report ${i + 1}.txt`, 'transcript', transcriptText(address)))
    }

    const seconds = files.reduce((sum, file) => sum + Number(file.durationSeconds ?? 0), 0)
    planned[i] = {
      userId,
      propertyAddress: ADDRESSES[i % ADDRESSES.length]!,
      reportTypeId: reportTypes[i % reportTypes.length]!.id,
      jobTypeId: jobType.id,
      slaSlotId: slot.id,
      costCents: priceCents(rate.centsPerMinute, seconds),
      priority: priorityFor(slot.hours),
      audioDurationSeconds: seconds.toFixed(3),
      remarks: 'Demo job',
      createdAt,
      slaDeadline: deadlineFor(createdAt, slot.hours),
      files,
      path,
      spacing,
    }
  })
  return planned
}

/** Runs `work` on every item, at most `limit` at once; the first failure rejects once the running ones have settled. */
async function eachAtMost<T>(limit: number, items: T[], work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  let failed = false
  const worker = async () => {
    while (!failed && next < items.length) {
      const item = items[next++]!
      try {
        await work(item)
      } catch (error) {
        failed = true
        throw error
      }
    }
  }
  const settled = await Promise.allSettled(Array.from({ length: Math.min(limit, items.length) }, worker))
  const rejection = settled.find((result) => result.status === 'rejected')
  if (rejection) throw rejection.reason
}

/** The planned jobs' rows (job, files, status history, staff notes) and the clerk's notification; inside the caller's transaction. */
async function insertDemoJobs(tx: Db, userId: string, planned: PlannedJob[]): Promise<number[]> {
  const whole: WholeJob[] = planned.map(({ files, path, spacing, ...job }) => {
    const createdAt = job.createdAt!
    const history = [{ status: path[0]!, at: createdAt }]
    const notes: WholeJob['notes'] = []
    let at = createdAt.getTime()
    // The job's last change: its last move, or the note that followed it.
    let updatedAt = createdAt
    for (const status of path.slice(1)) {
      at += Math.min(2 * HOUR, spacing / (path.length + 1))
      history.push({ status, at: new Date(at) })
      updatedAt = new Date(at)
      const note = NOTES[status]
      if (note) notes.push({ note, at: (updatedAt = new Date(at + 60_000)) })
    }
    const status = path.at(-1)!
    // A failed demo job carries its reason, as an operator's move to Failed does.
    const failed = status === 'Failed' ? { failureReason: DEMO_FAILURE_REASON } : {}
    return { ...job, ...failed, files: files.map(({ fileName: _name, ...file }) => file), status, updatedAt, history, notes }
  })
  const jobIds = await jobsRepository.insertWhole(tx, whole)
  await notificationsRepository.add(tx, userId, DEMO_JOBS_MESSAGES.notifyAdded(planned.length))
  return jobIds
}

async function saveText(storage: FileStorage, key: string, kind: NewJobFile['kind'], text: string): Promise<StoredFile> {
  const saved = await saveStream(storage, key, Readable.from([Buffer.from(text, 'utf8')]), 1024 * 1024)
  return { kind, fileKey: key, sizeBytes: saved.size, fileName: key.split('/').pop()! }
}

const TEMPLATE_TEXT = 'Inventory template\n\nEntrance hall\nLiving room\nKitchen\nBedrooms\nBathroom\nExterior\nMeter readings\nKeys\n'
const METER_READINGS = 'meter,serial,reading\nElectricity,E12K45678,04521\nGas,G4A123456,01873\nWater,W98765,00342\n'

function transcriptText(address: string): string {
  return [
    `Inspection report: ${address}`,
    '',
    'Entrance hall: walls painted white, good condition; one scuff by the door frame.',
    'Kitchen: worktops clean; oven cleaned to a professional standard; extractor filter present.',
    'Living room: carpet beige, light wear at the doorway; two ceiling lights working.',
    'Meter readings recorded as listed in the supporting document.',
    '',
  ].join('\n')
}

export const DEMO_STARTING_CREDITS = { amountCents: 100_00, reason: 'Starting credits of the demo account' } as const

/**
 * The embedded default's demo clerk gets a dozen demo jobs and starting credits once: when its ledger
 * is still empty. Jobs, credits and notification commit in one transaction, so a failure half-way
 * leaves nothing (and the next start tries again). Deleting the demo jobs later does not bring them
 * back on the next start.
 */
export async function seedDemoClerkJobs(db: Db, storage: FileStorage, email: string): Promise<boolean> {
  const clerk = await usersRepository.findByEmail(db, email)
  if (!clerk || clerk.status !== 'active') return false
  if (await creditsRepository.hasEntries(db, clerk.id)) return false
  const seeded = await withStoredDemoFiles(db, storage, clerk.id, 12, new Date(), async (tx, planned) => {
    // Another server process may have seeded meanwhile: the marker is checked again under the lock.
    if (!(await grantDemoCredits(tx, clerk.id, DEMO_STARTING_CREDITS))) return null
    await insertDemoJobs(tx, clerk.id, planned)
    return true
  })
  return seeded === true
}
