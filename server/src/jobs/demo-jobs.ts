// Demo jobs for a clerk: realistic jobs spread over the last days and across the whole life cycle,
// with real files (tone recordings measured like any upload, templates, supporting documents,
// transcripts), status history and staff notes. Operators create them with `npm run ops -- demo-jobs`;
// the embedded default gives the demo clerk a set on its first start. Demo jobs are not charged.
import { randomUUID } from 'node:crypto'
import { Readable } from 'node:stream'
import { formatCents } from '@contract/money.ts'
import type { Db } from '../db/database.ts'
import type { JobStatus } from '../db/schema.ts'
import { measureAudioSeconds } from '../audio/measure-duration.ts'
import { toneWav } from '../audio/wav.ts'
import { creditsRepository } from '../repositories/credits-repository.ts'
import { jobsRepository, type NewJobFile } from '../repositories/jobs-repository.ts'
import { lookupsRepository } from '../repositories/lookups-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import { saveStream, type FileStorage } from '../storage/file-storage.ts'
import { jobFolder } from './job-operations.ts'
import { priceCents } from './pricing.ts'

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

const NOTES: Partial<Record<JobStatus, string>> = {
  'In Progress': 'Audio received and assigned to a transcriber.',
  Completed: 'Report checked against the recording and ready to download.',
  Failed: 'The recording is silent after the first minute. Please upload the audio again.',
}

const HOUR = 3_600_000

export const DEMO_JOBS_MESSAGES = {
  notifyAdded: (count: number) => (count === 1 ? '1 demo job was added to your account.' : `${count} demo jobs were added to your account.`),
} as const

export interface DemoJobsResult {
  jobIds: number[]
}

/** Creates `count` demo jobs for the clerk; the newest is a few minutes old, the oldest about 6 days. */
export async function createDemoJobs(db: Db, storage: FileStorage, userId: string, count: number, now = new Date()): Promise<DemoJobsResult> {
  const [reportTypes, jobTypes, slots, rates] = await Promise.all([
    lookupsRepository.reportTypes(db),
    lookupsRepository.jobTypes(db),
    lookupsRepository.slaSlots(db),
    lookupsRepository.rates(db),
  ])
  const jobIds: number[] = []
  // Spread over six days so the list's default range (the last 7 days) shows them all.
  const spacing = Math.min(11 * HOUR, (6 * 24 * HOUR) / Math.max(1, count))

  for (let i = 0; i < count; i++) {
    const rate = rates[i % rates.length]!
    const jobType = jobTypes.find((type) => type.id === rate.jobTypeId)!
    const slot = slots.find((s) => s.id === rate.slaSlotId)!
    const path = PATHS[i % PATHS.length]!
    const createdAt = new Date(now.getTime() - 5 * 60_000 - i * spacing)
    const audioCount = jobType.max_audio_files === 1 ? 1 : 1 + (i % 3)
    // The files are stored before the job row exists, so the folder is a random id, not the job's.
    const folder = `demo-${randomUUID()}`

    const stored: (NewJobFile & { fileName: string })[] = []
    try {
      for (let n = 0; n < audioCount; n++) {
        const fileName = `${['kitchen', 'living-room', 'bedrooms', 'exterior'][n % 4]}-${i + 1}.wav`
        const key = `${jobFolder(userId, folder, 'audio')}/${fileName}`
        const saved = await saveStream(storage, key, Readable.from([toneWav(20 + ((i * 37 + n * 23) % 130), 330 + n * 110)]), 10 * 1024 * 1024)
        const opened = await storage.open(key)
        const seconds = opened ? await measureAudioSeconds(opened.stream, fileName) : null
        stored.push({ kind: 'audio', fileKey: key, sizeBytes: saved.size, durationSeconds: (seconds ?? 0).toFixed(3), fileName })
      }
      if (jobType.name === 'Human') stored.push(await saveText(storage, `${jobFolder(userId, folder, 'template')}/Inventory template.txt`, 'template', TEMPLATE_TEXT))
      if (i % 2 === 0) stored.push(await saveText(storage, `${jobFolder(userId, folder, 'support')}/Meter readings.csv`, 'support', METER_READINGS))
      if (path.includes('Completed')) {
        const address = ADDRESSES[i % ADDRESSES.length]!
        stored.push(await saveText(storage, `${jobFolder(userId, folder, 'transcript')}/Inspection report ${i + 1}.txt`, 'transcript', transcriptText(address)))
      }

      const seconds = stored.reduce((sum, file) => sum + Number(file.durationSeconds ?? 0), 0)
      const jobId = await db.transaction(async (tx) => {
        const id = await jobsRepository.create(tx, {
          userId,
          propertyAddress: ADDRESSES[i % ADDRESSES.length]!,
          reportTypeId: reportTypes[i % reportTypes.length]!.id,
          jobTypeId: jobType.id,
          slaSlotId: slot.id,
          costCents: priceCents(rate.centsPerMinute, seconds),
          priority: slot.hours <= 1 ? 'High' : 'Normal',
          audioDurationSeconds: seconds.toFixed(3),
          remarks: 'Demo job',
          createdAt,
          slaDeadline: new Date(createdAt.getTime() + slot.hours * HOUR),
          files: stored.map(({ fileName: _name, ...file }) => file),
        })
        let at = createdAt.getTime()
        for (const status of path.slice(1)) {
          at += Math.min(2 * HOUR, spacing / (path.length + 1))
          await jobsRepository.setStatus(tx, id, status, new Date(at))
          const note = NOTES[status]
          if (note) await jobsRepository.addStaffNote(tx, id, note, new Date(at + 60_000))
        }
        return id
      })
      jobIds.push(jobId)
    } catch (error) {
      await Promise.all(stored.map((file) => storage.remove(file.fileKey)))
      throw error
    }
  }
  await notificationsRepository.add(db, userId, DEMO_JOBS_MESSAGES.notifyAdded(count))
  return { jobIds }
}

async function saveText(storage: FileStorage, key: string, kind: NewJobFile['kind'], text: string): Promise<NewJobFile & { fileName: string }> {
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
 * is still empty. Deleting the demo jobs later does not bring them back on the next start.
 */
export async function seedDemoClerkJobs(db: Db, storage: FileStorage, email: string): Promise<boolean> {
  const clerk = await usersRepository.findByEmail(db, email)
  if (!clerk || clerk.status !== 'active') return false
  if (await creditsRepository.hasEntries(db, clerk.id)) return false
  await createDemoJobs(db, storage, clerk.id, 12)
  await creditsRepository.addEntry(db, clerk.id, { ...DEMO_STARTING_CREDITS, kind: 'adjustment' })
  return true
}
