// The Create Job page as the app composes it: the wizard with the clerk's balance (GET /profile), the
// default template (GET /clerk-template) and the shell's Add Credit dialog.
import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { audioFile, costAnswer, fillGeneralInfo, setUpCreateJobApi } from '@/features/create-job/testing/create-job-test-kit'
import { profileAnswer, renderWithPortal, waitForDialogClosed } from '@/test/fake-portal-api'
import Page from './create-job'

const api = setUpCreateJobApi()

describe('the Create Job page', () => {
  it('prices against the clerk’s balance, opens the shell’s Add Credit dialog, and reads the balance again after the job', async () => {
    api.answer('GET', '/profile', { status: 200, body: profileAnswer({ credits: 4.5 }) })
    api.answer('GET', '/clerk-template', { status: 200, body: [{ id: 7, template_name: 'Check-in report', template_file: 'clerks/c1/templates/t1/report.docx' }] })
    api.answer('POST', '/clerk/calculate-cost', { status: 200, body: costAnswer() })
    api.answer('POST', '/clerk/create-job', { status: 200, body: { success: true, message: 'Job created successfully.', job_id: 42, expectedCompletion: '2026-11-23T10:00:00.000Z' } })
    const { user } = renderWithPortal(<Page />, { route: '/create-job' })
    await fillGeneralInfo(user, [audioFile()])
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await user.click(await screen.findByRole('radio', { name: 'Manual or Human Transcription' }))
    await user.click(screen.getByRole('radio', { name: 'Human, 24 Hours Standard: 4.80 credits' }))
    expect(await screen.findByText('You have 4.50 credits but this job requires 4.80 credits')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add Credit' }))
    expect(await screen.findByRole('dialog', { name: 'Add Credit' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Close' }))
    await waitForDialogClosed()

    await user.click(screen.getByRole('radio', { name: 'Human, 48 Hours: 4.20 credits' }))
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByRole('radio', { name: 'Default template: Check-in report' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Balance credit after purchase: 0.30')).toBeInTheDocument()
    await user.click(screen.getByRole('checkbox', { name: /^I understand that the quality/ }))
    await user.click(screen.getByRole('checkbox', { name: /^I understand that credits/ }))
    const profileReads = api.seen('GET', '/profile').length
    await user.click(screen.getByRole('button', { name: 'Submit' }))
    expect(await screen.findByRole('status', { name: 'current path' })).toHaveTextContent('/dashboard')
    await expect.poll(() => api.seen('GET', '/profile').length).toBeGreaterThan(profileReads)
    const form = api.seen('POST', '/clerk/create-job')[0]!.body as FormData
    expect(form.get('template_name')).toBe('Check-in report')
    expect(form.get('template_files')).toBeNull()
  })
})
