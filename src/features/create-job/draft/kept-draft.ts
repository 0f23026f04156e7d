// The wizard's draft as this device keeps it (src/lib/clerk-drafts.ts): the WizardDraft with each
// file's bytes set apart (they are stored once, as Blobs, by file id) and checked by KeptDraft when
// read. A kept draft that fails the check, or names a file that is not there, reads as absent.
import { Type, type Static } from 'typebox'
import { CalculateCostResponse } from '@contract/create-job.ts'
import { eraseClerkDraft, keepClerkDraft, readClerkDraft, type KeepResult } from '@/lib/clerk-drafts'
import type { DraftFile, WizardDraft } from './wizard-draft'

const KeptFile = Type.Object({ id: Type.String(), name: Type.String(), size: Type.Number(), type: Type.String() })

const ChosenOption = Type.Object({
  jobTypeId: Type.Number(),
  jobTypeName: Type.String(),
  slaSlotId: Type.Number(),
  slaSlotName: Type.String(),
  hours: Type.Union([Type.Number(), Type.Null()]),
  cost: Type.Number(),
})

/** WizardDraft version 1 without the files' bytes. A new WizardDraft version needs a new schema here. */
export const KeptDraft = Type.Object({
  version: Type.Literal(1),
  step: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
  propertyAddress: Type.String(),
  reportTypeId: Type.Union([Type.Number(), Type.Null()]),
  audioFiles: Type.Array(KeptFile),
  cost: Type.Union([CalculateCostResponse, Type.Null()]),
  mode: Type.Union([Type.Literal('ai'), Type.Literal('human')]),
  option: Type.Union([ChosenOption, Type.Null()]),
  templateChoice: Type.Union([Type.Literal('default'), Type.Literal('custom')]),
  customTemplate: Type.Union([KeptFile, Type.Null()]),
  supportFiles: Type.Array(KeptFile),
  remarks: Type.String(),
  qualityAccepted: Type.Boolean(),
  noRefundAccepted: Type.Boolean(),
  submissionKey: Type.Union([Type.String(), Type.Null()]),
})
export type KeptDraft = Static<typeof KeptDraft>

const withoutBytes = ({ id, name, size, type }: DraftFile) => ({ id, name, size, type })

export function draftFiles(draft: WizardDraft): DraftFile[] {
  return [...draft.audioFiles, ...(draft.customTemplate ? [draft.customTemplate] : []), ...draft.supportFiles]
}

/**
 * The draft as kept when only the files `kept` are stored. A missing audio file changes the job, so
 * the cost calculated for it (and what was chosen from it) is not kept either: the restored draft
 * starts again from step 1, as after removing that file.
 */
export function keptForm(draft: WizardDraft, kept: ReadonlySet<string>): KeptDraft {
  const audioFiles = draft.audioFiles.filter((file) => kept.has(file.id))
  const customTemplate = draft.customTemplate && kept.has(draft.customTemplate.id) ? draft.customTemplate : null
  const supportFiles = draft.supportFiles.filter((file) => kept.has(file.id))
  const lostAudio = audioFiles.length !== draft.audioFiles.length
  const lostAny = lostAudio || customTemplate !== draft.customTemplate || supportFiles.length !== draft.supportFiles.length
  return {
    ...draft,
    ...(lostAudio ? { cost: null, option: null, step: 1 } : {}),
    ...(lostAny ? { submissionKey: null } : {}),
    audioFiles: audioFiles.map(withoutBytes),
    customTemplate: customTemplate && withoutBytes(customTemplate),
    supportFiles: supportFiles.map(withoutBytes),
  }
}

/** The draft back with its files' bytes; undefined if a file it names is not among `files`. */
export function fromKeptForm(kept: KeptDraft, files: ReadonlyMap<string, Blob>): WizardDraft | undefined {
  const withBytes = (file: Static<typeof KeptFile>): DraftFile | undefined => {
    const blob = files.get(file.id)
    return blob && { ...file, file: blob }
  }
  const audioFiles = kept.audioFiles.map(withBytes)
  const supportFiles = kept.supportFiles.map(withBytes)
  const customTemplate = kept.customTemplate && withBytes(kept.customTemplate)
  if (customTemplate === undefined || audioFiles.includes(undefined) || supportFiles.includes(undefined)) return undefined
  return { ...kept, audioFiles: audioFiles as DraftFile[], supportFiles: supportFiles as DraftFile[], customTemplate }
}

export function saveDraft(clerk: string, draft: WizardDraft, fits: (size: number) => boolean): Promise<KeepResult> {
  const files = draftFiles(draft).map((file) => ({ id: file.id, blob: file.file }))
  return keepClerkDraft(clerk, files, (kept) => keptForm(draft, kept), (file) => fits(file.blob.size))
}

/** The clerk's kept draft and when it was saved, if there is one that reads back whole. */
export async function restoreDraft(clerk: string): Promise<{ draft: WizardDraft; savedAt: number } | undefined> {
  const kept = await readClerkDraft(clerk, KeptDraft)
  if (!kept) return undefined
  const draft = fromKeptForm(kept.value, kept.files)
  if (draft) return { draft, savedAt: kept.savedAt }
  await eraseClerkDraft(clerk)
  return undefined
}

