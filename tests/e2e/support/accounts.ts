import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { LAST_ACTIVITY_KEY, SESSION_KEYS, tokenLifetime } from '../../../src/lib/session.ts'
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

/**
 * Signs the clerk in without the form, for specs whose subject is not the sign-in: the API's sign-in
 * on the page's own request context (so the browser keeps the refresh cookie, as after the form), then
 * `path` opened with the session the form keeps (src/lib/session.ts: session storage, which
 * Playwright's storageState does not carry). It saves the /login page and the My Jobs render the
 * form leads to. The session is written before the page's scripts run, once: the init script is
 * removed after the first load, so a later reload or logout sees only what the app itself kept.
 * Returns once the signed-in app runs on that page, as after the form.
 */
export async function signInThroughApi(page: Page, email: string, path = '/my-jobs', password = PASSWORD): Promise<void> {
  const answer = await page.request.post('/api/auth/login', { data: { email, password } })
  if (!answer.ok()) throw new Error(`login: ${await answer.text()}`)
  const { token, role } = (await answer.json()) as { token: string; role: string }
  const lifetime = tokenLifetime(token)
  if (lifetime === null) throw new Error(`login: a token without iat and exp: ${token}`)
  // What saveSession does when the answer arrives, on the page's clock (a spec may have installed its own).
  const seeded = await page.addInitScript(
    ({ keys, token, role, lifetime }) => {
      if (window !== window.top || sessionStorage.getItem(keys.token)) return
      sessionStorage.setItem(keys.token, token)
      sessionStorage.setItem(keys.role, role)
      sessionStorage.setItem(keys.expiry, String(Date.now() + lifetime))
    },
    { keys: SESSION_KEYS, token, role, lifetime },
  )
  await page.goto(path)
  await seeded.dispose()
  // The signed-in app is running, not only drawn: /my-jobs' document shows its screen before the
  // scripts take it over (a click then does nothing), and a spec's clock jump must come after the
  // inactivity timer started. That timer keeps the last activity from its first look, after React
  // has taken the page over (src/features/auth/use-inactivity-timer.ts). Polled from here, not in the
  // page, whose timers a spec may have stopped. A limit, not a wait: at a load of 15 on 2 cores the
  // take-over once came after expect's 15 s (the form's waitForURL has only the test's limit).
  await expect.poll(() => page.evaluate((key) => sessionStorage.getItem(key) !== null, LAST_ACTIVITY_KEY), { timeout: 60_000 }).toBe(true)
}
