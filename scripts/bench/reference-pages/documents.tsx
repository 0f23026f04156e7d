/** @jsxRuntime automatic */
// The reference pages' documents, as the portal's are made: what can be drawn without scripts is in the
// HTML (React's server rendering; Fluent's styles by Griffel's own extraction), the page's module next to it.
import { renderToString } from 'react-dom/server'
import { createDOMRenderer, FluentProvider, RendererProvider, renderToStyleElements, webLightTheme } from '@fluentui/react-components'
import { ReactTable } from './react-table.tsx'
import { FluentSignIn } from './fluent-sign-in.tsx'
import { LoadingSpinner } from './fluent-list.tsx'

export interface ReferenceDocument {
  /** The document's file name, served at /<name>. */
  name: string
  /** What the page is, in the bench's report. */
  says: string
  html: string
  /** Whether its scripts start after its first paint (the portal's loader), as my-jobs.html's do. */
  scriptsAfterPaint: boolean
}

const page = (title: string, head: string, body: string, module?: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
  `<meta name="description" content="${title}"><title>${title}</title>${head}</head><body><div id="root">${body}</div>` +
  (module ? `<script type="module" src="./${module}"></script>` : '') +
  `</body></html>`

const heading = '<main><h1>My Jobs</h1><p>Loading jobs</p></main>'

function fluentPrerendered(screen: React.ReactElement): { styles: string; body: string } {
  const renderer = createDOMRenderer()
  const body = renderToString(<RendererProvider renderer={renderer}>{screen}</RendererProvider>)
  return { styles: renderToString(<>{renderToStyleElements(renderer)}</>), body }
}

export function referenceDocuments(): ReferenceDocument[] {
  const table = renderToString(<ReactTable />)
  const signIn = fluentPrerendered(<FluentSignIn />)
  const spinning = fluentPrerendered(
    <FluentProvider theme={webLightTheme}>
      <main>
        <h1>My Jobs</h1>
        <LoadingSpinner />
      </main>
    </FluentProvider>,
  )
  return [
    { name: 'static-table.html', says: 'the table in HTML, no script', html: page('Static table', '', table), scriptsAfterPaint: false },
    { name: 'react-table.html', says: 'React hydrating the table', html: page('React table', '', table, 'react-table.tsx'), scriptsAfterPaint: false },
    { name: 'fluent-sign-in.html', says: 'Fluent sign-in form, hydrated', html: page('Fluent sign-in', signIn.styles, signIn.body, 'fluent-sign-in.tsx'), scriptsAfterPaint: false },
    {
      name: 'fluent-sign-in-after-paint.html',
      says: 'the same, scripts after paint',
      html: page('Fluent sign-in, scripts after paint', signIn.styles, signIn.body, 'fluent-sign-in.tsx'),
      scriptsAfterPaint: true,
    },
    { name: 'fluent-list.html', says: 'Fluent list, scripts after paint', html: page('Fluent list', '', heading, 'fluent-list.tsx'), scriptsAfterPaint: true },
    {
      name: 'fluent-list-libraries.html',
      says: 'the same with Query, TypeBox, Dexie',
      html: page('Fluent list with libraries', '', heading, 'fluent-list-libraries.tsx'),
      scriptsAfterPaint: true,
    },
    {
      name: 'fluent-list-libraries-spinner.html',
      says: 'the same, a spinner while loading',
      html: page('Fluent list with libraries and a spinner', spinning.styles, spinning.body, 'fluent-list-libraries.tsx'),
      scriptsAfterPaint: true,
    },
  ]
}
