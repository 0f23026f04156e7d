import type { APIRequestContext, Page } from '@playwright/test'
import { waitForMail } from './mailbox.ts'

export const PASSWORD = 'Field-Clerk-2026!'

let counter = 0
/** An e-mail no other test (or earlier run against the same server) has used. */
export function uniqueEmail(label: string): string {
  counter += 1
  return `${label}.${Date.now().toString(36)}${counter}.${process.pid}@example.com`
}

/** Creates an account through the real API and the real e-mailed link, without the screens. */
export async function createClerk(request: APIRequestContext, email: string, password = PASSWORD, fullName = 'Jordan Fieldclerk'): Promise<void> {
  // Each account comes from a client address of its own (an address of the documentation range, named
  // in X-Forwarded-For, which the e2e server believes from loopback), as clerks sign up from their own devices.
  const client = `203.0.113.${((counter + process.pid) % 254) + 1}`
  const started = await request.post('/api/auth/signup-request', { data: { full_name: fullName, email }, headers: { 'x-forwarded-for': client } })
  if (!started.ok()) throw new Error(`signup-request: ${await started.text()}`)
  const mail = await waitForMail(email, 'Complete your InspectScribe sign-up')
  const token = new URLSearchParams(mail.linkPath.split('?')[1]).get('token')!
  const completed = await request.post('/api/auth/signup', { data: { email, full_name: fullName, password, signup_token: token } })
  if (!completed.ok()) throw new Error(`signup: ${await completed.text()}`)
}

export async function signInThroughForm(page: Page, email: string, password = PASSWORD): Promise<void> {
  await page.goto('/login')
  await page.getByRole('textbox', { name: 'Email' }).fill(email)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(password)
  await page.getByRole('button', { name: 'Sign In' }).click()
  await page.waitForURL(/\/my-jobs$/)
}
