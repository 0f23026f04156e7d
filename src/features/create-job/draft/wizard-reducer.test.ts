import { describe, expect, it } from 'vitest'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { draftFile, emptyDraft, isDraftDirty, type ChosenOption, type WizardDraft } from './wizard-draft'
import { wizardReducer, type WizardAction } from './wizard-reducer'

const audio = (name: string, id: string) => draftFile(new File(['abc'], name, { type: 'audio/mpeg' }), id)
const answer: CalculateCostResponse = {
  cost: [{ job_type_id: 1, job_type_name: 'AI', sla_slot_id: 1, sla_slot_name: '1 Hour Priority', cost: 2.5 }],
  audio_minutes: 5,
  folder_token: 'folder-1',
  audio_duration: 281.4,
  audio_files: [{ file_name: 'a.mp3', duration: 281.4, size: 3 }],
  expires_at: '2099-01-01T00:00:00Z',
}
const ai: ChosenOption = { jobTypeId: 1, jobTypeName: 'AI', slaSlotId: 1, slaSlotName: '1 Hour Priority', hours: null, cost: 2.5 }
const human: ChosenOption = { jobTypeId: 3, jobTypeName: 'Human', slaSlotId: 2, slaSlotName: '24 Hours Standard', hours: 24, cost: 8 }

const run = (actions: WizardAction[], from: WizardDraft = emptyDraft()) => actions.reduce(wizardReducer, from)
/** A draft on step 1 with an address, report type 4 and the given audio files. */
const filled = (...names: string[]) =>
  run([{ type: 'setAddress', text: '1 High Street' }, { type: 'setReportType', id: 4 }, { type: 'addAudio', files: names.map((name, i) => audio(name, `f${i}`)) }])
/** The server's answer for the draft's files, one measured file each (or `measured` as given). */
const priced = (draft: WizardDraft, measured = draft.audioFiles.map((f) => ({ file_name: f.name, duration: 281.4 / draft.audioFiles.length, size: 3 }))) =>
  wizardReducer(draft, { type: 'costCalculated', answer: { ...answer, audio_files: measured }, fileIds: draft.audioFiles.map((f) => f.id), reportTypeId: 4, aiOption: ai })

describe('wizardReducer: the steps (portal-spec.md §4)', () => {
  it('goes 1 → 2 only once the cost is calculated, with AI and its option preselected for one file', () => {
    const draft = filled('a.mp3')
    expect(wizardReducer(draft, { type: 'next' }).step).toBe(1)
    const onCost = priced(draft)
    expect(onCost).toMatchObject({ step: 2, cost: answer, mode: 'ai', option: ai })
  })

  it('starts several files on Human with nothing selected (AI takes one file)', () => {
    expect(priced(filled('a.mp3', 'b.mp3'))).toMatchObject({ step: 2, mode: 'human', option: null })
  })

  it('takes the recordings joined into one on step 2, keeping the choice and the separate files (issue 25)', () => {
    const onCost = run([{ type: 'chooseAi', aiOption: ai }], priced(filled('a.mp3', 'b.mp3')))
    const joinedAnswer = { ...answer, folder_token: 'folder-joined', audio_files: [{ file_name: 'Joined recording.webm', duration: 281.4, size: 3 }] }
    const joined = wizardReducer(onCost, { type: 'recordingsJoined', answer: joinedAnswer, from: onCost.cost!.folder_token, option: { ...ai, cost: 3 } })
    expect(joined).toMatchObject({ step: 2, mode: 'ai', cost: joinedAnswer, option: { ...ai, cost: 3 } })
    expect(joined.audioFiles.map((f) => f.name)).toEqual(['a.mp3', 'b.mp3'])
    // An answer for a folder the draft no longer holds changes nothing.
    expect(wizardReducer(onCost, { type: 'recordingsJoined', answer: joinedAnswer, from: 'folder-other', option: ai })).toBe(onCost)
    // Priced again from step 1 with the joined folder still on the server: AI stays chosen.
    expect(priced(joined, joinedAnswer.audio_files)).toMatchObject({ step: 2, mode: 'ai', option: ai })
  })

  it('ignores an answer for files or a report type that changed meanwhile', () => {
    const draft = filled('a.mp3')
    expect(wizardReducer(draft, { type: 'costCalculated', answer, fileIds: ['other'], reportTypeId: 4, aiOption: ai })).toBe(draft)
    expect(wizardReducer(draft, { type: 'costCalculated', answer, fileIds: ['f0'], reportTypeId: 5, aiOption: ai })).toBe(draft)
  })

  it('goes 2 → 4 for AI and back 4 → 2', () => {
    const onSummary = run([{ type: 'next' }], priced(filled('a.mp3')))
    expect(onSummary.step).toBe(4)
    expect(run([{ type: 'back' }], onSummary).step).toBe(2)
  })

  it('goes 2 → 3 → 4 for Human and back 4 → 3 → 2 → 1', () => {
    const onCost = run([{ type: 'chooseHuman' }, { type: 'selectOption', option: human }], priced(filled('a.mp3')))
    const onDocuments = run([{ type: 'next' }], onCost)
    expect(onDocuments.step).toBe(3)
    const onSummary = run([{ type: 'next' }], onDocuments)
    expect(onSummary.step).toBe(4)
    expect(run([{ type: 'back' }], onSummary).step).toBe(3)
    expect(run([{ type: 'back' }, { type: 'back' }], onSummary).step).toBe(2)
    expect(run([{ type: 'back' }, { type: 'back' }, { type: 'back' }], onSummary).step).toBe(1)
  })

  it('stays on step 2 while Human has no selection', () => {
    expect(run([{ type: 'chooseHuman' }, { type: 'next' }], priced(filled('a.mp3'))).step).toBe(2)
  })
})

describe('wizardReducer: the choices on step 2', () => {
  it('choosing AI preselects the AI option; choosing Human clears the selection', () => {
    const onCost = priced(filled('a.mp3'))
    const humanChosen = run([{ type: 'chooseHuman' }], onCost)
    expect(humanChosen).toMatchObject({ mode: 'human', option: null })
    expect(run([{ type: 'chooseAi', aiOption: ai }], humanChosen)).toMatchObject({ mode: 'ai', option: ai })
  })

  it('selecting a cell sets its job type, turnaround hours and cost', () => {
    const selected = run([{ type: 'selectOption', option: human }], priced(filled('a.mp3')))
    expect(selected).toMatchObject({ mode: 'human', option: { jobTypeId: 3, slaSlotId: 2, hours: 24, cost: 8 } })
  })
})

describe('wizardReducer: a calculated cost belongs to its files and report type', () => {
  it.each<[string, (draft: WizardDraft) => WizardAction]>([
    ['adding an audio file', () => ({ type: 'addAudio', files: [audio('b.mp3', 'f9')] })],
    ['removing an audio file', () => ({ type: 'removeAudio', id: 'f0' })],
    ['renaming an audio file', () => ({ type: 'renameAudio', id: 'f0', name: 'Kitchen.webm' })],
    ['changing the report type', () => ({ type: 'setReportType', id: 5 })],
  ])('%s drops the cost answer, its folder token and the chosen option', (_, action) => {
    const onCost = priced(filled('a.mp3', 'b.mp3'))
    const changed = wizardReducer({ ...onCost, step: 1 }, action(onCost))
    expect(changed.cost).toBeNull()
    expect(changed.option).toBeNull()
    expect(changed.step).toBe(1)
  })

  it('renames only the file named, and renaming to the same name changes nothing', () => {
    const onCost = { ...priced(filled('a.mp3', 'b.mp3')), step: 1 as const }
    const renamed = wizardReducer(onCost, { type: 'renameAudio', id: 'f1', name: 'Hall.mp3' })
    expect(renamed.audioFiles.map((file) => file.name)).toEqual(['a.mp3', 'Hall.mp3'])
    expect(renamed.audioFiles[1]?.file).toBe(onCost.audioFiles[1]?.file)
    expect(wizardReducer(onCost, { type: 'renameAudio', id: 'f1', name: 'b.mp3' })).toBe(onCost)
  })

  it('an expired folder drops the cost and goes back to step 1, keeping the files', () => {
    const onSummary = run([{ type: 'next' }, { type: 'beginSubmission', key: 'k1' }], priced(filled('a.mp3')))
    const expired = run([{ type: 'costExpired' }], onSummary)
    expect(expired).toMatchObject({ step: 1, cost: null, option: null, submissionKey: null, propertyAddress: '1 High Street' })
    expect(expired.audioFiles).toHaveLength(1)
  })

  it('keeps the cost when only the address changes, and when the same report type is chosen again', () => {
    const onCost = { ...priced(filled('a.mp3')), step: 1 as const }
    expect(run([{ type: 'setAddress', text: '2 High Street' }], onCost).cost).toEqual(answer)
    expect(run([{ type: 'setReportType', id: 4 }], onCost).cost).toEqual(answer)
    expect(run([{ type: 'next' }], onCost).step).toBe(2)
  })
})

describe('wizardReducer: the submission key', () => {
  it('keeps the first key for retries, and a change of what is sent starts a new attempt', () => {
    const ready = run([{ type: 'next' }], priced(filled('a.mp3')))
    const first = run([{ type: 'beginSubmission', key: 'k1' }], ready)
    expect(first.submissionKey).toBe('k1')
    expect(run([{ type: 'beginSubmission', key: 'k2' }], first).submissionKey).toBe('k1')
    expect(run([{ type: 'setQualityAccepted', value: true }], first).submissionKey).toBe('k1')
    expect(run([{ type: 'setRemarks', text: 'Gate code 1234' }], first).submissionKey).toBeNull()
  })

  it('reset empties the draft', () => {
    expect(run([{ type: 'reset' }], priced(filled('a.mp3')))).toEqual(emptyDraft())
  })
})

describe('isDraftDirty (portal-spec.md §4)', () => {
  const template = draftFile(new File(['t'], 't.docx'), 't1')
  it.each<[string, WizardAction]>([
    ['address', { type: 'setAddress', text: 'x' }],
    ['audio', { type: 'addAudio', files: [audio('a.mp3', 'a')] }],
    ['template', { type: 'setCustomTemplate', file: template }],
    ['additional files', { type: 'addSupportFiles', files: [template] }],
    ['remarks', { type: 'setRemarks', text: 'x' }],
    ['the quality checkbox', { type: 'setQualityAccepted', value: true }],
    ['the no-refund checkbox', { type: 'setNoRefundAccepted', value: true }],
  ])('is true once the %s is filled', (_, action) => {
    expect(isDraftDirty(emptyDraft())).toBe(false)
    expect(isDraftDirty(wizardReducer(emptyDraft(), action))).toBe(true)
  })

  it('is false for the defaults alone: a report type, a blank address, the default template', () => {
    expect(isDraftDirty(run([{ type: 'setReportType', id: 1 }, { type: 'setAddress', text: '   ' }, { type: 'setTemplateChoice', choice: 'custom' }]))).toBe(false)
  })
})

/** Plain data as IndexedDB keeps it: primitives, arrays, plain objects and Blobs, no functions or class instances. */
function plainDataProblem(value: unknown, path = 'draft'): string | null {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return null
  if (value instanceof Blob) return null
  if (Array.isArray(value)) return value.map((item, i) => plainDataProblem(item, `${path}[${i}]`)).find((problem) => problem) ?? null
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype)
    return Object.entries(value).map(([key, item]) => plainDataProblem(item, `${path}.${key}`)).find((problem) => problem) ?? null
  return `${path} is ${typeof value}`
}

describe('the draft is plain data', () => {
  it('holds only primitives, arrays, plain objects and Blobs at every step', () => {
    const template = draftFile(new File(['t'], 't.docx'), 't1')
    const full = run(
      [{ type: 'chooseHuman' }, { type: 'selectOption', option: human }, { type: 'next' }, { type: 'setCustomTemplate', file: template }, { type: 'addSupportFiles', files: [template] }, { type: 'next' }, { type: 'beginSubmission', key: 'k' }],
      priced(filled('a.mp3')),
    )
    expect(full.step).toBe(4)
    expect(plainDataProblem(full)).toBeNull()
    expect(plainDataProblem({ ...full, extra: () => 1 })).toBe('draft.extra is function')
  })
})
