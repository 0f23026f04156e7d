// A draft restored past step 1 (kept on the device; restoring it is the draft store's work, stood in
// for here by a draft handed to the wizard's draft hook) asks once whether the server still holds its
// folder: expired or gone, the clerk is back on step 1 with the server's words and everything kept; a
// folder that stands leaves the draft where it was.
import { useReducer } from 'react'
import { screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { draftFile, emptyDraft, isDraftDirty, type WizardDraft } from '../draft/wizard-draft'
import type * as WizardDraftHook from '../draft/use-wizard-draft'
import { wizardReducer } from '../draft/wizard-reducer'
import { audioFile, costAnswer, renderWizard, setUpCreateJobApi } from '../testing/create-job-test-kit'

const restored = vi.hoisted(() => ({ draft: null as WizardDraft | null }))

// The wizard's own draft hook, its draft starting as `restored.draft` (whatever else the hook gives is kept).
vi.mock('../draft/use-wizard-draft', async (importOriginal) => {
  const actual = await importOriginal<typeof WizardDraftHook>()
  return {
    ...actual,
    useWizardDraft: () => {
      const original = actual.useWizardDraft()
      const [draft, dispatch] = useReducer(wizardReducer, undefined, () => restored.draft ?? emptyDraft())
      return { ...original, draft, dispatch, dirty: isDraftDirty(draft) }
    },
  }
})

const api = setUpCreateJobApi()

/** A human job left on step 3 (Documents) with its cost calculated yesterday. */
function draftOnDocuments(): WizardDraft {
  return {
    ...emptyDraft(),
    step: 3,
    propertyAddress: '14 Willow Crescent, Harrogate',
    reportTypeId: 4,
    audioFiles: [draftFile(audioFile(), 'audio-1')],
    cost: costAnswer(),
    mode: 'human',
    option: { jobTypeId: 3, jobTypeName: 'Human', slaSlotId: 3, slaSlotName: '48 Hours', hours: 48, cost: 4.2 },
  }
}

describe('Create Job: a draft restored past step 1', () => {
  it('goes back to step 1 with the server’s words and everything kept when its folder expired', async () => {
    restored.draft = draftOnDocuments()
    const expired = 'The uploaded audio has expired. Please upload it again and calculate the cost again.'
    api.answer('GET', '/clerk/calculate-cost/folder-token-1', { status: 410, body: { detail: expired, code: 'folder_expired' } })
    renderWizard({ templateName: 'Check-in report' })
    expect(await screen.findByRole('heading', { level: 2, name: 'General Info' })).toBeInTheDocument()
    expect(screen.getByText(expired)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    expect(screen.getByRole('button', { name: 'Remove kitchen.mp3' })).toBeInTheDocument()
    expect(api.seen('POST', '/clerk/calculate-cost')).toHaveLength(0)
  })

  it('says the same when the server no longer knows the folder (404)', async () => {
    restored.draft = draftOnDocuments()
    api.answer('GET', '/clerk/calculate-cost/folder-token-1', { status: 404, body: { detail: 'Not found', code: 'not_found' } })
    renderWizard({ templateName: 'Check-in report' })
    expect(await screen.findByRole('heading', { level: 2, name: 'General Info' })).toBeInTheDocument()
    expect(screen.getByText('The uploaded audio has expired. Please upload it again and calculate the cost again.')).toBeInTheDocument()
  })

  it('stays where it was when the folder stands, having asked once', async () => {
    restored.draft = draftOnDocuments()
    api.answer('GET', '/clerk/calculate-cost/folder-token-1', { status: 200, body: costAnswer() })
    const { user } = renderWizard({ templateName: 'Check-in report' })
    expect(screen.getByRole('heading', { level: 2, name: 'Documents' })).toBeInTheDocument()
    await vi.waitFor(() => expect(api.seen('GET', '/clerk/calculate-cost/folder-token-1')).toHaveLength(1))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Job Summary' })).toBeInTheDocument()
    expect(api.seen('GET', '/clerk/calculate-cost/folder-token-1')).toHaveLength(1)
  })
})
