// The draft notice's room left on this device (issue 24 item 22): said once, on step 1, where the
// files that take the room are added; not again on every later step.
import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { forgetPersistAskedForTests } from '@/lib/device-storage'
import { localDb } from '@/lib/local-db'
import { saveSession } from '@/lib/session'
import { costAnswer, fillGeneralInfo, renderWizard, setUpCreateJobApi } from '../testing/create-job-test-kit'

const api = setUpCreateJobApi()

const GB = 1024 ** 3
const ROOM = 'Room left on this device for drafts: 3.2 GB'

beforeEach(() => {
  saveSession(`h.${btoa(JSON.stringify({ sub: '7', exp: 4_102_444_800 }))}.s`, 'CLERK')
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { persist: () => Promise.resolve(true), estimate: () => Promise.resolve({ quota: 4 * GB, usage: 0.8 * GB }) } })
})
afterEach(() => {
  Reflect.deleteProperty(navigator, 'storage')
  forgetPersistAskedForTests()
})

describe('Create Job: the room left for drafts', () => {
  it('shows once, on step 1 only', async () => {
    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
    const { user } = renderWizard()
    expect(await screen.findAllByText(ROOM)).toHaveLength(1)
    await fillGeneralInfo(user)
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Cost' })).toBeInTheDocument()
    expect(screen.queryByText(ROOM)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'Job Summary' })).toBeInTheDocument()
    expect(screen.queryByText(ROOM)).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back' }))
    await user.click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByRole('heading', { level: 2, name: 'General Info' })).toBeInTheDocument()
    expect(screen.getAllByText(ROOM)).toHaveLength(1)
    // The draft saver's last run (a save, then the room measured again) ends before the test does, not
    // after jsdom is gone.
    await expect.poll(async () => ((await localDb.clerkDrafts.get('7'))?.value as { step?: number } | undefined)?.step).toBe(1)
    expect(await screen.findAllByText(ROOM)).toHaveLength(1)
  })
})
