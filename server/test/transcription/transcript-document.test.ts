// The transcript documents an AI job delivers: the Word document (opened as Word does, from its zip)
// and the plain-text copy hold the heading and every segment with its [mm:ss] time.
import { execFile } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { timeMark, transcriptDocx, transcriptText, type TranscriptHeading } from '../../src/transcription/transcript-document.ts'

const HEADING: TranscriptHeading = { propertyAddress: '12 Mill Lane, York YO1 7HH', reportType: 'Check In', jobId: 4821, date: new Date('2026-11-28T09:30:00Z') }
const SEGMENTS = [
  { start: 0, end: 4.2, text: 'Front door, white uPVC, good condition.' },
  { start: 65.9, end: 70, text: 'Kitchen: the tap drips & the window is cracked.' },
  { start: 4503.2, end: 4510, text: 'Loft hatch <sealed>.' },
]

describe('the transcript documents', () => {
  let folder: string
  beforeAll(async () => (folder = await mkdtemp(path.join(tmpdir(), 'transcript-'))))
  afterAll(() => rm(folder, { recursive: true, force: true }))

  it('marks times as [mm:ss], minutes counting on past the hour', () => {
    expect([0, 59.99, 65.9, 4503.2].map(timeMark)).toEqual(['[00:00]', '[00:59]', '[01:05]', '[75:03]'])
  })

  it('writes the plain-text copy: the heading, then one timed line per segment', () => {
    expect(transcriptText(HEADING, SEGMENTS)).toBe(
      [
        'Transcript: 12 Mill Lane, York YO1 7HH',
        'Report type: Check In',
        'Job ID: 4821',
        'Date: 28 November 2026',
        '',
        '[00:00] Front door, white uPVC, good condition.',
        '[01:05] Kitchen: the tap drips & the window is cracked.',
        '[75:03] Loft hatch <sealed>.',
        '',
      ].join('\n'),
    )
  })

  it('builds a Word document whose body holds the heading and the timed words', async () => {
    const file = path.join(folder, 'transcript.docx')
    await writeFile(file, await transcriptDocx(HEADING, SEGMENTS))
    const { stdout: xml } = await promisify(execFile)('unzip', ['-p', file, 'word/document.xml'], { maxBuffer: 10 * 1024 * 1024 })
    // The words Word shows, paragraph by paragraph: the text of each w:p's runs.
    const paragraphs = [...xml.matchAll(/<w:p\/>|<w:p(?: [^>]*)?>.*?<\/w:p>/gs)].map(([p]) =>
      [...p.matchAll(/<w:t[^>]*>([^<]*)<\/w:t>/g)].map(([, text]) => text).join(''),
    )
    expect(paragraphs).toEqual([
      'Transcript: 12 Mill Lane, York YO1 7HH',
      'Report type: Check In',
      'Job ID: 4821',
      'Date: 28 November 2026',
      '',
      '[00:00] Front door, white uPVC, good condition.',
      '[01:05] Kitchen: the tap drips &amp; the window is cracked.',
      '[75:03] Loft hatch &lt;sealed&gt;.',
    ])
    expect(xml).toMatch(/<w:pStyle w:val="Heading1"\/>/)
  })
})
