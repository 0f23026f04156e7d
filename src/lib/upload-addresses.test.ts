// The upload store: a draft file's tus address is kept on the file's record, read back, cleared, and
// goes with the file when the draft drops it or is erased.
import { Blob as NodeBlob } from 'node:buffer'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { eraseClerkDraft, keepClerkDraft, readClerkDraft } from './clerk-drafts'
import { clearUploadAddress, keepUploadAddress, readUploadAddress } from './upload-addresses'

const blob = (text: string) => new NodeBlob([text]) as unknown as Blob
const Note = Type.Object({ files: Type.Array(Type.String()) })
const note = (kept: ReadonlySet<string>) => ({ files: [...kept] })
const address = 'http://localhost/api/uploads/0f1e2d'

describe('upload addresses', () => {
  it('keeps the address of a file the draft already holds, and the draft reads back as before', async () => {
    await keepClerkDraft('7', [{ id: 'a', blob: blob('kitchen') }], note)
    await keepUploadAddress('7', { id: 'a', blob: blob('kitchen') }, address)
    expect(await readUploadAddress('7', 'a')).toBe(address)
    const kept = await readClerkDraft('7', Note)
    expect(await kept?.files.get('a')?.text()).toBe('kitchen')
  })

  it('keeps the address of a file chosen before the draft was saved, and the next save keeps both', async () => {
    await keepUploadAddress('7', { id: 'a', blob: blob('hall') }, address)
    await keepClerkDraft('7', [{ id: 'a', blob: blob('hall') }], note)
    expect(await readUploadAddress('7', 'a')).toBe(address)
    expect(await (await readClerkDraft('7', Note))?.files.get('a')?.text()).toBe('hall')
  })

  it('is kept per clerk', async () => {
    await keepUploadAddress('7', { id: 'a', blob: blob('x') }, address)
    expect(await readUploadAddress('8', 'a')).toBeUndefined()
  })

  it('clears the address and keeps the file', async () => {
    await keepClerkDraft('7', [{ id: 'a', blob: blob('loft') }], note)
    await keepUploadAddress('7', { id: 'a', blob: blob('loft') }, address)
    await clearUploadAddress('7', 'a')
    expect(await readUploadAddress('7', 'a')).toBeUndefined()
    expect(await (await readClerkDraft('7', Note))?.files.get('a')?.text()).toBe('loft')
  })

  it('goes with the file when the draft no longer names it, and with the erased draft', async () => {
    await keepClerkDraft('7', [{ id: 'a', blob: blob('a') }, { id: 'b', blob: blob('b') }], note)
    await keepUploadAddress('7', { id: 'a', blob: blob('a') }, address)
    await keepUploadAddress('7', { id: 'b', blob: blob('b') }, `${address}b`)
    await keepClerkDraft('7', [{ id: 'b', blob: blob('b') }], note)
    expect(await readUploadAddress('7', 'a')).toBeUndefined()
    expect(await readUploadAddress('7', 'b')).toBe(`${address}b`)
    await eraseClerkDraft('7')
    expect(await readUploadAddress('7', 'b')).toBeUndefined()
  })
})
