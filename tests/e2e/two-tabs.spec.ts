// Two tabs of one clerk whose keep-alives fire at the same moment (each refreshes a minute before its
// access token expires). Both send the same refresh cookie; neither may end the session.
import type { Page, Route } from '@playwright/test'
import { test, expect } from './support/test.ts'
import { LAST_ACTIVITY_KEY, SESSION_KEYS } from '../../src/lib/session.ts'
import { createClerk, signInThroughForm, uniqueEmail } from './support/accounts.ts'
import { createDemoJobs } from './support/ops.ts'

const REFRESH_LOCK = 'inspectscribe-token-refresh'
/** The tab's session expiry (ms, on the page's clock); 0 without one. */
const expiry = (tab: Page) => tab.evaluate((key) => Number(sessionStorage.getItem(key)), SESSION_KEYS.expiry)
/** In the page: the session's expiry set 50 s ahead, and returned. */
function expireSoon(key: string): number {
  const at = Date.now() + 50_000
  sessionStorage.setItem(key, String(at))
  return at
}

test('two tabs refreshing at once both stay signed in, and the session lives on', async ({ context, page, request }) => {
  const email = uniqueEmail('two.tabs')
  await createClerk(request, email)
  await createDemoJobs(email, 1)
  const tabs = [page, await context.newPage()]
  for (const tab of tabs) {
    await signInThroughForm(tab, email)
    // The signed-in frame has taken the page over, its keep-alive scheduled on the token as issued:
    // waitForURL resolves at the navigation, before that frame's chunk has run, and a keep-alive that
    // mounted after the expiry below was moved would refresh from the document about to be reloaded.
    await expect.poll(() => tab.evaluate((key) => sessionStorage.getItem(key) !== null, LAST_ACTIVITY_KEY)).toBe(true)
  }

  // Every refresh is held until both tabs have asked for one: either the second request has come too
  // (tabs that do not take turns), or the other tab is queued for the refresh lock (tabs that do).
  // So the two refreshes always overlap, however the machine schedules the tabs.
  const held: Route[] = []
  let released = false
  await context.route('**/api/auth/refresh-token', (route) => (released ? route.continue() : void held.push(route)))
  const bothAsked = async () =>
    held.length >= 2 || (await page.evaluate(async (name) => ((await navigator.locks.query()).pending ?? []).some((lock) => lock.name === name), REFRESH_LOCK))

  // Both access tokens are due for the keep-alive (under a minute left): each tab refreshes on reload.
  const due = await Promise.all(tabs.map((tab) => tab.evaluate(expireSoon, SESSION_KEYS.expiry)))
  await Promise.all(tabs.map((tab) => tab.reload()))

  await expect.poll(bothAsked, { message: 'both tabs ask for a refresh' }).toBe(true)
  released = true
  await Promise.all(held.map((route) => route.continue()))

  // A refresh shows in the expiry it moves on (its own, or the one adopted from the other tab), not in
  // the token's text: an access token is signed to the second (server/src/auth/access-tokens.ts), so one
  // refreshed in the second the session was signed in is that very token again. A refused refresh
  // removes the session (expiry 0), so it fails here too.
  for (const [index, tab] of tabs.entries()) {
    await expect.poll(() => expiry(tab), { message: `tab ${index + 1} holds a refreshed session` }).toBeGreaterThan(due[index]!)
  }

  // Each tab, reloaded on its new token, shows the clerk's name and their job.
  for (const tab of tabs) {
    await tab.reload()
    await expect(tab).toHaveURL(/\/my-jobs$/)
    await expect(tab.getByRole('button', { name: 'Profile menu' })).toHaveAccessibleName('JF Jordan Fieldclerk Profile menu')
    await expect(tab.getByRole('table', { name: 'Jobs' })).toContainText('Submitted')
  }

  // The session was not revoked: the browser's refresh cookie is still exchanged for a new token.
  const again = await context.request.post('/api/auth/refresh-token')
  expect(again.status()).toBe(200)
  expect(await again.json()).toEqual({ access: expect.stringMatching(/^[\w-]+\.[\w-]+\.[\w-]+$/) })
})
