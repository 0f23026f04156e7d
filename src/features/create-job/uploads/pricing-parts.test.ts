import { describe, expect, it } from 'vitest'
import type { DraftFile } from '../draft/wizard-draft'
import { pricingParts, uploadIdOf, type FileUpload } from './pricing-parts'

const file = (id: string): DraftFile => ({ id, file: new Blob([id]), name: `${id}.mp3`, size: 1, type: 'audio/mpeg' })
/** An upload made for `file(id)`, under the same name. */
const upload = (id: string, status: FileUpload['status'], url: string | null): FileUpload => ({ status, sent: 0, size: 1, url, name: `${id}.mp3` })

describe('pricingParts', () => {
  it('names each finished upload by its id, in the draft’s order, and sends every other file whole', () => {
    const files = [file('a'), file('b'), file('c'), file('d'), file('e')]
    const uploads = new Map([
      ['a', upload('a', 'done', 'http://localhost:5173/api/uploads/id-a')],
      ['b', upload('b', 'failed', 'http://localhost:5173/api/uploads/id-b')],
      ['c', upload('c', 'done', '/api/uploads/id-c')],
      ['d', upload('d', 'cancelled', null)],
    ])
    const parts = pricingParts(files, uploads)
    expect(parts.uploadIds).toEqual(['id-a', 'id-c'])
    expect(parts.uploadNames).toEqual(['a.mp3', 'c.mp3'])
    expect(parts.multipart.map((f) => f.id)).toEqual(['b', 'd', 'e'])
  })

  it('names a file renamed after its upload was created by its upload, under the name the clerk gave it', () => {
    const renamed = { ...file('a'), name: 'Kitchen and pantry.webm' }
    const uploads = new Map([['a', { ...upload('a', 'done', '/api/uploads/id-a'), name: 'Kitchen.webm' }]])
    expect(pricingParts([renamed], uploads)).toEqual({ uploadIds: ['id-a'], uploadNames: ['Kitchen and pantry.webm'], multipart: [] })
  })

  it('reads the id from the address’s last segment', () => {
    expect(uploadIdOf('https://portal.example/api/uploads/abc123/')).toBe('abc123')
    expect(uploadIdOf('/api/uploads/abc123?x=1')).toBe('abc123')
  })
})
