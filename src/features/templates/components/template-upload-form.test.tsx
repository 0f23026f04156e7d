import { fireEvent, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aFile, aTemplate, heldReply, renderPage, setUpFakeApi, type FakeReply } from './templates-test-kit'
import { TemplateManagement } from './template-management'

const api = setUpFakeApi()

async function renderForm(options?: { applyAccept?: boolean }) {
  const rendered = renderPage(<TemplateManagement />, options)
  // Uploads open once the allowed types and the (empty) list are known.
  await screen.findByText(/^Accepted file types/)
  await screen.findByText(/^No template has been added yet/)
  return rendered
}

const nameField = () => screen.getByRole('textbox', { name: /^Template Name/ })
const fileField = () => screen.getByLabelText<HTMLInputElement>(/^Template File/)
const uploadButton = () => screen.getByRole('button', { name: 'Upload' })
const uploads = () => api.requests.filter((request) => request.method === 'POST')

describe('TemplateUploadForm', () => {
  it('asks for a template name and a file, and sends nothing', async () => {
    const { user } = await renderForm()
    await user.click(uploadButton())
    const alerts = screen.getAllByRole('alert')
    expect(alerts.map((alert) => alert.textContent)).toEqual(['Please enter a template name', 'Please select a file to upload'])
    expect(nameField()).toHaveAttribute('aria-invalid', 'true')
    expect(nameField()).toHaveFocus()
    expect(uploads()).toHaveLength(0)
  })

  it('takes a name of spaces as no name', async () => {
    const { user } = await renderForm()
    await user.type(nameField(), '   ')
    await user.upload(fileField(), aFile('report.docx'))
    await user.click(uploadButton())
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please enter a template name$/)
    expect(uploads()).toHaveLength(0)
  })

  it('asks for a file when only the name is given, and moves focus to the picker', async () => {
    const { user } = await renderForm()
    await user.type(nameField(), 'Inventory')
    await user.click(uploadButton())
    expect(screen.getByRole('alert')).toHaveTextContent(/^Please select a file to upload$/)
    expect(fileField()).toHaveFocus()
    expect(uploads()).toHaveLength(0)
  })

  it('refuses a file of a type that is not allowed as soon as it is picked, and on Upload', async () => {
    const { user } = await renderForm({ applyAccept: false })
    await user.type(nameField(), 'Inventory')
    await user.upload(fileField(), aFile('notes.exe'))
    expect(screen.getByRole('alert')).toHaveTextContent(/^Only doc, docx, odt, pdf, rtf, txt files are allowed$/)
    await user.click(uploadButton())
    expect(screen.getByRole('alert')).toHaveTextContent(/^Only doc, docx, odt, pdf, rtf, txt files are allowed$/)
    expect(uploads()).toHaveLength(0)
  })

  it('refuses a file without an extension', async () => {
    const { user } = await renderForm({ applyAccept: false })
    await user.upload(fileField(), aFile('README'))
    expect(screen.getByRole('alert')).toHaveTextContent(/^Only doc, docx, odt, pdf, rtf, txt files are allowed$/)
  })

  it('accepts an allowed extension in any case', async () => {
    const { user } = await renderForm({ applyAccept: false })
    await user.upload(fileField(), aFile('REPORT.DOCX'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('refuses a file over 20 MB before sending it', async () => {
    const { user } = await renderForm()
    await user.type(nameField(), 'Inventory')
    await user.upload(fileField(), aFile('big.pdf', 20 * 1024 * 1024 + 1))
    expect(screen.getByRole('alert')).toHaveTextContent(/^The template is larger than 20 MB\.$/)
    await user.click(uploadButton())
    expect(uploads()).toHaveLength(0)
  })

  it('uploads the name and the file as multipart, confirms, resets the form and shows the new template', async () => {
    api.answer('POST /clerk-template/create/', async () => {
      api.answer('GET /clerk-template', { status: 200, body: [{ id: 3, template_name: 'Inventory', template_file: 'clerks/c1/templates/t9/report.docx' }] })
      return { status: 200, body: { message: 'Template uploaded successfully', success: true } }
    })
    const { user } = await renderForm()
    const file = aFile('report.docx')
    await user.type(nameField(), '  Inventory ')
    await user.upload(fileField(), file)
    await user.click(uploadButton())

    expect(await screen.findByText('Template uploaded successfully')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(/^Template uploaded successfully$/)
    const [upload] = uploads()
    expect(upload?.url).toBe('/api/clerk-template/create/')
    expect(upload?.method).toBe('POST')
    expect(upload?.authorization).toBe('Bearer test-token')
    const form = upload?.body as FormData
    expect(form).toBeInstanceOf(FormData)
    expect(form.get('template_name')).toBe('Inventory')
    expect((form.get('template_file') as File).name).toBe('report.docx')
    expect([...form.keys()].sort()).toEqual(['template_file', 'template_name'])

    expect(await screen.findByText('report.docx')).toBeInTheDocument()
    expect(nameField()).toHaveValue('')
    expect(fileField().files).toHaveLength(0)
    expect(screen.getByText('To add a new template, remove the existing one first.')).toBeInTheDocument()
    expect(uploadButton()).toBeDisabled()
  })

  it('reads Uploading... and blocks a second upload while it waits', async () => {
    const held = heldReply({ status: 200, body: { message: 'Template uploaded successfully', success: true } })
    api.answer('POST /clerk-template/create/', held.promise)
    const { user } = await renderForm()
    await user.type(nameField(), 'Inventory')
    await user.upload(fileField(), aFile('report.pdf'))
    await user.click(uploadButton())
    const busy = await screen.findByRole('button', { name: 'Uploading...' })
    expect(busy).toHaveAttribute('aria-disabled', 'true')
    expect(nameField()).toBeDisabled()
    await user.click(busy)
    expect(uploads()).toHaveLength(1)
    held.release()
    expect(await screen.findByText('Template uploaded successfully')).toBeInTheDocument()
  })

  it.each<[string, string, FakeReply]>([
    ['409', 'Template already exists. Remove it and add a new one', { status: 409, body: { detail: 'Template already exists. Remove it and add a new one' } }],
    ['400', 'Only doc, docx, odt, pdf, rtf, txt files are allowed', { status: 400, body: { detail: 'Only doc, docx, odt, pdf, rtf, txt files are allowed' } }],
    ['413', 'The template is larger than 20 MB.', { status: 413, body: { detail: 'The template is larger than 20 MB.' } }],
    ['500 without words', 'Failed to upload template', { status: 500 }],
    ['no answer', 'Failed to upload template', 'network'],
    ['an answer without success', 'Could not store the template', { status: 200, body: { success: false, message: 'Could not store the template' } }],
    ['an answer without success or words', 'Failed to upload template', { status: 200, body: { success: false } }],
  ])('shows a failed upload (%s) as "%s" and keeps what was entered', async (_, shown, reply) => {
    api.answer('POST /clerk-template/create/', reply)
    const { user } = await renderForm()
    await user.type(nameField(), 'Inventory')
    await user.upload(fileField(), aFile('report.docx'))
    await user.click(uploadButton())
    expect(await screen.findByRole('alert')).toHaveTextContent(new RegExp(`^${shown.replace(/\./g, '\\.')}$`))
    expect(screen.getByRole('status')).toHaveTextContent(/^$/)
    expect(nameField()).toHaveValue('Inventory')
    expect(uploadButton()).toBeEnabled()
  })

  it('after a 409 reads the list again, so the form locks onto the template that exists', async () => {
    api.answer('POST /clerk-template/create/', async () => {
      api.answer('GET /clerk-template', { status: 200, body: [aTemplate] })
      return { status: 409, body: { detail: 'Template already exists. Remove it and add a new one' } }
    })
    const { user } = await renderForm()
    await user.type(nameField(), 'Inventory')
    await user.upload(fileField(), aFile('report.docx'))
    await user.click(uploadButton())
    expect(await screen.findByText('To add a new template, remove the existing one first.')).toBeInTheDocument()
    expect(screen.getByText('Check-in report')).toBeInTheDocument()
    expect(screen.getByRole('alert')).toHaveTextContent('Template already exists. Remove it and add a new one')
  })

  it('clears a field’s message once the field is changed', async () => {
    const { user } = await renderForm()
    await user.click(uploadButton())
    await user.type(nameField(), 'I')
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Please select a file to upload'])
    await user.upload(fileField(), aFile('report.txt'))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  // The same drag-and-drop zone as Create Job's files (src/components/file-drop-zone.tsx).
  it('takes a file dropped on its zone, names it with a Remove button, and uploads it', async () => {
    api.answer('POST /clerk-template/create/', { status: 200, body: { message: 'Template uploaded successfully', success: true } })
    const { user } = await renderForm()
    const zoneText = screen.getByText('Drag and drop a file here, or')
    const dropped = { dataTransfer: { types: ['Files'], files: [aFile('inspection.docx')], dropEffect: 'none' } }
    fireEvent.dragEnter(zoneText, dropped)
    expect(screen.getByText('Drop the file to add it')).toBeInTheDocument()
    fireEvent.drop(zoneText, dropped)
    expect(screen.getByText('inspection.docx')).toBeInTheDocument()

    // Removed, it is no longer chosen; dropped again, it is sent.
    await user.click(screen.getByRole('button', { name: 'Remove inspection.docx' }))
    expect(screen.queryByText('inspection.docx')).not.toBeInTheDocument()
    fireEvent.drop(screen.getByText('Drag and drop a file here, or'), dropped)
    await user.type(nameField(), 'Inventory')
    await user.click(uploadButton())
    expect(await screen.findByText('Template uploaded successfully')).toBeInTheDocument()
    expect(((uploads()[0]?.body as FormData).get('template_file') as File).name).toBe('inspection.docx')
  })

  it('refuses a dropped file of a type that is not allowed, in the spec\'s words', async () => {
    await renderForm()
    fireEvent.drop(screen.getByText('Drag and drop a file here, or'), { dataTransfer: { types: ['Files'], files: [aFile('notes.exe')], dropEffect: 'none' } })
    expect(screen.getByRole('alert')).toHaveTextContent(/^Only doc, docx, odt, pdf, rtf, txt files are allowed$/)
    expect(fileField()).toHaveAttribute('aria-invalid', 'true')
  })
})
