import { useReducer } from 'react'
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { renderWithPortal } from '@/test/fake-portal-api'
import { emptyDraft } from '../draft/wizard-draft'
import { wizardReducer } from '../draft/wizard-reducer'
import { fillGeneralInfo, renderWizard, setUpCreateJobApi, costAnswer, type WizardSetup } from '../testing/create-job-test-kit'
import { DocumentsStep } from './documents-step'

const api = setUpCreateJobApi()

async function openDocuments(setup: WizardSetup = {}) {
  api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
  const rendered = renderWizard(setup)
  const { user } = rendered
  await fillGeneralInfo(user)
  await user.click(screen.getByRole('button', { name: 'Next' }))
  await user.click(await screen.findByRole('radio', { name: 'Manual or Human Transcription' }))
  await user.click(screen.getByRole('radio', { name: 'Human, 24 Hours Standard: 4.80 credits' }))
  await user.click(screen.getByRole('button', { name: 'Next' }))
  expect(await screen.findByRole('heading', { level: 2, name: 'Documents' })).toHaveFocus()
  return rendered
}

describe('Create Job, step 3: Documents (human jobs)', () => {
  it('shows the default template’s name, and goes on to the summary with it', async () => {
    const { user } = await openDocuments({ templateName: 'Check-in report' })
    expect(screen.getByRole('radio', { name: 'Default template: Check-in report' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Job Summary' })).toBeInTheDocument()
  })

  it('says "No template available", and "Template is required. No default templates available." on Next', async () => {
    const { user } = await openDocuments()
    expect(screen.getByRole('radio', { name: 'Default template: No template available' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Template is required. No default templates available.')
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument()
  })

  it('never says there is no default template when the templates could not be read', async () => {
    const { user } = await openDocuments({ templatesFailed: true })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load templates. Please try again later.')
    expect(screen.queryByText('Template is required. No default templates available.')).not.toBeInTheDocument()
  })

  it('asks for the custom template’s file ("Template file is required"), refuses other types, and takes one', async () => {
    const { user } = await openDocuments()
    await user.click(screen.getByRole('radio', { name: 'Custom template' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(screen.getByRole('alert')).toHaveTextContent('Template file is required')
    await user.upload(screen.getByLabelText('Template file'), new File(['x'], 'report.odt'))
    expect(screen.getByText('“report.odt” cannot be added. Only docx, pdf files are allowed for templates.')).toBeInTheDocument()
    await user.upload(screen.getByLabelText('Template file'), new File(['x'], 'report.docx'))
    expect(screen.getByRole('button', { name: 'Remove report.docx' })).toBeInTheDocument()
    expect(screen.queryByText('Template file is required')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Job Summary' })).toBeInTheDocument()
  })

  it('takes additional files of the allowed types, with remove, and refuses others with the spec’s message', async () => {
    const { user } = await openDocuments({ templateName: 'Check-in report' })
    await user.upload(screen.getByLabelText('Additional files (optional)'), [new File(['x'], 'meter.jpg'), new File(['x'], 'notes.exe')])
    expect(screen.getByText('“notes.exe” cannot be added. Only pdf, jpg files are allowed for supporting documents.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Remove meter.jpg' }))
    expect(screen.queryByRole('button', { name: 'Remove meter.jpg' })).not.toBeInTheDocument()
  })
})

describe('DocumentsStep for an AI job', () => {
  it('disables every control with the note "Documents are not required"', async () => {
    function AiDocuments() {
      const [draft, dispatch] = useReducer(wizardReducer, { ...emptyDraft(), mode: 'ai' as const, audioFiles: [] })
      return <DocumentsStep draft={draft} dispatch={dispatch} headingRef={{ current: null }} template={{ name: 'Check-in report', failed: false }} templateError={null} onTemplateChanged={() => undefined} />
    }
    renderWithPortal(<AiDocuments />, { route: '/create-job' })
    expect(screen.getByText('Documents are not required')).toBeInTheDocument()
    expect(await screen.findByLabelText('Additional files (optional)')).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'Default template: Check-in report' })).toBeDisabled()
    expect(screen.getByRole('radio', { name: 'Custom template' })).toBeDisabled()
  })
})
