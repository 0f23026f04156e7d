// The clerk's draft in the local database. Files are Node's Blobs: jsdom's Blob does not survive
// fake-indexeddb's structured clone (it comes back a plain object), Node's does, bytes and all. A
// real browser's Blob round trip, with a SHA-256 check, is in tests/e2e/draft.spec.ts.
import { Blob as NodeBlob } from 'node:buffer'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { eraseClerkDraft, forgetCurrentClerk, isBlob, keepClerkDraft, readClerkDraft } from './clerk-drafts'
import { localDb } from './local-db'
import { currentClerk, saveSession } from './session'

const Note = Type.Object({ text: Type.String(), files: Type.Array(Type.String()) })
const blob = (text: string) => new NodeBlob([text]) as unknown as Blob
const note = (text: string) => (kept: ReadonlySet<string>) => ({ text, files: [...kept] })

/** A token whose payload names `sub`, as the server's do. */
const tokenFor = (sub: string) => `h.${btoa(JSON.stringify({ sub, exp: 4_102_444_800 }))}.s`

describe('keepClerkDraft and readClerkDraft', () => {
  it('reads back the value, the time it was saved and the files, byte for byte', async () => {
    const before = Date.now()
    expect(await keepClerkDraft('7', [{ id: 'a', blob: blob('kitchen audio') }], note('Flat 2'))).toEqual({ status: 'saved', notKept: [] })
    const kept = await readClerkDraft('7', Note)
    expect(kept?.value).toEqual({ text: 'Flat 2', files: ['a'] })
    expect(kept?.savedAt).toBeGreaterThanOrEqual(before)
    expect(await kept?.files.get('a')?.text()).toBe('kitchen audio')
  })

  it('keeps each clerk’s draft apart', async () => {
    await keepClerkDraft('7', [{ id: 'a', blob: blob('seven') }], note('Seven'))
    await keepClerkDraft('8', [{ id: 'b', blob: blob('eight') }], note('Eight'))
    expect((await readClerkDraft('8', Note))?.value).toEqual({ text: 'Eight', files: ['b'] })
    expect([...((await readClerkDraft('8', Note))?.files.keys() ?? [])]).toEqual(['b'])
    await eraseClerkDraft('8')
    expect(await readClerkDraft('8', Note)).toBeUndefined()
    expect((await readClerkDraft('7', Note))?.value).toEqual({ text: 'Seven', files: ['a'] })
  })

  it('writes a file once, and removes the files the draft no longer names', async () => {
    let written = 0
    localDb.clerkFiles.hook('creating', () => void (written += 1))
    localDb.clerkFiles.hook('updating', () => void (written += 1))
    await keepClerkDraft('7', [{ id: 'a', blob: blob('one') }, { id: 'b', blob: blob('two') }], note('v1'))
    await keepClerkDraft('7', [{ id: 'a', blob: blob('one') }, { id: 'b', blob: blob('two') }], note('v2'))
    expect(written).toBe(2)
    await keepClerkDraft('7', [{ id: 'b', blob: blob('two') }], note('v3'))
    expect(await localDb.clerkFiles.where('clerk').equals('7').primaryKeys()).toEqual([['7', 'b']])
  })

  it('leaves out a file that will not fit, and keeps the rest', async () => {
    const files = [{ id: 'small', blob: blob('s') }, { id: 'large', blob: blob('l'.repeat(100)) }]
    expect(await keepClerkDraft('7', files, note('Flat 2'), (file) => file.blob.size < 50)).toEqual({ status: 'saved', notKept: ['large'] })
    expect((await readClerkDraft('7', Note))?.value).toEqual({ text: 'Flat 2', files: ['small'] })
  })

  it('leaves out a file the device refuses for lack of room (QuotaExceededError)', async () => {
    localDb.clerkFiles.hook('creating', (_, file) => {
      if (file.fileId === 'large') throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const files = [{ id: 'small', blob: blob('s') }, { id: 'large', blob: blob('l') }]
    expect(await keepClerkDraft('7', files, note('Flat 2'))).toEqual({ status: 'saved', notKept: ['large'] })
    expect((await readClerkDraft('7', Note))?.value).toEqual({ text: 'Flat 2', files: ['small'] })
  })

  it('says the device is full when even the draft does not fit, and keeps the draft saved before', async () => {
    await keepClerkDraft('7', [], note('Before'))
    localDb.clerkDrafts.hook('updating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    expect(await keepClerkDraft('7', [], note('After'))).toEqual({ status: 'full', notKept: [] })
    expect((await readClerkDraft('7', Note))?.value).toEqual({ text: 'Before', files: [] })
  })

  it('treats a draft that fails its schema, or a file that is not a Blob, as absent, and erases it', async () => {
    await keepClerkDraft('7', [], () => ({ text: 42 }))
    expect(await readClerkDraft('7', Note)).toBeUndefined()
    expect(await localDb.clerkDrafts.count()).toBe(0)

    await keepClerkDraft('7', [{ id: 'a', blob: 'not a blob' as unknown as Blob }], note('Flat 2'))
    expect(await readClerkDraft('7', Note)).toBeUndefined()
    expect(await localDb.clerkFiles.count()).toBe(0)
  })
})

describe('the clerk', () => {
  it('is the token’s subject; forgetCurrentClerk erases that clerk’s draft only', async () => {
    await keepClerkDraft('7', [{ id: 'a', blob: blob('seven') }], note('Seven'))
    await keepClerkDraft('8', [], note('Eight'))
    saveSession(tokenFor('7'), 'CLERK')
    expect(currentClerk()).toBe('7')
    await forgetCurrentClerk()
    expect(await readClerkDraft('7', Note)).toBeUndefined()
    expect(await localDb.clerkFiles.count()).toBe(0)
    expect((await readClerkDraft('8', Note))?.value).toEqual({ text: 'Eight', files: [] })
  })
})

describe('isBlob', () => {
  it('knows a Blob of any realm, and nothing else', () => {
    expect(isBlob(blob('x'))).toBe(true)
    expect(isBlob(new File(['x'], 'x.mp3'))).toBe(true)
    expect(isBlob({ size: 1, type: '' })).toBe(false)
    expect(isBlob(null)).toBe(false)
  })
})
