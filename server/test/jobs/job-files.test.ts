// Downloads of a job's files (/files/10|12|13), deletion of jobs, and the Downloaded move, through
// the real routes with real stored files.
import { readdirSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { eq } from 'drizzle-orm'
import { toneWav } from '../../src/audio/wav.ts'
import { jobStatusHistory } from '../../src/db/schema.ts'
import { jobsRepository } from '../../src/repositories/jobs-repository.ts'
import { bearer, createDemoJobsFor, createTestApp, multipart, opsHeaders, signIn, signUpClerk, type TestApp } from '../support/test-app.ts'

interface ListedJob {
  job_id: number
  job_status: { status: string }
  audio_files: string[]
  template_files: string[]
  support_files: string[]
  transcript_files: string[]
}

const encodePath = (key: string) => key.split('/').map(encodeURIComponent).join('/')

describe('job files and deletion', () => {
  let t: TestApp
  let alice: string
  let bob: string
  // Submitted, Scheduled, In Progress, Completed, Downloaded, Failed
  let ids: number[]

  beforeAll(async () => {
    t = await createTestApp()
    await signUpClerk(t, 'alice.files@example.com')
    await signUpClerk(t, 'bob.files@example.com')
    ids = await createDemoJobsFor(t, 'alice.files@example.com', 6)
    alice = (await signIn(t, 'alice.files@example.com')).token
    bob = (await signIn(t, 'bob.files@example.com')).token
  })
  afterAll(() => t.app.close())

  const jobsOf = async (token: string): Promise<ListedJob[]> =>
    (await t.app.inject({ method: 'GET', url: `/api/clerk/dashboard?start=0&end=${Date.now() + 60_000}`, headers: bearer(token) })).json()
  const job = async (id: number) => (await jobsOf(alice)).find((j) => j.job_id === id)!
  /** Every file in storage (DATA_DIR/files), the uploads in progress under `.tmp` included. */
  const storedFiles = () => {
    const root = path.join(t.app.config.dataDir, 'files')
    return readdirSync(root, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)))
      .sort()
  }
  const download = (token: string, kind: number, key: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/files/${kind}/${encodePath(key)}`, headers: { ...bearer(token), ...headers } })

  it('created the demo jobs along the life cycle', async () => {
    const statuses = (await jobsOf(alice)).sort((a, b) => a.job_id - b.job_id).map((j) => j.job_status.status)
    expect(statuses).toEqual(['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed'])
  })

  it('streams the owner’s audio with its base name, and honours Range', async () => {
    const audio = (await job(ids[0]!)).audio_files[0]!
    const whole = await download(alice, 10, audio)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers['content-disposition']).toBe(`attachment; filename="${audio.split('/').pop()}"; filename*=UTF-8''${audio.split('/').pop()}`)
    expect(whole.headers['accept-ranges']).toBe('bytes')
    expect(whole.rawPayload.subarray(0, 4).toString('ascii')).toBe('RIFF')
    const size = whole.rawPayload.length

    const part = await download(alice, 10, audio, { range: 'bytes=8-11' })
    expect(part.statusCode).toBe(206)
    expect(part.headers['content-range']).toBe(`bytes 8-11/${size}`)
    expect(part.rawPayload.toString('ascii')).toBe('WAVE')

    const tail = await download(alice, 10, audio, { range: 'bytes=-4' })
    expect(tail.statusCode).toBe(206)
    expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(size - 4))

    const beyond = await download(alice, 10, audio, { range: `bytes=${size + 10}-` })
    expect(beyond.statusCode).toBe(416)
    expect(beyond.headers['content-range']).toBe(`bytes */${size}`)
    expect(beyond.json()).toEqual({ detail: 'The requested range lies beyond the end of the file.', code: 'range_not_satisfiable' })
  })

  it('serves a job’s supporting documents (12) and template (11) by their own kinds only', async () => {
    const first = await job(ids[0]!)
    const support = first.support_files[0]!
    expect((await download(alice, 12, support)).body).toContain('meter,serial,reading')
    // The same file asked for as another kind is not found.
    expect((await download(alice, 10, support)).statusCode).toBe(404)
    expect((await download(alice, 13, support)).statusCode).toBe(404)
    const human = (await jobsOf(alice)).find((j) => j.template_files.length > 0)!
    const template = await download(alice, 11, human.template_files[0]!)
    expect(template.statusCode).toBe(200)
    expect(template.headers['content-disposition']).toBe(`attachment; filename="Inventory template.txt"; filename*=UTF-8''Inventory%20template.txt`)
    expect(template.body).toContain('Inventory template')
    expect((await download(bob, 11, human.template_files[0]!)).statusCode).toBe(404)
    expect((await download(alice, 12, human.template_files[0]!)).statusCode).toBe(404)
  })

  it('answers 404 for another clerk’s files, unknown kinds and paths that leave the storage folder', async () => {
    const first = await job(ids[0]!)
    expect((await download(bob, 10, first.audio_files[0]!)).statusCode).toBe(404)
    expect((await download(bob, 12, first.support_files[0]!)).statusCode).toBe(404)
    expect((await download(alice, 14, first.audio_files[0]!)).statusCode).toBe(404)
    const traversal = await t.app.inject({ method: 'GET', url: `/api/files/10/clerks/../../pglite/PG_VERSION`, headers: bearer(alice) })
    expect(traversal.statusCode).toBe(404)
    const encoded = await t.app.inject({ method: 'GET', url: `/api/files/10/clerks%2F..%2F..%2Fops-token`, headers: bearer(alice) })
    expect(encoded.statusCode).toBe(404)
    expect((await t.app.inject({ method: 'GET', url: `/api/files/10/${encodePath(first.audio_files[0]!)}` })).statusCode).toBe(403)
  })

  it('answers 404 in the {detail} shape for a kind that names an inherited property, even with the right owner', async () => {
    const first = await job(ids[0]!)
    const audio = first.audio_files[0]!
    for (const kind of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      for (const token of [bob, alice]) {
        const answer = await t.app.inject({ method: 'GET', url: `/api/files/${kind}/${encodePath(audio)}`, headers: bearer(token) })
        expect({ kind, status: answer.statusCode, body: answer.body }).toEqual({ kind, status: 404, body: JSON.stringify({ detail: 'Not found', code: 'not_found' }) })
      }
    }
  })

  it('moves a Completed job to Downloaded on the first transcript download, once, with its history, without notifying the clerk of their own download', async () => {
    const completed = await job(ids[3]!)
    const transcript = completed.transcript_files[0]!
    // Another clerk's attempt changes nothing.
    expect((await download(bob, 13, transcript)).statusCode).toBe(404)
    expect((await job(ids[3]!)).job_status.status).toBe('Completed')

    const first = await download(alice, 13, transcript)
    expect(first.statusCode).toBe(200)
    expect(first.body).toContain('Inspection report:')
    expect((await job(ids[3]!)).job_status.status).toBe('Downloaded')
    expect((await download(alice, 13, transcript)).statusCode).toBe(200)
    const history = await t.database.db.select().from(jobStatusHistory).where(eq(jobStatusHistory.jobId, ids[3]!))
    expect(history.filter((row) => row.status === 'Downloaded')).toHaveLength(1)
    // The clerk did it themself: nothing to tell them.
    const notes = (await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(alice) })).json() as { message: string }[]
    expect(notes.map((n) => n.message).filter((message) => message.includes(`#${ids[3]}`))).toEqual([])
  })

  it('refuses to delete unfinished jobs, or another clerk’s, and deletes nothing then', async () => {
    const del = (token: string, jobIds: number[], method: 'DELETE' | 'POST' = 'DELETE') =>
      t.app.inject({ method, url: '/api/clerk/delete-jobs', headers: bearer(token), payload: { job_ids: jobIds } })

    const unfinished = await del(alice, [ids[5]!, ids[2]!])
    expect(unfinished.statusCode).toBe(400)
    expect(unfinished.json()).toEqual({ detail: `Only Completed or Failed jobs can be deleted: job #${ids[2]} is In Progress. Nothing was deleted.`, code: 'jobs_not_finished' })

    const foreign = await del(bob, [ids[5]!])
    expect(foreign.statusCode).toBe(404)
    expect(foreign.json()).toEqual({ detail: `Job #${ids[5]} was not found. Nothing was deleted.`, code: 'not_found' })

    const none = await del(alice, [], 'POST')
    expect(none.statusCode).toBe(400)
    expect(none.json()).toEqual({ detail: 'Please select at least one job to delete', code: 'invalid_input' })
    expect((await jobsOf(alice)).length).toBe(6)
  })

  it('deletes the clerk’s Failed jobs with their files, by DELETE or POST', async () => {
    const failed = await job(ids[5]!)
    const audio = failed.audio_files[0]!
    expect((await download(alice, 10, audio)).statusCode).toBe(200)
    const response = await t.app.inject({ method: 'POST', url: '/api/clerk/delete-jobs', headers: bearer(alice), payload: { job_ids: [ids[5]!] } })
    expect(response.statusCode).toBe(200)
    expect(response.json()).toEqual({ message: '1 job(s) deleted' })
    expect((await jobsOf(alice)).map((j) => j.job_id)).not.toContain(ids[5])
    // The file is gone from storage, not only from the list.
    expect(await t.app.storage.open(audio)).toBeNull()
  })

  it('attaches a transcript through the operator call and the clerk can download it', async () => {
    const inProgress = ids[2]!
    const { payload, headers } = multipart({}, [{ name: 'file', filename: 'Report.txt', content: 'Kitchen: clean.\n' }])
    const attached = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${inProgress}/transcripts`, headers: { ...opsHeaders(t), ...headers }, payload })
    expect(attached.statusCode).toBe(200)
    const listed = await job(inProgress)
    expect(listed.transcript_files.map((key) => key.split('/').pop())).toEqual(['Report.txt'])
    const notes = (await t.app.inject({ method: 'GET', url: '/api/notification', headers: bearer(alice) })).json() as { message: string; job_id: number | null }[]
    expect(notes.find((n) => n.message === `A transcript was added to job #${inProgress}: Report.txt`)).toMatchObject({ job_id: inProgress })
    const file = await download(alice, 13, listed.transcript_files[0]!)
    expect(file.body).toBe('Kitchen: clean.\n')
    // In Progress stays In Progress: only a Completed job becomes Downloaded.
    expect((await job(inProgress)).job_status.status).toBe('In Progress')
  })

  it('refuses a transcript whose content is not its type, and leaves no file behind', async () => {
    const before = storedFiles()
    const transcriptsBefore = (await job(ids[2]!)).transcript_files
    const { payload, headers } = multipart({}, [{ name: 'file', filename: 'Report.pdf', content: toneWav(1) }])
    const refused = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${ids[2]}/transcripts`, headers: { ...opsHeaders(t), ...headers }, payload })
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toEqual({ detail: 'The file’s content does not match its type.', code: 'file_content_refused' })
    // Nothing on disk, neither at a key nor half-written among the uploads in progress, and no row.
    expect(storedFiles()).toEqual(before)
    expect((await job(ids[2]!)).transcript_files).toEqual(transcriptsBefore)
  })

  it('leaves no transcript at its key when its row cannot be written, even if the clean-up never runs', async () => {
    await signUpClerk(t, 'carol.files@example.com')
    const [, , inProgress] = await createDemoJobsFor(t, 'carol.files@example.com', 3)
    // The job goes away while its transcript arrives (after the status check), and removing a file
    // does nothing, as if the process had stopped before its clean-up.
    const begin = t.app.storage.beginUpload.bind(t.app.storage)
    const beginUpload = vi.spyOn(t.app.storage, 'beginUpload').mockImplementation(async (key, options) => {
      await jobsRepository.deleteByIds(t.database.db, [inProgress!])
      return begin(key, options)
    })
    const remove = vi.spyOn(t.app.storage, 'remove').mockResolvedValue(undefined)
    try {
      const { payload, headers } = multipart({}, [{ name: 'file', filename: 'Late report.txt', content: 'Kitchen: clean.\n' }])
      const answer = await t.app.inject({ method: 'POST', url: `/api/ops/jobs/${inProgress}/transcripts`, headers: { ...opsHeaders(t), ...headers }, payload })
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({ status: 404, body: { detail: `Job #${inProgress} was not found.`, code: 'not_found' } })
    } finally {
      beginUpload.mockRestore()
      remove.mockRestore()
    }
    const stored = readdirSync(path.join(t.app.config.dataDir, 'files'), { recursive: true, encoding: 'utf8' })
    expect(stored.filter((file) => file.endsWith('Late report.txt'))).toEqual([])
  })
})
