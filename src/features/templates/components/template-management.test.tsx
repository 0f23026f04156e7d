import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { aTemplate, renderPage, setUpFakeApi } from './templates-test-kit'
import { TemplateManagement } from './template-management'

const api = setUpFakeApi()

const renderTemplates = () => renderPage(<TemplateManagement />)

describe('TemplateManagement', () => {
  it('shows the page heading, the upload form and an empty list', async () => {
    renderTemplates()
    expect(screen.getByRole('heading', { level: 1, name: 'Template Management' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Upload a template' })).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 2, name: 'Your template' })).toBeInTheDocument()
    expect(await screen.findByText('No template has been added yet. Upload one with the form to use it as your default.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Template Name/ })).toBeEnabled()
    expect(await screen.findByRole('button', { name: 'Upload' })).toBeEnabled()
    expect(screen.getByLabelText(/^Template File/)).toBeEnabled()
    expect(screen.queryByText('To add a new template, remove the existing one first.')).not.toBeInTheDocument()
  })

  it('asks the server for the list and the allowed types with the session’s Bearer token', async () => {
    renderTemplates()
    await screen.findByText(/^No template has been added yet/)
    expect(api.requests.map(({ method, url }) => `${method} ${url}`).sort()).toEqual(['GET /api/clerk-template', 'GET /api/lookup/allowed-file-types'])
    expect(api.requests.every((request) => request.authorization === 'Bearer test-token')).toBe(true)
  })

  it('lets the file picker offer only the allowed template types, and lists them in a hint', async () => {
    renderTemplates()
    expect(await screen.findByText('Accepted file types: doc, docx, odt, pdf, rtf, txt. Up to 20 MB.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Template File/)).toHaveAttribute('accept', '.doc,.docx,.odt,.pdf,.rtf,.txt')
    expect(screen.getByLabelText(/^Template File/)).toHaveAttribute('type', 'file')
  })

  it('shows the template with its base file name, and download and delete buttons named after it', async () => {
    api.answer('GET /clerk-template', { status: 200, body: [aTemplate] })
    renderTemplates()
    const item = await screen.findByRole('listitem')
    expect(within(item).getByText('Check-in report')).toBeInTheDocument()
    expect(within(item).getByText('My Report #1.docx')).toBeInTheDocument()
    expect(within(item).getByRole('button', { name: 'Download template Check-in report' })).toBeEnabled()
    expect(within(item).getByRole('button', { name: 'Delete template Check-in report' })).toBeEnabled()
  })

  it('disables the form with the spec’s note while a template exists', async () => {
    api.answer('GET /clerk-template', { status: 200, body: [aTemplate] })
    renderTemplates()
    expect(await screen.findByText('To add a new template, remove the existing one first.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Template Name/ })).toBeDisabled()
    expect(screen.getByLabelText(/^Template File/)).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled()
  })

  it('says "Failed to load templates. Please try again later." when the list cannot be read', async () => {
    api.answer('GET /clerk-template', { status: 500, body: { detail: 'Something went wrong on our side. Please try again.' } })
    renderTemplates()
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load templates\. Please try again later\.$/)
    expect(screen.queryByRole('list')).not.toBeInTheDocument()
  })

  it('says the same when the server cannot be reached', async () => {
    api.answer('GET /clerk-template', 'network')
    renderTemplates()
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load templates\. Please try again later\.$/)
  })

  it('keeps uploads disabled when the allowed file types cannot be loaded, and tries again on request', async () => {
    api.answer('GET /lookup/allowed-file-types', { status: 500, body: {} })
    const { user } = renderTemplates()
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(/^Failed to load allowed file types\. Please try again\.Try again$/)
    expect(screen.getByText('Failed to load allowed file types. Please try again.')).toBeInTheDocument()
    expect(screen.getByLabelText(/^Template File/)).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled()

    api.answer('GET /lookup/allowed-file-types', { status: 200, body: { audio: [], template: ['docx', 'pdf'], support: [] } })
    await user.click(within(alert).getByRole('button', { name: 'Try again' }))
    expect(await screen.findByText('Accepted file types: docx, pdf. Up to 20 MB.')).toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    expect(screen.getByLabelText(/^Template File/)).toHaveAttribute('accept', '.docx,.pdf')
    expect(screen.getByRole('button', { name: 'Upload' })).toBeEnabled()
  })

  it('treats an empty list of template types as not loaded', async () => {
    api.answer('GET /lookup/allowed-file-types', { status: 200, body: { audio: ['mp3'], template: [], support: [] } })
    renderTemplates()
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to load allowed file types\. Please try again\./)
    expect(screen.getByRole('button', { name: 'Upload' })).toBeDisabled()
  })
})
