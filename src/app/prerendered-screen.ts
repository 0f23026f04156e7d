// A document prerendered at build time (login.html: docs/decisions.md "Performance: the prerendered
// sign-in page") marks #root with the path it was rendered for. The entry hydrates it only when its
// own first render draws exactly that: React would otherwise report a mismatch and draw it again.
import { arrivalChangesTheForm, arrivalFrom } from '@/features/auth/lib/login-arrival'

/** On #root of a prerendered document: the path whose screen it holds. */
export const PRERENDERED_PATH_ATTRIBUTE = 'data-prerendered'

export function holdsPrerenderedScreen(root: HTMLElement, pathname: string, historyState: unknown): boolean {
  if (root.getAttribute(PRERENDERED_PATH_ATTRIBUTE) !== pathname) return false
  // React Router's navigation state (history.state.usr): a reload of /login reached with a message
  // (account created, password reset, session timed out) shows that message, which the prerender has not.
  const routerState = historyState && typeof historyState === 'object' ? (historyState as { usr?: unknown }).usr : undefined
  return !arrivalChangesTheForm(arrivalFrom(routerState))
}
