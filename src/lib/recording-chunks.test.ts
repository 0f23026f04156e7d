// The recording chunk store (local-db version 4). Chunks are Node's Blobs: jsdom's Blob does not
// survive fake-indexeddb's structured clone (see clerk-drafts.test.ts). A real browser's round trip
// is in tests/e2e/recording.spec.ts.
import { Blob as NodeBlob } from 'node:buffer'
import { Type } from 'typebox'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { eraseClerkDraft, keepClerkDraft, readClerkDraft } from './clerk-drafts'
import { appendChunk, beginRecording, dropRecordingsKeptAsFiles, eraseRecording, keptRecordings, rebuildRecording, renameRecording } from './recording-chunks'

// The rebuilt recording is a Blob of the chunks: made with Node's Blob, which reads Node's Blobs.
beforeEach(() => void vi.stubGlobal('Blob', NodeBlob))
afterEach(() => void vi.unstubAllGlobals())

const blob = (text: string) => new NodeBlob([text]) as unknown as Blob
const meta = (id: string, startedAt = 1000) => ({ id, name: `Recording ${id}`, mimeType: 'audio/webm;codecs=opus', extension: 'webm', startedAt })

async function record(clerk: string, id: string, parts: string[], startedAt = 1000) {
  await beginRecording(clerk, meta(id, startedAt))
  for (const [seq, part] of parts.entries()) await appendChunk(clerk, id, seq, blob(part))
}

describe('the recording chunk store', () => {
  it('rebuilds a recording from its chunks in the order they arrived, past ten of them', async () => {
    const parts = Array.from({ length: 12 }, (_, seq) => `<${seq}>`)
    await record('7', 'r1', parts)
    const rebuilt = await rebuildRecording('7', 'r1')
    expect(await rebuilt?.text()).toBe(parts.join(''))
    expect(rebuilt?.type).toBe('audio/webm;codecs=opus')
  })

  it('keeps the order by sequence number whatever order the writes land in', async () => {
    await beginRecording('7', meta('r1'))
    await appendChunk('7', 'r1', 2, blob('c'))
    await appendChunk('7', 'r1', 0, blob('a'))
    await appendChunk('7', 'r1', 1, blob('b'))
    expect(await (await rebuildRecording('7', 'r1'))?.text()).toBe('abc')
  })

  it('keeps each clerk’s recordings apart', async () => {
    await record('7', 'r1', ['seven'])
    await record('8', 'r1', ['eight'])
    expect(await (await rebuildRecording('8', 'r1'))?.text()).toBe('eight')
    expect((await keptRecordings('7')).map((r) => [r.id, r.chunks, r.bytes])).toEqual([['r1', 1, 5]])
    await eraseRecording('8', 'r1')
    expect(await rebuildRecording('8', 'r1')).toBeUndefined()
    expect(await (await rebuildRecording('7', 'r1'))?.text()).toBe('seven')
  })

  it('lists the kept recordings oldest first with their names, chunk counts and sizes', async () => {
    await record('7', 'later', ['ab', 'cd'], 2000)
    await record('7', 'earlier', ['xyz'], 1000)
    await renameRecording('7', 'later', 'Kitchen')
    expect(await keptRecordings('7')).toEqual([
      { ...meta('earlier', 1000), chunks: 1, bytes: 3 },
      { ...meta('later', 2000), name: 'Kitchen', chunks: 2, bytes: 4 },
    ])
  })

  it('drops the recordings that are files of the saved draft, and only those', async () => {
    await record('7', 'kept', ['a'])
    await record('7', 'interrupted', ['b'])
    await dropRecordingsKeptAsFiles('7', ['kept', 'a-picked-file'])
    expect((await keptRecordings('7')).map((r) => r.id)).toEqual(['interrupted'])
  })

  it('is erased with the clerk’s draft, as the draft’s files are, and no other clerk’s', async () => {
    const Note = Type.Object({ text: Type.String() })
    await keepClerkDraft('7', [{ id: 'f', blob: blob('picked') }], () => ({ text: 'Flat 2' }))
    await record('7', 'r1', ['a', 'b'])
    await record('8', 'r2', ['c'])
    await eraseClerkDraft('7')
    expect(await readClerkDraft('7', Note)).toBeUndefined()
    expect(await keptRecordings('7')).toEqual([])
    expect(await rebuildRecording('7', 'r1')).toBeUndefined()
    expect((await keptRecordings('8')).map((r) => r.id)).toEqual(['r2'])
  })
})
