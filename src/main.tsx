import { startTransition } from 'react'
import { createRoot, hydrateRoot } from 'react-dom/client'
import { BrowserRouter } from 'react-router-dom'
import { createDOMRenderer } from '@fluentui/react-components'
import { installHistoryGate } from '@/lib/history-gate'
import { App } from './app/app'
import { holdsPrerenderedScreen } from './app/prerendered-screen'
import { NO_STYLE_ELEMENTS, rehydrateStylesInSlices } from './app/rehydrate-styles'
import { startRoute } from './app/route-modules'
import { sessionStatus } from './lib/session'
import { holdUntilListShown } from './lib/list-first'
import { registerServiceWorker } from './lib/sw-bridge'

// Before the router listens to Back/Forward, so that leave protection can hold a step back from it.
installHistoryGate()

// The first route's frame and page download side by side; the first render waits for what it shows
// at once (src/app/route-modules.tsx), so it does not suspend. A promise, not a top-level await:
// with one, the bundler splits the entry into many small chunks, each one more request.
const root = document.getElementById('root')!
// /login's and /my-jobs' documents already hold their screen (docs/decisions/prerendered-sign-in-page.md,
// docs/decisions/prerendered-my-jobs-shell.md): React takes it over
// rather than drawing it again, once every module of that screen is here. Any other document holds
// only the brand line, which the first render replaces, as does a signed-out visitor's render of the
// My Jobs shell (the redirect to /login).
const hydrating = holdsPrerenderedScreen(root, window.location.pathname, window.history.state, sessionStatus() !== 'signed-out')
// The job list's request leaves now, beside the route's chunks, not once the page has been hydrated
// (src/features/jobs/api/early-dashboard.ts). A module of its own: /login's entry does not carry it.
if (hydrating && window.location.pathname === '/my-jobs') {
  // And what can wait comes after the list (src/lib/list-first.ts).
  holdUntilListShown()
  void import('./features/jobs/api/early-dashboard').then(({ askForDashboardEarly }) => askForDashboardEarly(), () => undefined)
}
const renderer = createDOMRenderer(document)
// While the route's modules download, the prerendered styles are read into Griffel's cache a style
// element a task, rather than in one long task inside the hydration (src/app/rehydrate-styles.ts).
const stylesRead = hydrating ? rehydrateStylesInSlices(renderer, document) : Promise.resolve()
void Promise.all([startRoute(window.location.pathname, { wholeScreen: hydrating }), stylesRead]).then(() => {
  const app = <App renderer={renderer} Router={BrowserRouter} styleElementsFrom={hydrating ? NO_STYLE_ELEMENTS : undefined} />
  // Hydrated as a transition, so React takes the document over in slices between which the browser
  // answers input, rather than in one long task
  // (docs/decisions/my-jobs-blocking-time-after-first-paint.md). The screen is already on display
  // meanwhile.
  if (hydrating) startTransition(() => void hydrateRoot(root, app))
  else createRoot(root).render(app)
  // After the render is scheduled, so that the worker's first idle moment comes after it.
  registerServiceWorker()
})
