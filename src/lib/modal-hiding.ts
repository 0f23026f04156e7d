// Workaround for a Fluent UI / Tabster bug (microsoft/fluentui#35139, microsoft/tabster#530): a modal
// dialog hides the rest of the page with aria-hidden, and when an open dialog is unmounted at once
// (the signed-in pages go away on a 403, an account deletion or the inactivity logout) the attribute
// stays. The page is then invisible to screen readers. Dialogs call this when they unmount.

// Tabster updates the hidden elements on a 250 ms timer; look after it has run.
const SETTLE_MS = 300

export function releaseStaleModalHiding(): void {
  window.setTimeout(() => {
    if (document.querySelector('[aria-modal="true"]')) return // another dialog is open: its hiding is right
    for (const element of document.querySelectorAll('body > [aria-hidden="true"]')) {
      if (element.id === 'root' || element.querySelector('#root')) element.removeAttribute('aria-hidden')
    }
  }, SETTLE_MS)
}
