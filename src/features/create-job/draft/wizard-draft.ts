// The Create Job wizard's whole state as one serialisable draft (portal-spec.md §2, §4): the fields,
// the step, the choices, the files and the folder token of the calculated cost. Plain data and
// File/Blob only, no functions or class instances, so that it is kept in IndexedDB as it is, its files
// as Blobs (./kept-draft.ts), across reloads and lost connections. It is
// changed only through wizardReducer (./wizard-reducer.ts) and owned by useWizardDraft (./use-wizard-draft.ts).
import type { CalculateCostResponse } from '@contract/create-job.ts'

/** 1 General Info, 2 Cost, 3 Documents, 4 Job Summary. */
export type WizardStep = 1 | 2 | 3 | 4

/** AI Only Transcription, or Manual or Human Transcription. */
export type TranscriptionMode = 'ai' | 'human'

export type TemplateChoice = 'default' | 'custom'

/** A file the clerk chose; `id` is stable for the file's life in the draft (React keys, removal). */
export interface DraftFile {
  id: string
  file: Blob
  name: string
  size: number
  type: string
}

/** The priced option the job is submitted with. `hours` is null for AI (shown as "Priority"). */
export interface ChosenOption {
  jobTypeId: number
  jobTypeName: string
  slaSlotId: number
  slaSlotName: string
  hours: number | null
  cost: number
}

export interface WizardDraft {
  /** The draft's shape; a kept draft of another version is dropped when read (./kept-draft.ts). */
  version: 1
  step: WizardStep
  propertyAddress: string
  reportTypeId: number | null
  audioFiles: DraftFile[]
  /** The server's cost answer for exactly these audio files and report type; null until calculated. */
  cost: CalculateCostResponse | null
  mode: TranscriptionMode
  option: ChosenOption | null
  templateChoice: TemplateChoice
  customTemplate: DraftFile | null
  supportFiles: DraftFile[]
  remarks: string
  /** "transcript quality depends on the input audio" */
  qualityAccepted: boolean
  /** "credits are not refundable after submit" */
  noRefundAccepted: boolean
  /** The Idempotency-Key of the current submission attempt, kept for its retries; null before one. */
  submissionKey: string | null
}

export function emptyDraft(): WizardDraft {
  return {
    version: 1,
    step: 1,
    propertyAddress: '',
    reportTypeId: null,
    audioFiles: [],
    cost: null,
    mode: 'ai',
    option: null,
    templateChoice: 'default',
    customTemplate: null,
    supportFiles: [],
    remarks: '',
    qualityAccepted: false,
    noRefundAccepted: false,
    submissionKey: null,
  }
}

/** A chosen file as the draft keeps it. The id is made here, outside the reducer, which stays pure. */
export function draftFile(file: File, id: string): DraftFile {
  return { id, file, name: file.name, size: file.size, type: file.type }
}

/**
 * portal-spec.md §4, dirty flag: any of address, audio, template, additional files, remarks or either
 * checkbox filled. The report type and the choices on step 2 have defaults, so they do not count.
 */
export function isDraftDirty(draft: WizardDraft): boolean {
  return (
    draft.propertyAddress.trim() !== '' ||
    draft.audioFiles.length > 0 ||
    draft.customTemplate !== null ||
    draft.supportFiles.length > 0 ||
    draft.remarks.trim() !== '' ||
    draft.qualityAccepted ||
    draft.noRefundAccepted
  )
}
