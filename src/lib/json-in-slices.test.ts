import { describe, expect, it } from 'vitest'
import { blobInSlices, jsonInSlices } from './json-in-slices'

const rows = (count: number) => Array.from({ length: count }, (_, at) => ({ id: at, address: `${at} Mill Lane, Leeds 🏠`, files: [`audio/${at}.wav`], note: at % 3 ? null : undefined }))

/** Whether a task queued before `work` started ran before `work` settled: it did if `work` gave the browser its thread back. */
async function tookTurns<T>(work: () => Promise<T>): Promise<{ result: T; otherTaskRan: boolean }> {
  let otherTaskRan = false
  setTimeout(() => (otherTaskRan = true), 0)
  return { result: await work(), otherTaskRan }
}

describe('jsonInSlices', () => {
  it.each([
    ['an object holding long arrays, nested', { buster: 'jobs-cache-3', queries: [{ data: { jobs: rows(25), etag: 'W/"1"' } }, { data: rows(7) }], mutations: [] }],
    ['a long array itself', rows(23)],
    ['an array holding long arrays', [rows(12), [1, 2], rows(11)]],
    ['items that JSON writes as null', [undefined, () => 1, ...rows(10), Symbol('s')]],
    ['no array longer than a slice', { jobs: rows(5), empty: [] }],
  ])('writes %s exactly as JSON.stringify does', async (_, value) => {
    expect(await jsonInSlices(value, 5)).toBe(JSON.stringify(value))
  })

  it('writes data holding text like its own placeholder as JSON.stringify does', async () => {
    const value = { note: '\u0000slices\u00000', jobs: rows(12), other: ['\u0000slices\u00001'] }
    expect(await jsonInSlices(value, 5)).toBe(JSON.stringify(value))
  })

  it('gives the browser its thread back between slices of a long array', async () => {
    const { result, otherTaskRan } = await tookTurns(() => jsonInSlices({ jobs: rows(12) }, 5))
    expect(result).toBe(JSON.stringify({ jobs: rows(12) }))
    expect(otherTaskRan).toBe(true)
  })

  it('writes a value with no long array at once', async () => {
    const { otherTaskRan } = await tookTurns(() => jsonInSlices({ jobs: rows(5) }, 5))
    expect(otherTaskRan).toBe(false)
  })
})

describe('blobInSlices', () => {
  it('keeps every character, a surrogate pair at a slice’s edge included, in a Blob of the type given', async () => {
    const text = 'ab🏠cd🏠🏠e'
    for (const charsPerSlice of [1, 2, 3, 4, 100]) {
      const blob = await blobInSlices(text, charsPerSlice, 'application/json')
      expect(await blob.text()).toBe(text)
      expect(blob.type).toBe('application/json')
    }
  })

  it('makes an empty Blob of an empty text', async () => {
    expect((await blobInSlices('', 4, 'application/json')).size).toBe(0)
  })

  it('gives the browser its thread back before each slice, the first too', async () => {
    expect((await tookTurns(() => blobInSlices('abcdefghij', 4, 'text/plain'))).otherTaskRan).toBe(true)
    expect((await tookTurns(() => blobInSlices('abcd', 4, 'text/plain'))).otherTaskRan).toBe(true)
  })
})
