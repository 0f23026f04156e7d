// Every change of the wizard's draft (portal-spec.md §4 wizard flow): pure functions of the draft and
// an action. Anything not pure (a file's id, an idempotency key, the AI option read from the lookups)
// is made by the caller and carried in the action, so the reducer can be tested on its own and the
// draft replayed or restored as data.
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { emptyDraft, isDraftDirty, type ChosenOption, type DraftFile, type TemplateChoice, type WizardDraft } from './wizard-draft'

export type WizardAction =
  | { type: 'setAddress'; text: string }
  | { type: 'setReportType'; id: number }
  | { type: 'addAudio'; files: DraftFile[] }
  | { type: 'removeAudio'; id: string }
  /** A new name for an audio file (a recording named after its room); the server sees this name. */
  | { type: 'renameAudio'; id: string; name: string }
  /** The server's answer for the audio files `fileIds` and `reportTypeId`; `aiOption` is what AI preselects. */
  | { type: 'costCalculated'; answer: CalculateCostResponse; fileIds: string[]; reportTypeId: number; aiOption: ChosenOption | null }
  /**
   * The server joined the recordings of the folder `from` into one (a new answer with one file); the
   * draft keeps its separate files. `option` is the same choice priced anew. Ignored when the draft
   * no longer holds the answer for `from` (its files changed meanwhile).
   */
  | { type: 'recordingsJoined'; answer: CalculateCostResponse; from: string; option: ChosenOption | null }
  /** Step 1's Next when the cost of these very files is still valid: no new upload. */
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'chooseAi'; aiOption: ChosenOption | null }
  | { type: 'chooseHuman' }
  | { type: 'selectOption'; option: ChosenOption }
  | { type: 'setTemplateChoice'; choice: TemplateChoice }
  | { type: 'setCustomTemplate'; file: DraftFile | null }
  | { type: 'addSupportFiles'; files: DraftFile[] }
  | { type: 'removeSupportFile'; id: string }
  | { type: 'setRemarks'; text: string }
  | { type: 'setQualityAccepted'; value: boolean }
  | { type: 'setNoRefundAccepted'; value: boolean }
  /** The server says the folder of measured audio expired: back to step 1 to upload it again. */
  | { type: 'costExpired' }
  /** Submit pressed: keeps the attempt's key if it has one (a retry), else takes `key`. */
  | { type: 'beginSubmission'; key: string }
  | { type: 'reset' }
  /** The draft kept on this device, read back when the wizard opens; ignored once the clerk has filled something in. */
  | { type: 'restore'; draft: WizardDraft }

export function wizardReducer(draft: WizardDraft, action: WizardAction): WizardDraft {
  switch (action.type) {
    case 'setAddress':
      return edited(draft, { propertyAddress: action.text })
    case 'setReportType':
      if (action.id === draft.reportTypeId) return draft
      return withoutCost(edited(draft, { reportTypeId: action.id }))
    case 'addAudio':
      return withoutCost(edited(draft, { audioFiles: [...draft.audioFiles, ...action.files] }))
    case 'removeAudio':
      return withoutCost(edited(draft, { audioFiles: draft.audioFiles.filter((file) => file.id !== action.id) }))
    case 'renameAudio':
      if (!draft.audioFiles.some((file) => file.id === action.id && file.name !== action.name)) return draft
      // The priced answer names the old file name (and its folder holds it): priced again.
      return withoutCost(edited(draft, { audioFiles: draft.audioFiles.map((file) => (file.id === action.id ? { ...file, name: action.name } : file)) }))
    case 'costCalculated':
      return costCalculated(draft, action)
    case 'recordingsJoined':
      if (draft.cost?.folder_token !== action.from) return draft
      return edited(draft, { cost: action.answer, option: action.option })
    case 'next':
      return { ...draft, step: nextStep(draft) }
    case 'back':
      return { ...draft, step: previousStep(draft) }
    case 'chooseAi':
      return edited(draft, { mode: 'ai', option: action.aiOption })
    case 'chooseHuman':
      return edited(draft, { mode: 'human', option: null })
    case 'selectOption':
      return edited(draft, { mode: 'human', option: action.option })
    case 'setTemplateChoice':
      return edited(draft, { templateChoice: action.choice })
    case 'setCustomTemplate':
      return edited(draft, { customTemplate: action.file })
    case 'addSupportFiles':
      return edited(draft, { supportFiles: [...draft.supportFiles, ...action.files] })
    case 'removeSupportFile':
      return edited(draft, { supportFiles: draft.supportFiles.filter((file) => file.id !== action.id) })
    case 'setRemarks':
      return edited(draft, { remarks: action.text })
    case 'setQualityAccepted':
      return { ...draft, qualityAccepted: action.value }
    case 'setNoRefundAccepted':
      return { ...draft, noRefundAccepted: action.value }
    case 'costExpired':
      return withoutCost(edited(draft, {}))
    case 'beginSubmission':
      return draft.submissionKey ? draft : { ...draft, submissionKey: action.key }
    case 'reset':
      return emptyDraft()
    case 'restore':
      return isDraftDirty(draft) ? draft : action.draft
  }
}

/**
 * A change of what is sent: a submission key made for the old content no longer names this request
 * (the server would refuse the same key with other details), so the next Submit makes a new one.
 */
function edited(draft: WizardDraft, change: Partial<WizardDraft>): WizardDraft {
  return { ...draft, ...change, submissionKey: null }
}

/** The audio or the report type changed: the cost and its folder no longer describe the job. */
function withoutCost(draft: WizardDraft): WizardDraft {
  if (!draft.cost && !draft.option) return draft
  return { ...draft, cost: null, option: null, step: 1 }
}

function costCalculated(draft: WizardDraft, action: Extract<WizardAction, { type: 'costCalculated' }>): WizardDraft {
  // An answer for files or a report type that changed meanwhile describes another job.
  const ids = draft.audioFiles.map((file) => file.id)
  if (action.reportTypeId !== draft.reportTypeId || ids.length !== action.fileIds.length || ids.some((id, index) => id !== action.fileIds[index])) return draft
  // AI takes one audio file: several files start on Manual or Human Transcription (unless the answer
  // is of the files joined into one, kept from before step 1 was seen again).
  const mode = action.answer.audio_files.length > 1 ? 'human' : draft.mode
  return edited(draft, { cost: action.answer, mode, option: mode === 'ai' ? action.aiOption : null, step: 2 })
}

function nextStep(draft: WizardDraft): WizardDraft['step'] {
  switch (draft.step) {
    case 1:
      return draft.cost ? 2 : 1
    case 2:
      if (!draft.option) return 2
      return draft.mode === 'ai' ? 4 : 3
    default:
      return 4
  }
}

function previousStep(draft: WizardDraft): WizardDraft['step'] {
  switch (draft.step) {
    case 4:
      return draft.mode === 'ai' ? 2 : 3
    case 3:
      return 2
    default:
      return 1
  }
}
