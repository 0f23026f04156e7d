// The portal's one IndexedDB database (Dexie): what this browser keeps for a person between visits,
// beyond the session (which stays in session storage, src/lib/session.ts: it must be read
// synchronously). Each value is a record { id, value } in a store; every read checks the value
// against the caller's TypeBox schema, and a value that fails is treated as absent and removed, so a
// release that changes a shape never trips over what an older one left.
import { useCallback, useEffect, useState } from 'react'
import Dexie, { type DexieOptions, type Table, type Transaction } from 'dexie'
import type { Static, TSchema } from 'typebox'
import { Value } from 'typebox/value'

export const LOCAL_DB_NAME = 'inspectscribe'

export interface LocalRecord {
  id: string
  value: unknown
}

// ---- Versions and upgrades. Never change a released version: add the next one, with an
// ---- .upgrade((tx) => ...) when existing records must be reshaped or moved.
//
// 1: drafts (the sign-up form's, id 'signup') and preferences (the My Jobs filters, id
//    'my-jobs-filters'), both moved from local storage when the database is created.
// 2: clerkDrafts (a clerk's Create Job draft, id: the clerk, with the time it was saved) and
//    clerkFiles (the draft's files as Blobs, one record per file, keyed [clerk+fileId]). The files
//    sit apart from the draft so that saving what the clerk types rewrites a few hundred bytes, never
//    the audio: IndexedDB copies a Blob's bytes each time a record holding it is put. Nothing to move.
// 3: jobsCaches (the offline copy of a clerk's job list, src/app/query-persistence.tsx: id
//    'inspectscribe.jobs-cache.<clerk>', value the persister's JSON text: a Blob, or a string as releases
//    before the copy was written in slices kept it; no new version, both are read). It was in local
//    storage, whose ~5 M characters a 5,000-job list nears; the old keys are removed, not moved (the
//    list is read again at the next visit online).
// 4: recordings (one per recording made in Create Job, keyed [clerk+id]: its name, type and start)
//    and recordingChunks (its MediaRecorder chunks, one row per second of audio, keyed
//    [clerk+id+seq]), src/lib/recording-chunks.ts. Each chunk is its own small write as it arrives,
//    never one growing Blob (writes above about 200 MB fail on iOS), so a tab that dies mid-recording
//    leaves all but its last chunk. Nothing to move.

/** The stores of the latest version that hold {id, value} records. A new store is named here and in a new version. */
export type LocalStore = 'drafts' | 'preferences' | 'jobsCaches'

/** A clerk's draft: one per clerk, `value` checked by the owner's schema when read. */
export interface ClerkDraftRecord {
  id: string
  savedAt: number
  value: unknown
}

/** The offline copy of one clerk's job list, as the query persister writes it (its JSON text). */
export interface JobsCacheRecord {
  id: string
  value: Blob | string
}

/** One file of a clerk's draft. */
export interface ClerkFileRecord {
  clerk: string
  fileId: string
  blob: Blob
  /**
   * The tus upload's address (its URL) once the server created it (src/lib/upload-addresses.ts). Not
   * indexed, so no new version: it lives and goes with the file's record.
   */
  uploadUrl?: string
}

/** A recording made in Create Job, while its chunks are kept apart (src/lib/recording-chunks.ts). */
export interface RecordingRecord {
  clerk: string
  id: string
  name: string
  mimeType: string
  extension: string
  startedAt: number
}

/** One MediaRecorder chunk of a recording, `seq` counting from 0 in the order they arrived. */
export interface RecordingChunkRecord {
  clerk: string
  id: string
  seq: number
  blob: Blob
}

/** Values kept in local storage before this database; moved once, when it is created. */
const FROM_LOCAL_STORAGE: { key: string; store: LocalStore; id: string }[] = [
  { key: 'signup_draft', store: 'drafts', id: 'signup' },
  { key: 'inspectscribe.my-jobs.filters', store: 'preferences', id: 'my-jobs-filters' },
]

export class LocalDb extends Dexie {
  drafts!: Table<LocalRecord, string>
  preferences!: Table<LocalRecord, string>
  clerkDrafts!: Table<ClerkDraftRecord, string>
  clerkFiles!: Table<ClerkFileRecord, [string, string]>
  jobsCaches!: Table<JobsCacheRecord, string>
  recordings!: Table<RecordingRecord, [string, string]>
  recordingChunks!: Table<RecordingChunkRecord, [string, string, number]>

  constructor(name = LOCAL_DB_NAME, options?: DexieOptions) {
    super(name, options)
    this.version(1).stores({ drafts: 'id', preferences: 'id' })
    this.version(2).stores({ clerkDrafts: 'id', clerkFiles: '[clerk+fileId], clerk' })
    this.version(3).stores({ jobsCaches: 'id' })
    this.version(4).stores({ recordings: '[clerk+id], clerk', recordingChunks: '[clerk+id+seq], [clerk+id], clerk' })
    this.on('populate', (tx) => moveFromLocalStorage(tx))
  }
}

/**
 * Copies the old local-storage values into the new database (unchecked: reads check them) and removes
 * the old keys once that copy is committed, so a clerk keeps the filters chosen before the upgrade.
 */
function moveFromLocalStorage(tx: Transaction): void {
  const moved: string[] = []
  for (const { key, store, id } of FROM_LOCAL_STORAGE) {
    const raw = localStorage.getItem(key)
    if (raw === null) continue
    moved.push(key)
    try {
      void tx.table<LocalRecord, string>(store).put({ id, value: JSON.parse(raw) as unknown })
    } catch {
      // Not JSON: nothing worth keeping, the key goes all the same.
    }
  }
  tx.on('complete', () => moved.forEach((key) => localStorage.removeItem(key)))
}

export let localDb = new LocalDb()

/**
 * Tests start each case on an empty database of their own (src/test/setup.ts): a transaction that a
 * case left waiting on its fake clock then cannot hold up the next one.
 */
export function replaceLocalDbForTests(db: LocalDb): void {
  localDb.close()
  localDb = db
}

// ---- Reading and writing. IndexedDB can be refused (a private window, a full disk): then nothing is
// ---- kept, and the portal works as on a first visit.

/** How long a read waits for IndexedDB before it goes on without the kept value. */
export const LOCAL_READ_LIMIT_MS = 2000

/**
 * The value kept under `id`, if there is one and it matches `schema`; one that does not is removed.
 * Some WebKit releases leave the first IndexedDB open of a launch unanswered: a reader must not wait
 * for ever, so after LOCAL_READ_LIMIT_MS the value counts as absent.
 */
export async function readLocal<S extends TSchema>(store: LocalStore, id: string, schema: S, db: LocalDb = localDb): Promise<Static<S> | undefined> {
  let giveUp: ReturnType<typeof setTimeout> | undefined
  const limit = new Promise<undefined>((resolve) => {
    giveUp = setTimeout(() => resolve(undefined), LOCAL_READ_LIMIT_MS)
  })
  try {
    return await Promise.race([readChecked(store, id, schema, db), limit])
  } finally {
    clearTimeout(giveUp)
  }
}

async function readChecked<S extends TSchema>(store: LocalStore, id: string, schema: S, db: LocalDb): Promise<Static<S> | undefined> {
  try {
    const record = await db.table<LocalRecord, string>(store).get(id)
    if (record === undefined) return undefined
    if (Value.Check(schema, record.value)) return record.value as Static<S>
    await db.table(store).delete(id)
  } catch {
    // Refused or broken: as if nothing were kept.
  }
  return undefined
}

export async function writeLocal(store: LocalStore, id: string, value: unknown, db: LocalDb = localDb): Promise<void> {
  try {
    await db.table<LocalRecord, string>(store).put({ id, value })
  } catch {
    // Refused: the value lasts for this visit only.
  }
}

export async function removeLocal(store: LocalStore, id: string, db: LocalDb = localDb): Promise<void> {
  try {
    await db.table(store).delete(id)
  } catch {
    // Refused: nothing was kept either.
  }
}

/**
 * A kept value as React state, for a form or a choice that should survive a visit. The first render
 * has `initial` (IndexedDB answers later) and `loaded` false; the kept value replaces it when it
 * arrives, unless the person has already changed something, which then wins. Every change is written.
 */
export function useLocalRecord<S extends TSchema>(store: LocalStore, id: string, schema: S, initial: Static<S>) {
  const [state, setState] = useState({ value: initial, loaded: false, changed: false })
  useEffect(() => {
    let current = true
    // readLocal gives up after LOCAL_READ_LIMIT_MS, so the page never waits for ever.
    void readLocal(store, id, schema).then((kept) => {
      if (!current) return
      setState((now) => (now.changed || kept === undefined ? { ...now, loaded: true } : { value: kept, loaded: true, changed: false }))
    })
    return () => {
      current = false
    }
  }, [store, id, schema])
  useEffect(() => {
    if (state.changed) void writeLocal(store, id, state.value)
  }, [store, id, state])
  const change = useCallback((next: (value: Static<S>) => Static<S>) => setState((now) => ({ value: next(now.value), loaded: now.loaded, changed: true })), [])
  return { value: state.value, loaded: state.loaded, change }
}
