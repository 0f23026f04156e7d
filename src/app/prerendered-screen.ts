// A document prerendered at build time (login.html, my-jobs.html:
// docs/decisions/prerendered-sign-in-page.md, docs/decisions/prerendered-my-jobs-shell.md) marks #root
// with the path
// it was rendered for. The entry hydrates it only when its own first render draws exactly that, and
// only when that screen is the one to stay: React would otherwise report a mismatch and draw it again.
import { arrivalChangesTheForm, arrivalFrom } from '@/features/auth/lib/login-arrival'

/** On #root of a prerendered document: the path whose screen it holds. */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered'

/** The prerendered screens of the signed-in pages: a visitor without a session is sent to /login instead. */
const SIGNED_IN_SCREENS: readonly string[] = ['/my-jobs']

export function holdsPrerenderedScreen(root: HTMLElement, pathname: string, historyState: unknown, signedIn: boolean): boolean {
  if (root.getAttribute(PRERENDERED_PATH_ATTRIBUTE) !== pathname) return false
  // Hydrating the signed-in frame without a session would mount it (and send its requests) only to
  // leave it at once: the first render draws the redirect to /login instead.
  if (SIGNED_IN_SCREENS.includes(pathname)) return signedIn
  // React Router's navigation state (history.state.usr) survives a reload of /login: a new account's
  // email filled in is a form the prerender has not (its message alone is drawn after the take-over).
  const routerState = historyState && typeof historyState === 'object' ? (historyState as { usr?: unknown }).usr : undefined
  return !arrivalChangesTheForm(arrivalFrom(routerState))
}
