// Workaround for a Fluent UI / Tabster bug (microsoft/fluentui#35139, microsoft/tabster#530): a modal
// dialog hides the rest of the page with aria-hidden, and when an open dialog is unmounted at once
// (the signed-in pages go away on a 403, an account deletion or the inactivity logout) the attribute
// stays. The page is then invisible to screen readers. Dialogs call this when they unmount.

// Tabster updates the hidden elements on a 250 ms timer; look after it has run.
export const MODAL_HIDING_SETTLE_MS = 300

export function releaseStaleModalHiding(): void {
  // Keep hold of this page's document: the timer may outlive it (a page torn down within the settle
  // time, such as a test environment), and then there is nothing left to release.
  const page = document
  setTimeout(() => {
    if (!page.defaultView) return
    if (page.querySelector('[aria-modal="true"]')) return // another dialog is open: its hiding is right
    for (const element of page.querySelectorAll('body > [aria-hidden="true"]')) {
      if (element.id === 'root' || element.querySelector('#root')) element.removeAttribute('aria-hidden')
    }
  }, MODAL_HIDING_SETTLE_MS)
}
