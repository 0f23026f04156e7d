// A recording made in Create Job as this device keeps it while it is made (src/lib/local-db.ts,
// version 4): a row in `recordings` when it starts, then each MediaRecorder chunk (one a second) as
// its own row in `recordingChunks`, in the order it arrived, per clerk. Each write is small and
// separate: memory stays flat, nothing rewrites what is already kept, and a tab that dies loses only
// the chunk in flight. Once the recording is a file of the clerk's saved draft (clerk-drafts.ts), its
// chunks are dropped (dropRecordingsKeptAsFiles); until then they are an interrupted recording that
// the next visit offers to recover (rebuildRecording). eraseClerkDraft erases them with the draft.
import { isBlob } from './clerk-drafts'
import { localDb, type LocalDb, type RecordingRecord } from './local-db'

export type RecordingMeta = Omit<RecordingRecord, 'clerk'>

/** An interrupted recording: what it was, and how much of it is kept. */
export interface KeptRecording extends RecordingMeta {
  chunks: number
  bytes: number
}

/** Notes a new recording, before its first chunk. */
export async function beginRecording(clerk: string, meta: RecordingMeta, db: LocalDb = localDb): Promise<void> {
  await db.recordings.put({ clerk, ...meta })
}

/** Renames a recording (its name becomes the file's when it is recovered). */
export async function renameRecording(clerk: string, id: string, name: string, db: LocalDb = localDb): Promise<void> {
  await db.recordings.update([clerk, id], { name })
}

/**
 * Keeps chunk `seq` of a recording. Throws what IndexedDB throws (a QuotaExceededError when the
 * device is full): the caller decides to stop. Callers write chunks one after another, in order.
 */
export async function appendChunk(clerk: string, id: string, seq: number, blob: Blob, db: LocalDb = localDb): Promise<void> {
  await db.recordingChunks.put({ clerk, id, seq, blob })
}

/** The clerk's recordings kept on this device, oldest first, with their chunk counts and sizes. */
export async function keptRecordings(clerk: string, db: LocalDb = localDb): Promise<KeptRecording[]> {
  try {
    const recordings = await db.recordings.where('clerk').equals(clerk).sortBy('startedAt')
    const sizes = new Map<string, { chunks: number; bytes: number }>()
    await db.recordingChunks.where('clerk').equals(clerk).each((chunk) => {
      const size = sizes.get(chunk.id) ?? { chunks: 0, bytes: 0 }
      sizes.set(chunk.id, { chunks: size.chunks + 1, bytes: size.bytes + (isBlob(chunk.blob) ? chunk.blob.size : 0) })
    })
    return recordings.map(({ clerk: _clerk, ...meta }) => ({ ...meta, ...(sizes.get(meta.id) ?? { chunks: 0, bytes: 0 }) }))
  } catch {
    return []
  }
}

/**
 * The recording rebuilt from its chunks in the order they arrived (the primary key orders them by
 * seq, as numbers), as one Blob of its type; undefined when nothing of it is kept. The Blob is made of
 * the kept Blobs, so the browser need not hold the bytes in memory.
 */
export async function rebuildRecording(clerk: string, id: string, db: LocalDb = localDb): Promise<Blob | undefined> {
  const [meta, chunks] = await db.transaction('r', db.recordings, db.recordingChunks, () =>
    Promise.all([db.recordings.get([clerk, id]), db.recordingChunks.where('[clerk+id]').equals([clerk, id]).toArray()]),
  )
  const parts = chunks.sort((a, b) => a.seq - b.seq).map((chunk) => chunk.blob).filter(isBlob)
  if (parts.length === 0) return undefined
  return new Blob(parts, { type: meta?.mimeType ?? parts[0]!.type })
}

/** Erases one recording and its chunks. */
export async function eraseRecording(clerk: string, id: string, db: LocalDb = localDb): Promise<void> {
  try {
    await db.transaction('rw', db.recordings, db.recordingChunks, async () => {
      await db.recordings.delete([clerk, id])
      await db.recordingChunks.where('[clerk+id]').equals([clerk, id]).delete()
    })
  } catch {
    // Refused: the next visit offers it again, which loses nothing.
  }
}

/** The recordings that are now files of the clerk's saved draft (`kept`, file ids) need no chunks. */
export async function dropRecordingsKeptAsFiles(clerk: string, kept: Iterable<string>, db: LocalDb = localDb): Promise<void> {
  const ids = new Set(kept)
  const recordings = await keptRecordings(clerk, db)
  for (const recording of recordings) if (ids.has(recording.id)) await eraseRecording(clerk, recording.id, db)
}
