// Runs at build time, in Node (scripts/prerender-sign-in.ts): renders the portal at /login into
// login.html, the document the server and the service worker answer /login with, so the sign-in form
// paints before any script has arrived; the entry then hydrates it (src/main.tsx). Same tree as the
// browser's (App), so React's ids and Griffel's class names match. docs/decisions.md "Performance:
// the prerendered sign-in page".
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { createDOMRenderer, renderToStyleElements } from '@fluentui/react-components'
import { LOGIN_TEXT } from '@/features/auth/login-messages'
import { App } from './app'
import { PRERENDERED_PATH_ATTRIBUTE } from './prerendered-screen'
import { startRoute } from './route-modules'

const PRERENDERED_PATH = '/login'

function AtSignIn({ children }: { children: ReactNode }) {
  return <StaticRouter location={PRERENDERED_PATH}>{children}</StaticRouter>
}

/** index.html's #root, which holds the brand line until the first screen, up to the noscript note. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/

/** `indexHtml`: the built index.html. Returns login.html; throws when the form did not render. */
export async function prerenderSignIn(indexHtml: string): Promise<string> {
  // As the entry does: the sign-in route's modules are in memory, so nothing suspends.
  await startRoute(PRERENDERED_PATH)
  const renderer = createDOMRenderer()
  // A component that throws is left by React to the browser, quietly: collected here, so the build
  // names it. Every Suspense boundary in place (progressiveChunkSize): React would otherwise move a
  // large one to the end with an inline script to put it back, which the CSP refuses.
  const errors: unknown[] = []
  const { prelude } = await prerender(<App renderer={renderer} Router={AtSignIn} />, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => void errors.push(error),
  })
  const screen = await new Response(prelude).text()
  if (errors.length > 0) throw new AggregateError(errors, `prerender-sign-in: rendering /login failed: ${errors.map(String).join('; ')}`)
  if (screen.includes('<script')) throw new Error('prerender-sign-in: the rendered page has an inline script, which the CSP refuses')
  for (const text of [LOGIN_TEXT.title, LOGIN_TEXT.email, LOGIN_TEXT.password, LOGIN_TEXT.submit, LOGIN_TEXT.forgotPassword]) {
    if (!screen.includes(`>${text}<`)) throw new Error(`prerender-sign-in: the rendered page has no "${text}"`)
  }
  if (!ROOT.test(indexHtml)) throw new Error('prerender-sign-in: index.html has no <div id="root"> before its <noscript>')
  // The styles the screen used, as Griffel's style elements: the browser's renderer takes them over.
  const styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>)
  return indexHtml
    .replace(/<title>[^<]*<\/title>/, () => `<title>${LOGIN_TEXT.title} · InspectScribe</title>`)
    .replace('</head>', () => `${styles}\n  </head>`)
    .replace(ROOT, (_match, noscript: string) => `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${PRERENDERED_PATH}">${screen}</div>${noscript}`)
}
