// Every audio type the seed allows has a content check: a real recording of that type passes, and a
// text file or another format renamed to it is refused (issue 10: without audio signatures every
// recording was refused as "content").
import { describe, expect, it } from 'vitest'
import { SEED_ALLOWED_FILE_TYPES } from '../../src/db/seed-data.ts'
import { contentMatchesExtension } from '../../src/uploads/file-signatures.ts'
import { AUDIO_SAMPLES, MORE_AUDIO_SAMPLES } from '../support/audio-samples.ts'

const head = (file: Buffer) => file.subarray(0, 4096)
const TEXT = Buffer.from('Kitchen: worktops clean; oven cleaned to a professional standard.\n')
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(64)])

describe('audio content checks', () => {
  it('passes a real file of every audio type the seed allows', () => {
    const verdicts = SEED_ALLOWED_FILE_TYPES.audio.map((extension) => [extension, AUDIO_SAMPLES[extension] ? contentMatchesExtension(extension, head(AUDIO_SAMPLES[extension])) : 'no sample'])
    expect(verdicts).toEqual(SEED_ALLOWED_FILE_TYPES.audio.map((extension) => [extension, true]))
  })

  it.each(MORE_AUDIO_SAMPLES)('passes %s: %s', (extension, _what, file) => {
    expect(contentMatchesExtension(extension, head(file))).toBe(true)
  })

  it('refuses a renamed text file, an executable and an empty file as every audio type', () => {
    for (const extension of SEED_ALLOWED_FILE_TYPES.audio) {
      expect({ extension, text: contentMatchesExtension(extension, TEXT), exe: contentMatchesExtension(extension, EXE), empty: contentMatchesExtension(extension, Buffer.alloc(0)) }).toEqual({
        extension,
        text: false,
        exe: false,
        empty: false,
      })
    }
  })

  it('tells apart formats that begin alike', () => {
    // An ADTS (AAC) frame is not an MP3 frame, nor the reverse; a RIFF file that is not WAVE is not a WAV.
    expect(contentMatchesExtension('mp3', head(AUDIO_SAMPLES.aac!))).toBe(false)
    expect(contentMatchesExtension('aac', head(AUDIO_SAMPLES.mp3!))).toBe(false)
    expect(contentMatchesExtension('wav', Buffer.from('RIFF\x24\x00\x00\x00AVI LIST', 'latin1'))).toBe(false)
    expect(contentMatchesExtension('wav', head(AUDIO_SAMPLES.flac!))).toBe(false)
    expect(contentMatchesExtension('webm', head(AUDIO_SAMPLES.ogg!))).toBe(false)
  })
})

describe('the allowed file types and the content checks', () => {
  it('has a content check for every extension the seed allows, in every category', () => {
    const unchecked = Object.values(SEED_ALLOWED_FILE_TYPES)
      .flat()
      .filter((extension) => !contentMatchesExtension(extension, head(AUDIO_SAMPLES[extension] ?? sampleOf(extension))))
    expect(unchecked).toEqual([])
  })
})

/** A file of a document or image type, by its signature (the checks' other half, tested in file-signatures.test.ts). */
function sampleOf(extension: string): Buffer {
  const zip = Buffer.from([0x50, 0x4b, 0x03, 0x04])
  const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])
  const samples: Record<string, Buffer> = {
    pdf: Buffer.from('%PDF-1.7\n'),
    doc: ole,
    xls: ole,
    docx: zip,
    xlsx: zip,
    odt: zip,
    rtf: Buffer.from('{\\rtf1\\ansi'),
    txt: TEXT,
    csv: Buffer.from('meter,reading\nGas,01873\n'),
    jpg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    jpeg: Buffer.from([0xff, 0xd8, 0xff, 0xe0]),
    png: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    heic: Buffer.from('\x00\x00\x00\x18ftypheic', 'latin1'),
  }
  return samples[extension] ?? Buffer.alloc(0)
}
