// Credits bought by card in the embedded default's test mode (decisions.md, Payments), through the
// real server: Add Credit, the Payment dialog's test-mode card form, the ledger, the recharge history
// and its PDF statement; a declined card; and a clerk who runs out of credit in the Create Job wizard,
// tops up and submits the same job. Plans are the seeded ones (Starter: 20 credits for £20.00).
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { pdfText } from '../../server/test/support/pdf-text.ts'
import { test, expect } from './support/test.ts'
import { createClerk, signInThroughApi, uniqueEmail } from './support/accounts.ts'
import { recordAudio } from './support/audio.ts'
import { expectAccessible } from './support/axe.ts'
import { expectBackInDialog, expectBackTo } from './support/dialog-return.ts'
import { acceptAndSubmit } from './support/job-summary.ts'
import { ops } from './support/ops.ts'

const FULL_NAME = 'Priya Topup'

async function signedInClerk(page: Page, label: string): Promise<void> {
  const email = uniqueEmail(label)
  await createClerk(page.request, email, undefined, FULL_NAME)
  await page.setViewportSize({ width: 1280, height: 900 })
  await signInThroughApi(page, email)
}

const totalCredit = (page: Page) => page.getByText('Total Credit').locator('..')

/** Opens the sidebar's Add Credit dialog. */
async function openAddCredit(page: Page): Promise<Locator> {
  await page.getByRole('complementary').getByRole('button', { name: 'Add Credit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Add Credit' })
  await expect(dialog).toBeVisible()
  return dialog
}

/** Chooses the Starter plan in Add Credit and opens its Payment dialog. */
async function payForStarter(page: Page, addCredit: Locator): Promise<Locator> {
  await addCredit.getByRole('radio', { name: /^Starter/ }).check()
  await addCredit.getByRole('button', { name: 'Buy Starter for £20.00' }).click()
  const payment = page.getByRole('dialog', { name: 'Payment' })
  await expect(payment.getByText('Test mode: no card is charged')).toBeVisible()
  return payment
}

async function enterCard(payment: Locator, number: string): Promise<void> {
  await payment.getByRole('textbox', { name: 'Card number' }).fill(number)
  await payment.getByRole('textbox', { name: 'Expiry date (MM/YY)' }).fill('12/34')
  await payment.getByRole('textbox', { name: 'Security code (CVC)' }).fill('123')
  await payment.getByRole('button', { name: 'Pay £20.00' }).click()
}

test('a clerk buys a plan with the 4242 test card: balance, history and the statement hold the payment', async ({ page }) => {
  await signedInClerk(page, 'buys-plan')
  await expect(totalCredit(page)).toContainText('0.00')
  const addCredit = await openAddCredit(page)
  await expect(addCredit.getByText('No recent transactions found.')).toBeVisible()
  await expect(addCredit.getByText('No recharge history to show as of current date')).toBeVisible()
  await expectAccessible(page, 'the Add Credit dialog without payments')

  const payment = await payForStarter(page, addCredit)
  await enterCard(payment, '4242 4242 4242 4242')
  await expect(payment.getByText('Payment Successful!')).toBeVisible()
  // The dialog closes by itself (after 2 s); Add Credit stays, with the payment in its history.
  await expect(payment).toBeHidden()
  await expect(totalCredit(page)).toContainText('20.00')
  const row = addCredit.getByRole('table', { name: 'Recent transactions' }).getByRole('row').nth(1)
  await expect(row).toContainText('Starter plan')
  await expect(row).toContainText('£20.00')
  await expect(row).toContainText('+20.00')
  await expect(row).toContainText(/Receipt IS-\d{6}/)
  await expect(row.getByRole('cell').first()).toHaveText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/)
  await expectAccessible(page, 'the Add Credit dialog with a payment')

  const downloading = page.waitForEvent('download')
  await addCredit.getByRole('button', { name: 'Download recharge report' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^InspectScribe recharge statement \d{4}-\d{2}-\d{2}\.pdf$/)
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-statement-'))
  try {
    const saved = path.join(folder, 'statement.pdf')
    await download.saveAs(saved)
    const pdf = await readFile(saved)
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-')
    const text = pdfText(pdf)
    expect(text).toContain('Recharge statement')
    expect(text).toContain(FULL_NAME)
    expect(text).toContain('Starter plan')
    expect(text).toContain('£20.00')
    // The e2e server sets no seller's VAT number (README: SELLER_VAT_NUMBER).
    expect(text).toContain('VAT number not set')
    expect(text).toContain('Opening balance: 0.00')
    expect(text).toContain('Closing balance: 20.00')
    expect(text).toMatch(/IS-\d{6}/)
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})

test('after each payment the page is read out again and the focus is back where the clerk was, however often', async ({ page }) => {
  await signedInClerk(page, 'pays-again')
  const sidebarAddCredit = page.getByRole('complementary').getByRole('button', { name: 'Add Credit' })
  // Issue 24 item 14: in 3 of 5 runs Add Credit and the page stayed aria-hidden after "Payment
  // Successful!": a few payments in a row catch such a race.
  for (let paid = 1; paid <= 4; paid += 1) {
    const addCredit = await openAddCredit(page)
    const payment = await payForStarter(page, addCredit)
    await enterCard(payment, '4242 4242 4242 4242')
    await expect(payment.getByText('Payment Successful!')).toBeVisible()
    await expect(payment).toBeHidden()
    await expect(totalCredit(page)).toContainText(`${20 * paid}.00`)
    await expectBackInDialog(addCredit, addCredit.getByRole('button', { name: 'Buy Starter for £20.00' }))
    await page.keyboard.press('Escape')
    await expect(addCredit).toBeHidden()
    await expectBackTo(page, sidebarAddCredit)
  }
})

test('a declined card shows the provider’s message and changes nothing', async ({ page }) => {
  await signedInClerk(page, 'declined')
  const addCredit = await openAddCredit(page)
  const payment = await payForStarter(page, addCredit)
  await expectAccessible(page, 'the Payment dialog in test mode')
  await enterCard(payment, '4000 0000 0000 0002')
  await expect(payment.getByRole('alert')).toHaveText('Your card was declined.')
  await expectAccessible(page, 'the Payment dialog with a declined card')
  // The form stays for another card; nothing was credited.
  await expect(payment.getByRole('textbox', { name: 'Card number' })).toHaveValue('4000 0000 0000 0002')
  await payment.getByRole('button', { name: 'Cancel' }).click()
  await expect(payment).toBeHidden()
  await expect(addCredit.getByText('No recent transactions found.')).toBeVisible()
  await expect(totalCredit(page)).toContainText('0.00')
})

test('a clerk out of credit in the wizard tops up and submits the same job; its charge and its refund show in the recent transactions', async ({ page }) => {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-topup-'))
  try {
    await recordAudio(folder, 'lounge.mp3', 75)
    await signedInClerk(page, 'wizard-topup')
    await page.getByRole('link', { name: 'Create Job' }).click()
    await expect(page.getByRole('combobox', { name: /^Report type/ })).toHaveValue(/\d+/)
    await page.getByRole('textbox', { name: /^Property address/ }).fill('7 Orchard Row, Ludlow SY8 1AB')
    // The picker is enabled once the allowed file types are known (before that, a file would be refused).
    await expect(page.getByLabel('Audio files')).toBeEnabled()
    await page.getByLabel('Audio files').setInputFiles(path.join(folder, 'lounge.mp3'))
    await page.getByRole('button', { name: 'Next' }).click()

    await expect(page.getByText('You have 0.00 credits but this job requires 1.00 credits')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled()
    await page.getByRole('main').getByRole('button', { name: 'Add Credit' }).click()
    const addCredit = page.getByRole('dialog', { name: 'Add Credit' })
    const payment = await payForStarter(page, addCredit)
    await enterCard(payment, '4242 4242 4242 4242')
    await expect(payment).toBeHidden()
    await expectBackInDialog(addCredit, addCredit.getByRole('button', { name: 'Buy Starter for £20.00' }))
    await addCredit.getByRole('button', { name: 'Close' }).click()
    await expect(addCredit).toBeHidden()
    // The wizard's Add Credit went with the shortage it was offered for: the page is readable again.
    await expect(page.getByRole('main')).toBeVisible()

    // The wizard is where it was, now with enough credit.
    await expect(page.getByRole('heading', { level: 2, name: 'Cost' })).toBeVisible()
    await expect(page.getByText(/You have .* credits but this job requires/)).toBeHidden()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Job Summary' })).toBeVisible()
    await expect(page.getByText('Balance credit after purchase: 19.00')).toBeVisible()
    await expect(page.getByText('7 Orchard Row, Ludlow SY8 1AB')).toBeVisible()
    const jobId = String((await acceptAndSubmit(page)).jobId)
    await expect(totalCredit(page)).toContainText('19.00')

    // Every money move is a transaction: the job's charge, then (failed by the operator) its refund.
    const rows = () => page.getByRole('dialog', { name: 'Add Credit' }).getByRole('table', { name: 'Recent transactions' }).getByRole('row')
    const cellsOf = (row: Locator) => row.getByRole('cell').allInnerTexts()
    await openAddCredit(page)
    await expect(rows().nth(1)).toContainText(`Job #${jobId}`)
    expect((await cellsOf(rows().nth(1))).slice(1)).toEqual([`Job #${jobId}`, '—', '-1.00', '19.00'])
    expect((await cellsOf(rows().nth(2))).slice(2)).toEqual(['£20.00', '+20.00', '20.00'])
    await page.getByRole('dialog', { name: 'Add Credit' }).getByRole('button', { name: 'Close' }).click()
    await ops('move', jobId, 'failed', '--reason', 'The recording is of another property', '--refund')
    await page.reload()
    await expect(totalCredit(page)).toContainText('20.00')
    await openAddCredit(page)
    await expect(rows().nth(1)).toContainText(`Refund for failed job #${jobId}`)
    expect((await cellsOf(rows().nth(1))).slice(1)).toEqual([`Refund for failed job #${jobId}`, '—', '+1.00', '20.00'])
    await expectAccessible(page, 'the Add Credit dialog with a charge and a refund')
  } finally {
    await rm(folder, { recursive: true, force: true })
  }
})
