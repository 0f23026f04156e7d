// The wizard's draft as the device keeps it. Files are Node's Blobs (see src/lib/clerk-drafts.test.ts).
import { Blob as NodeBlob } from 'node:buffer'
import { Value } from 'typebox/value'
import { describe, expect, it } from 'vitest'
import type { CalculateCostResponse } from '@contract/create-job.ts'
import { keptForm, KeptDraft, restoreDraft, saveDraft, fromKeptForm } from './kept-draft'
import { emptyDraft, type DraftFile, type WizardDraft } from './wizard-draft'
import { wizardReducer } from './wizard-reducer'

const file = (id: string, name: string, text = name): DraftFile => {
  const blob = new NodeBlob([text], { type: 'audio/mpeg' }) as unknown as Blob
  return { id, file: blob, name, size: blob.size, type: 'audio/mpeg' }
}
const answer: CalculateCostResponse = {
  cost: [{ job_type_id: 3, job_type_name: 'Human', sla_slot_id: 2, sla_slot_name: '24 Hours Standard', cost: 8 }],
  audio_minutes: 5,
  folder_token: 'folder-1',
  audio_duration: 281.4,
  audio_files: [{ file_name: 'a.mp3', duration: 200, size: 1 }, { file_name: 'b.mp3', duration: 81.4, size: 1 }],
  expires_at: '2099-01-01T00:00:00Z',
}
/** A draft filled to step 3 of a Human job: every kind of field and file. */
const full: WizardDraft = {
  ...emptyDraft(),
  step: 3,
  propertyAddress: '14 Willow Crescent',
  reportTypeId: 4,
  audioFiles: [file('a', 'a.mp3', 'kitchen'), file('b', 'b.mp3', 'hall')],
  cost: answer,
  mode: 'human',
  option: { jobTypeId: 3, jobTypeName: 'Human', slaSlotId: 2, slaSlotName: '24 Hours Standard', hours: 24, cost: 8 },
  templateChoice: 'custom',
  customTemplate: file('t', 'template.docx'),
  supportFiles: [file('s', 'meters.pdf')],
  remarks: 'Gate code 1234',
  submissionKey: 'key-1',
}
const all = new Set(['a', 'b', 't', 's'])
const everyFile = new Map([...full.audioFiles, full.customTemplate!, ...full.supportFiles].map((f) => [f.id, f.file]))

describe('the kept form of the draft', () => {
  it('is the whole draft without the bytes, and passes its schema', () => {
    const kept = keptForm(full, all)
    expect(Value.Check(KeptDraft, kept)).toBe(true)
    expect(kept.audioFiles).toEqual([{ id: 'a', name: 'a.mp3', size: 7, type: 'audio/mpeg' }, { id: 'b', name: 'b.mp3', size: 4, type: 'audio/mpeg' }])
    expect(fromKeptForm(kept, everyFile)).toEqual(full)
  })

  it('passes its schema at every step of a real run of the reducer, and an empty draft too', () => {
    expect(Value.Check(KeptDraft, keptForm(emptyDraft(), new Set()))).toBe(true)
    const onCost = wizardReducer({ ...full, step: 1, cost: null, option: null }, { type: 'costCalculated', answer, fileIds: ['a', 'b'], reportTypeId: 4, aiOption: null })
    expect(Value.Check(KeptDraft, keptForm(onCost, all))).toBe(true)
  })

  it('without an audio file that was not kept, drops the cost and goes back to step 1', () => {
    const kept = keptForm(full, new Set(['a', 't', 's']))
    expect(kept).toMatchObject({ step: 1, cost: null, option: null, submissionKey: null, propertyAddress: '14 Willow Crescent' })
    expect(kept.audioFiles.map((f) => f.id)).toEqual(['a'])
  })

  it('without a template or an additional file that was not kept, keeps the cost', () => {
    const kept = keptForm(full, new Set(['a', 'b']))
    expect(kept).toMatchObject({ step: 3, cost: answer, customTemplate: null, supportFiles: [], submissionKey: null })
  })

  it('does not come back when a file it names is missing', () => {
    const some = new Map(everyFile)
    some.delete('s')
    expect(fromKeptForm(keptForm(full, all), some)).toBeUndefined()
  })

  it('fails its schema when it is of another version or shape', () => {
    expect(Value.Check(KeptDraft, { ...keptForm(full, all), version: 2 })).toBe(false)
    expect(Value.Check(KeptDraft, { ...keptForm(full, all), step: 5 })).toBe(false)
    expect(Value.Check(KeptDraft, { ...keptForm(full, all), audioFiles: [{ id: 'a' }] })).toBe(false)
  })
})

describe('saveDraft and restoreDraft', () => {
  it('restore the draft as saved, the files’ bytes included', async () => {
    expect(await saveDraft('7', full, () => true)).toEqual({ status: 'saved', notKept: [] })
    const restored = await restoreDraft('7')
    expect(restored?.draft).toEqual(full)
    expect(await restored?.draft.audioFiles[0]?.file.text()).toBe('kitchen')
    expect(await restoreDraft('8')).toBeUndefined()
  })

  it('leave out a file larger than the room, and say so', async () => {
    expect(await saveDraft('7', full, (size) => size !== 7)).toEqual({ status: 'saved', notKept: ['a'] })
    expect((await restoreDraft('7'))?.draft).toMatchObject({ step: 1, cost: null, audioFiles: [{ id: 'b', name: 'b.mp3' }] })
  })
})

describe('the restore action', () => {
  it('takes the kept draft over an untouched one, never over what the clerk has filled in', () => {
    const untouched = wizardReducer(emptyDraft(), { type: 'setReportType', id: 5 })
    expect(wizardReducer(untouched, { type: 'restore', draft: full })).toBe(full)
    const typed = wizardReducer(emptyDraft(), { type: 'setAddress', text: '2 Mill Lane' })
    expect(wizardReducer(typed, { type: 'restore', draft: full })).toBe(typed)
  })
})
