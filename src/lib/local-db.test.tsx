import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { Blob as NodeBlob } from 'node:buffer'
import Dexie from 'dexie'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { Type } from 'typebox'
import { describe, expect, it, vi } from 'vitest'
import { LOCAL_READ_LIMIT_MS, LocalDb, readLocal, removeLocal, replaceLocalDbForTests, useLocalRecord, writeLocal } from './local-db'

const Note = Type.Object({ text: Type.String(), pinned: Type.Boolean() })

/** A database as a browser that never had one has it. */
const freshDb = () => new LocalDb('inspectscribe', { indexedDB: new IDBFactory(), IDBKeyRange })

describe('local database: reads checked by schema', () => {
  it('reads back what was written, and nothing once removed', async () => {
    await writeLocal('drafts', 'note', { text: 'Kitchen', pinned: true })
    expect(await readLocal('drafts', 'note', Note)).toEqual({ text: 'Kitchen', pinned: true })
    await removeLocal('drafts', 'note')
    expect(await readLocal('drafts', 'note', Note)).toBeUndefined()
  })

  it('treats a value that fails its schema as absent, and removes it', async () => {
    await writeLocal('preferences', 'note', { text: 'Kitchen', pinned: 'yes' })
    expect(await readLocal('preferences', 'note', Note)).toBeUndefined()
    // Gone, not just hidden: a looser schema finds nothing either.
    expect(await readLocal('preferences', 'note', Type.Unknown())).toBeUndefined()
  })
})

describe('local database: moving the local-storage values of earlier releases', () => {
  it('moves the sign-up draft and the job filters once, and removes the old keys', async () => {
    localStorage.setItem('signup_draft', JSON.stringify({ fullName: 'Ada', email: 'ada@example.com', agreed: true }))
    localStorage.setItem('inspectscribe.my-jobs.filters', JSON.stringify({ status: 'Completed', reportType: '', jobType: 'AI', range: null }))
    localStorage.setItem('inspectscribe.jobs-cache.clerk-7', '{}')
    const db = freshDb()
    expect(await readLocal('drafts', 'signup', Type.Unknown(), db)).toEqual({ fullName: 'Ada', email: 'ada@example.com', agreed: true })
    expect(await readLocal('preferences', 'my-jobs-filters', Type.Unknown(), db)).toEqual({ status: 'Completed', reportType: '', jobType: 'AI', range: null })
    expect(Object.keys(localStorage)).toEqual(['inspectscribe.jobs-cache.clerk-7'])

    // Only when the database is created: a value an older tab writes afterwards is not taken again.
    localStorage.setItem('signup_draft', JSON.stringify({ fullName: 'Old tab', email: '', agreed: false }))
    db.close()
    await db.open()
    expect(await readLocal('drafts', 'signup', Type.Unknown(), db)).toEqual({ fullName: 'Ada', email: 'ada@example.com', agreed: true })
  })

  it('drops an old value that is not JSON', async () => {
    localStorage.setItem('signup_draft', '{not json')
    const db = freshDb()
    expect(await readLocal('drafts', 'signup', Type.Unknown(), db)).toBeUndefined()
    expect(localStorage.getItem('signup_draft')).toBeNull()
  })
})

function NoteField() {
  const note = useLocalRecord('drafts', 'note', Note, { text: '', pinned: false })
  return (
    <>
      <input aria-label="Note" value={note.value.text} onChange={(event) => note.change((value) => ({ ...value, text: event.target.value }))} />
      <output aria-label="state">{note.loaded ? 'loaded' : 'reading'}</output>
    </>
  )
}

describe('useLocalRecord', () => {
  it('shows the kept value once it has been read', async () => {
    await writeLocal('drafts', 'note', { text: 'Kitchen', pinned: false })
    render(<NoteField />)
    expect(screen.getByLabelText('state')).toHaveTextContent('reading')
    await waitFor(() => expect(screen.getByLabelText('state')).toHaveTextContent('loaded'))
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Kitchen')
  })

  it('keeps what the person typed before the kept value arrived, and keeps that instead', async () => {
    await writeLocal('drafts', 'note', { text: 'Kitchen', pinned: false })
    render(<NoteField />)
    // IndexedDB answers in a later task: this change comes first.
    fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Hallway' } })
    expect(screen.getByLabelText('state')).toHaveTextContent('reading')
    await waitFor(() => expect(screen.getByLabelText('state')).toHaveTextContent('loaded'))
    expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Hallway')
    await expect.poll(() => readLocal('drafts', 'note', Note)).toEqual({ text: 'Hallway', pinned: false })
  })
})

describe('useLocalRecord when IndexedDB never answers', () => {
  it(`goes on without the kept value after ${LOCAL_READ_LIMIT_MS} ms, and still keeps what is typed`, async () => {
    vi.useFakeTimers()
    try {
      // An IndexedDB whose open request never succeeds nor fails.
      replaceLocalDbForTests(new LocalDb('silent', { indexedDB: { open: () => ({}) }, IDBKeyRange }))
      render(<NoteField />)
      await act(async () => void (await vi.advanceTimersByTimeAsync(LOCAL_READ_LIMIT_MS - 1)))
      expect(screen.getByLabelText('state')).toHaveTextContent('reading')
      await act(async () => void (await vi.advanceTimersByTimeAsync(1)))
      expect(screen.getByLabelText('state')).toHaveTextContent('loaded')
      fireEvent.change(screen.getByRole('textbox', { name: 'Note' }), { target: { value: 'Hallway' } })
      expect(screen.getByRole('textbox', { name: 'Note' })).toHaveValue('Hallway')
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('local database: the upgrade from version 1', () => {
  it('keeps version 1’s drafts and preferences, and adds the clerk draft stores, the job list store and the recording stores', async () => {
    const indexedDB = new IDBFactory()
    // The database as the first release left it: version 1's stores and nothing else.
    const released = new Dexie('inspectscribe', { indexedDB, IDBKeyRange })
    released.version(1).stores({ drafts: 'id', preferences: 'id' })
    await released.table('drafts').put({ id: 'signup', value: { fullName: 'Ada', email: 'ada@example.com', agreed: true } })
    await released.table('preferences').put({ id: 'my-jobs-filters', value: { status: 'Completed', reportType: '', jobType: 'AI', range: null } })
    released.close()
    localStorage.setItem('signup_draft', JSON.stringify({ fullName: 'Old tab', email: '', agreed: false }))

    const upgraded = new LocalDb('inspectscribe', { indexedDB, IDBKeyRange })
    await upgraded.open()
    expect(upgraded.verno).toBe(4)
    // Upgrading is not creating: what local storage holds now is not moved over version 1's values.
    expect(await readLocal('drafts', 'signup', Type.Unknown(), upgraded)).toEqual({ fullName: 'Ada', email: 'ada@example.com', agreed: true })
    expect(await readLocal('preferences', 'my-jobs-filters', Type.Unknown(), upgraded)).toEqual({ status: 'Completed', reportType: '', jobType: 'AI', range: null })
    await upgraded.clerkDrafts.put({ id: '7', savedAt: 1, value: { address: 'x' } })
    await upgraded.clerkFiles.put({ clerk: '7', fileId: 'f1', blob: new NodeBlob(['abc']) as unknown as Blob })
    expect(await upgraded.clerkFiles.where('clerk').equals('7').primaryKeys()).toEqual([['7', 'f1']])
    await upgraded.jobsCaches.put({ id: 'inspectscribe.jobs-cache.7', value: '{}' })
    expect(await upgraded.jobsCaches.get('inspectscribe.jobs-cache.7')).toEqual({ id: 'inspectscribe.jobs-cache.7', value: '{}' })
    await upgraded.recordings.put({ clerk: '7', id: 'r1', name: 'Recording 1', mimeType: 'audio/webm;codecs=opus', extension: 'webm', startedAt: 1 })
    await upgraded.recordingChunks.put({ clerk: '7', id: 'r1', seq: 0, blob: new NodeBlob(['abc']) as unknown as Blob })
    expect(await upgraded.recordingChunks.where('[clerk+id]').equals(['7', 'r1']).primaryKeys()).toEqual([['7', 'r1', 0]])
    upgraded.close()
  })
})
