// Fluent's focus trap puts focus guards (Tabster's `<i tabindex="0" aria-hidden="true" data-tabster-dummy>`)
// around menus, popovers and dialogs. They are focusable and hidden on purpose: focus landing on one is
// moved on at once, so no one ever rests on a hidden element. axe's `aria-hidden-focus` rule flags them;
// the e2e's axe check and the bench's Lighthouse score leave out exactly those elements.

/** The axe rule (and Lighthouse audit) that flags the focus guards. */
export const FOCUS_GUARD_RULE = 'aria-hidden-focus'

/** Whether an element, given as the HTML snippet axe reports, is a focus guard: read from its opening tag. */
export function isFocusGuardHtml(html: string): boolean {
  const openingTag = html.slice(0, html.indexOf('>') + 1)
  return /\sdata-tabster-dummy[\s=>]/.test(openingTag)
}
