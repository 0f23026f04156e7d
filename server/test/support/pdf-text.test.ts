// The test reader of PDF text, on a document pdfkit writes as the statement does: kerned words come
// back whole, WinAnsi characters as themselves, and each page's text on its own page.
import PDFDocument from 'pdfkit'
import { describe, expect, it } from 'vitest'
import { pdfPages, pdfText } from './pdf-text.ts'

async function pdf(draw: (doc: PDFKit.PDFDocument) => void): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 50 })
  draw(doc)
  doc.end()
  return Buffer.concat(await doc.toArray())
}

describe('reading the text of a PDF', () => {
  it('reads each page’s lines of text, kerned words and WinAnsi characters included', async () => {
    const bytes = await pdf((doc) => {
      doc.font('Helvetica').fontSize(12).text('AVAST! Wavy Toys cost £20.00 – “naïve” €5 …')
      doc.font('Helvetica-Bold').text('Total credits bought: 70.00')
      doc.addPage().font('Helvetica').text('Second page')
    })
    expect(pdfPages(bytes)).toEqual([['AVAST! Wavy Toys cost £20.00 – “naïve” €5 …', 'Total credits bought: 70.00'], ['Second page']])
    expect(pdfText(bytes)).toBe('AVAST! Wavy Toys cost £20.00 – “naïve” €5 …\nTotal credits bought: 70.00\nSecond page')
  })

  it('refuses bytes that are not a PDF it understands', () => {
    expect(() => pdfPages(Buffer.from('%PDF-1.7\nnothing here\n%%EOF'))).toThrow('no /Pages object')
  })
})
