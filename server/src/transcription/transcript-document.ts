// The transcript an AI job delivers, as a Word document and a plain-text copy (issue 26): a heading
// with the property address, report type, job id and date, then one paragraph per engine segment with
// its [mm:ss] time. Minutes keep counting past 59 ([75:03]), so every time has the one shape a clerk
// reads down the page. Pure: the caller stores the bytes.
import { Document, HeadingLevel, Packer, Paragraph, TextRun } from 'docx'
import type { TranscriptSegment } from './transcription-engine.ts'

export interface TranscriptHeading {
  propertyAddress: string
  reportType: string
  jobId: number
  /** The day the transcript is about (the job's date), shown as 28 November 2026. */
  date: Date
}

/** [mm:ss] of a time in seconds: whole seconds, minutes not wrapped at the hour. */
export function timeMark(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds))
  return `[${String(Math.floor(whole / 60)).padStart(2, '0')}:${String(whole % 60).padStart(2, '0')}]`
}

function headingLines(heading: TranscriptHeading): { title: string; facts: string[] } {
  const date = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(heading.date)
  return {
    title: `Transcript: ${heading.propertyAddress}`,
    facts: [`Report type: ${heading.reportType}`, `Job ID: ${heading.jobId}`, `Date: ${date}`],
  }
}

/** The plain-text copy: heading lines, a blank line, then one "[mm:ss] text" line per segment. */
export function transcriptText(heading: TranscriptHeading, segments: TranscriptSegment[]): string {
  const { title, facts } = headingLines(heading)
  return [title, ...facts, '', ...segments.map((segment) => `${timeMark(segment.start)} ${segment.text}`)].join('\n') + '\n'
}

/** The Word document (.docx): the title as Heading 1, the facts, then a paragraph per segment with its time in bold. */
export function transcriptDocx(heading: TranscriptHeading, segments: TranscriptSegment[]): Promise<Buffer> {
  const { title, facts } = headingLines(heading)
  const document = new Document({
    title,
    creator: 'InspectScribe',
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 }),
          ...facts.map((fact) => new Paragraph({ text: fact })),
          new Paragraph({ text: '' }),
          ...segments.map((segment) => new Paragraph({ children: [new TextRun({ text: timeMark(segment.start), bold: true }), new TextRun(` ${segment.text}`)] })),
        ],
      },
    ],
  })
  return Packer.toBuffer(document)
}
