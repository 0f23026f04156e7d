// The content check by extension: an extension that names an inherited property of a plain object
// (a file called "report.constructor") must not find one and pass as a known format.
import { describe, expect, it } from 'vitest'
import { contentMatchesExtension } from './file-signatures.ts'

describe('contentMatchesExtension', () => {
  it('knows its formats', () => {
    expect(contentMatchesExtension('txt', Buffer.from('Kitchen: clean.\n'))).toBe(true)
    expect(contentMatchesExtension('pdf', Buffer.from('%PDF-1.7'))).toBe(true)
    expect(contentMatchesExtension('pdf', Buffer.from('Kitchen'))).toBe(false)
  })

  it('refuses extensions that are names of inherited object properties', () => {
    for (const extension of ['constructor', 'toString', '__proto__', 'hasOwnProperty', 'valueOf']) {
      expect({ extension, matches: contentMatchesExtension(extension, Buffer.from('Kitchen: clean.\n')) }).toEqual({ extension, matches: false })
    }
  })
})
