// The draft kept on the device, as the clerk sees it: restored with its time, Discard draft, per
// clerk, what the clerk types first wins, the room left and a file that does not fit, a failed save.
// The kept files are Node's Blobs (jsdom's do not survive fake-indexeddb: src/lib/clerk-drafts.test.ts);
// the browser's own round trip, with SHA-256, is tests/e2e/draft.spec.ts.
import { Blob as NodeBlob } from 'node:buffer'
import { screen, within } from '@testing-library/react'
import { format } from 'date-fns'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { localDb } from '@/lib/local-db'
import { forgetPersistAskedForTests } from '@/lib/device-storage'
import { saveSession } from '@/lib/session'
import { restoreDraft, saveDraft } from '../draft/kept-draft'
import { emptyDraft, type WizardDraft } from '../draft/wizard-draft'
import { audioFile, costAnswer, fillGeneralInfo, renderWizard, setUpCreateJobApi } from '../testing/create-job-test-kit'

setUpCreateJobApi()

const tokenFor = (sub: string) => `h.${btoa(JSON.stringify({ sub, exp: 4_102_444_800 }))}.s`
const signIn = (clerk: string) => saveSession(tokenFor(clerk), 'CLERK')
const GB = 1024 ** 3

const kitchen = new NodeBlob(['kitchen audio'], { type: 'audio/mpeg' }) as unknown as Blob
const kept: WizardDraft = {
  ...emptyDraft(),
  propertyAddress: '14 Willow Crescent, Harrogate',
  reportTypeId: 5,
  audioFiles: [{ id: 'f1', file: kitchen, name: 'kitchen.mp3', size: kitchen.size, type: 'audio/mpeg' }],
}

/** Saves `kept` for clerk 7; returns the notice the wizard should show for it. */
async function keepDraftOf7(): Promise<string> {
  await saveDraft('7', kept, () => true)
  const record = await localDb.clerkDrafts.get('7')
  return `Draft restored from ${format(record!.savedAt, 'dd/MM/yyyy HH:mm')}`
}

function stubStorage(estimate: StorageEstimate) {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist: () => Promise.resolve(true), estimate: () => Promise.resolve(estimate) } })
}

beforeEach(() => signIn('7'))
afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
  forgetPersistAskedForTests()
})

describe('Create Job: the draft kept on this device', () => {
  it('restores the clerk’s draft when the wizard opens, and says from when', async () => {
    const notice = await keepDraftOf7()
    renderWizard()
    expect(await screen.findByText(notice)).toBeInTheDocument()
    expect(notice).toMatch(/^Draft restored from \d\d\/\d\d\/\d{4} \d\d:\d\d$/)
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    expect(within(screen.getByRole('list', { name: 'Audio files' })).getByText('kitchen.mp3')).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: /^Report type/ })).toHaveValue('5')
  })

  it('Discard draft empties the wizard and erases the kept draft', async () => {
    const notice = await keepDraftOf7()
    const { user } = renderWizard()
    await user.click(await screen.findByRole('button', { name: 'Discard draft' }))
    expect(screen.queryByText(notice)).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('')
    expect(screen.getByText('At least one audio file is required to proceed.')).toBeInTheDocument()
    await expect.poll(() => restoreDraft('7')).toBeUndefined()
    expect(await localDb.clerkFiles.count()).toBe(0)
  })

  it('Discard draft takes the discarded job\'s messages away with it', async () => {
    await keepDraftOf7()
    const { user } = renderWizard()
    await screen.findByText(/^Draft restored from/)
    await user.clear(screen.getByRole('textbox', { name: /^Property address/ }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Property address is required')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Discard draft' }))
    expect(screen.queryByText('Property address is required')).not.toBeInTheDocument()
    expect(screen.getByText('At least one audio file is required to proceed.')).toBeInTheDocument()
  })

  it('Cancel Job then Leave erases the kept draft, as the question says all progress will be lost; Stay keeps it', async () => {
    await keepDraftOf7()
    const { user } = renderWizard()
    await screen.findByText(/^Draft restored from/)
    await user.click(screen.getByRole('button', { name: 'Cancel Job' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Stay' }))
    expect((await restoreDraft('7'))?.draft.propertyAddress).toBe('14 Willow Crescent, Harrogate')
    // Fluent's focus manager hides the page from the accessibility tree while the question is open and
    // gives it back a little after the question has gone: wait for the button's role, not the dialog's end.
    await user.click(await screen.findByRole('button', { name: 'Cancel Job' }))
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Leave this page?' })).getByRole('button', { name: 'Leave' }))
    expect(await screen.findByRole('status', { name: 'current path' })).toHaveTextContent('/my-jobs')
    await expect.poll(() => restoreDraft('7')).toBeUndefined()
  })

  it('shows another clerk signed in on the same device nothing of it', async () => {
    await keepDraftOf7()
    signIn('8')
    stubStorage({ quota: 4 * GB, usage: 0.8 * GB })
    renderWizard()
    // The room is measured once the kept draft has been looked for.
    expect(await screen.findByText('Room left on this device for drafts: 3.2 GB')).toBeInTheDocument()
    expect(screen.queryByText(/^Draft restored from/)).not.toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('')
    expect((await restoreDraft('7'))?.draft.propertyAddress).toBe('14 Willow Crescent, Harrogate')
  })

  it('keeps Submit disabled on a restored summary whose cost the balance no longer covers, with the warning and Add Credit', async () => {
    const answer = costAnswer()
    const ai = answer.cost[0]!
    await saveDraft('7', { ...kept, step: 4, cost: answer, mode: 'ai', option: { jobTypeId: ai.job_type_id, jobTypeName: ai.job_type_name, slaSlotId: ai.sla_slot_id, slaSlotName: ai.sla_slot_name, hours: null, cost: ai.cost }, qualityAccepted: true, noRefundAccepted: true }, () => true)
    const { user } = renderWizard({ balance: 1 })
    expect(await screen.findByRole('heading', { level: 2, name: 'Job Summary' })).toBeInTheDocument()
    expect(screen.getByText('You have 1.00 credits but this job requires 1.50 credits')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Submit' })).toBeDisabled()
    await user.click(within(screen.getByText('You have 1.00 credits but this job requires 1.50 credits').closest('[role]') ?? document.body).getByRole('button', { name: 'Add Credit' }))
    expect(await screen.findByRole('dialog', { name: 'Add Credit' })).toBeInTheDocument()
  })

  it('shows no field until the kept draft has been read, so no keystroke can be saved over it', async () => {
    await keepDraftOf7()
    renderWizard()
    // IndexedDB answers in a later task: on the first render the draft has not been read yet.
    expect(screen.getByText('Opening your saved draft...')).toBeInTheDocument()
    expect(screen.queryByRole('textbox', { name: /^Property address/ })).not.toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    expect(await screen.findByText(/^Draft restored from/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('14 Willow Crescent, Harrogate')
    expect(screen.queryByText('Opening your saved draft...')).not.toBeInTheDocument()
    expect((await restoreDraft('7'))?.draft.propertyAddress).toBe('14 Willow Crescent, Harrogate')
  })

  it('saves what the clerk types, for the next time the wizard opens', async () => {
    const { user, unmount } = renderWizard()
    await screen.findByRole('option', { name: 'Inventory' })
    await user.type(screen.getByRole('textbox', { name: /^Property address/ }), '9 Elm Road')
    await expect.poll(async () => (await restoreDraft('7'))?.draft.propertyAddress).toBe('9 Elm Road')
    unmount()
    renderWizard()
    expect(await screen.findByText(/^Draft restored from/)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('9 Elm Road')
  })

  it('shows the room left, and says when a file added will not be kept on the device', async () => {
    stubStorage({ quota: 4 * GB, usage: 4 * GB - 25 * 1024 * 1024 })
    const { user } = renderWizard()
    expect(await screen.findByText('Room left on this device for drafts: 25 MB')).toBeInTheDocument()
    await fillGeneralInfo(user, [audioFile('small.mp3', 1000), audioFile('long-visit.mp3', 6 * 1024 * 1024)])
    expect(await screen.findByText('long-visit.mp3 does not fit in the room left on this device. You can still send it now, but it will not be kept if the page reloads.')).toBeInTheDocument()
    expect(screen.queryByText(/^small\.mp3 does not fit/)).not.toBeInTheDocument()
    // Used now all the same.
    expect(within(screen.getByRole('list', { name: 'Audio files' })).getAllByRole('listitem')).toHaveLength(2)
  })

  it('says plainly when the device refuses the draft for lack of room, and keeps it on the page', async () => {
    localDb.clerkDrafts.hook('creating', () => {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
    })
    const { user } = renderWizard()
    await screen.findByRole('option', { name: 'Inventory' })
    await user.type(screen.getByRole('textbox', { name: /^Property address/ }), '9 Elm Road')
    expect(await screen.findByText('This device is out of room, so the latest changes to the draft were not saved on it. They stay open here, but will be lost if the page reloads.')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /^Property address/ })).toHaveValue('9 Elm Road')
  })
})
