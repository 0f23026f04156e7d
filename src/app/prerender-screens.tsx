// Runs at build time, in Node (scripts/prerender-screens.ts): renders the portal at each prerendered
// path into that path's document (login.html, my-jobs.html), which the server and the service worker
// answer that exact path with, so the screen paints before any script has arrived; the entry then
// hydrates it (src/main.tsx). Same tree as the browser's (App), so React's ids and Griffel's class
// names match. docs/decisions/prerendered-sign-in-page.md and docs/decisions/prerendered-my-jobs-shell.md.
import type { ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { prerender } from 'react-dom/static'
import { StaticRouter } from 'react-router-dom'
import { createDOMRenderer, renderToStyleElements } from '@fluentui/react-components'
import { LOGIN_TEXT } from '@/features/auth/login-messages'
import { LIST_TEXT } from '@/features/jobs/list-messages'
import { App } from './app'
import { PRERENDERED_PATH_ATTRIBUTE } from './prerendered-screen'
import { MY_JOBS_ROUTE_FILES, SIGN_IN_ROUTE_FILES } from './route-files'
import { startRoute } from './route-modules'
import { NAV_ENTRIES } from './shell/app-sidebar'

export interface PrerenderedScreen {
  path: string
  fileName: string
  /** The page's heading, also its document title (as PageTitle sets it). */
  title: string
  /** Texts the rendered screen must show, each as an element's whole text: a missing one fails the build. */
  texts: string[]
  /**
   * The route's modules (its frame and page, as src/app/route-modules.tsx loads them). The document
   * starts its scripts only once it has been painted (src/app/start-after-paint.js), preloading these
   * modules' chunks: its screen needs no script to show (docs/decisions/prerendered-documents-scripts.md,
   * "the sign-in page's scripts after its paint").
   */
  routeModules: string[]
  /**
   * Whether the document leaves out index.html's link to the web app manifest: the page links it with
   * the service worker's registration (src/lib/sw-bridge.ts), which on /my-jobs waits for the list.
   */
  manifestLinkedByPage?: boolean
}

/**
 * The screens prerendered at build time. /my-jobs is the signed-in frame and My Jobs before anything
 * of the clerk is known (the page's waiting state): the clerk's initials, credits, filters and jobs
 * come after hydration.
 */
export const PRERENDERED_SCREENS: PrerenderedScreen[] = [
  {
    path: '/login',
    fileName: 'login.html',
    title: LOGIN_TEXT.title,
    texts: [LOGIN_TEXT.title, LOGIN_TEXT.email, LOGIN_TEXT.password, LOGIN_TEXT.submit, LOGIN_TEXT.forgotPassword],
    routeModules: SIGN_IN_ROUTE_FILES,
  },
  {
    path: '/my-jobs',
    fileName: 'my-jobs.html',
    title: LIST_TEXT.pageTitle,
    texts: [LIST_TEXT.pageTitle, LIST_TEXT.reportType, LIST_TEXT.startDate, LIST_TEXT.loading, ...NAV_ENTRIES.map((entry) => entry.label)],
    routeModules: MY_JOBS_ROUTE_FILES,
    manifestLinkedByPage: true,
  },
]

/** index.html's #root, which holds the brand line until the first screen, up to the noscript note. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(\s*<noscript>)/
/** The link vite-plugin-pwa writes into index.html. */
const MANIFEST_LINK = /\s*<link rel="manifest" href="[^"]*">/

async function renderScreen({ path, title, texts, manifestLinkedByPage = false }: PrerenderedScreen, indexHtml: string): Promise<string> {
  function AtPath({ children }: { children: ReactNode }) {
    return <StaticRouter location={path}>{children}</StaticRouter>
  }
  // Every module of the path in memory (frame and page), so nothing suspends.
  await startRoute(path, { wholeScreen: true })
  const renderer = createDOMRenderer()
  // A component that throws is left by React to the browser, quietly: collected here, so the build
  // names it. Every Suspense boundary in place (progressiveChunkSize): React would otherwise move a
  // large one to the end with an inline script to put it back, which the CSP refuses.
  const errors: unknown[] = []
  const { prelude } = await prerender(<App renderer={renderer} Router={AtPath} />, {
    progressiveChunkSize: Number.MAX_SAFE_INTEGER,
    onError: (error) => void errors.push(error),
  })
  const screen = await new Response(prelude).text()
  if (errors.length > 0) throw new AggregateError(errors, `prerender-screens: rendering ${path} failed: ${errors.map(String).join('; ')}`)
  if (screen.includes('<script')) throw new Error(`prerender-screens: the rendered ${path} has an inline script, which the CSP refuses`)
  for (const text of texts) {
    if (!screen.includes(`>${text}<`)) throw new Error(`prerender-screens: the rendered ${path} has no "${text}"`)
  }
  if (!ROOT.test(indexHtml)) throw new Error('prerender-screens: index.html has no <div id="root"> before its <noscript>')
  if (manifestLinkedByPage && !MANIFEST_LINK.test(indexHtml)) throw new Error('prerender-screens: index.html has no <link rel="manifest" href="…"> to leave out')
  // The styles the screen used, as Griffel's style elements: the browser's renderer takes them over.
  const styles = renderToStaticMarkup(<>{renderToStyleElements(renderer)}</>)
  return (manifestLinkedByPage ? indexHtml.replace(MANIFEST_LINK, '') : indexHtml)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${title} · InspectScribe</title>`)
    .replace('</head>', () => `${styles}\n  </head>`)
    .replace(ROOT, (_match, noscript: string) => `<div id="root" ${PRERENDERED_PATH_ATTRIBUTE}="${path}">${screen}</div>${noscript}`)
}

/** A screen's document, and the route modules its loader starts. */
export type RenderedScreen = Pick<PrerenderedScreen, 'fileName' | 'routeModules'> & { html: string }

/** `indexHtml`: the built index.html. Returns each screen's document; throws when one did not render. */
export async function prerenderScreens(indexHtml: string): Promise<RenderedScreen[]> {
  const documents: RenderedScreen[] = []
  for (const screen of PRERENDERED_SCREENS) {
    documents.push({ fileName: screen.fileName, html: await renderScreen(screen, indexHtml), routeModules: screen.routeModules })
  }
  return documents
}
