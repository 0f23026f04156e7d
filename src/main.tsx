import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { startRoute } from './app/route-modules'
import { registerServiceWorker } from './lib/sw-bridge'

// The first route's frame and page download side by side; the first render waits for what it shows
// at once (src/app/route-modules.tsx), so it does not suspend. A promise, not a top-level await:
// with one, the bundler splits the entry into many small chunks, each one more request.
void startRoute(window.location.pathname).then(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  )
  // After the render is scheduled, so that the worker's first idle moment comes after it.
  registerServiceWorker()
})
