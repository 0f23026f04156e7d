import { StrictMode, type ComponentType, type ReactNode } from 'react'
import { RendererProvider, type GriffelRenderer } from '@fluentui/react-components'
import { useForbiddenRedirect } from '@/lib/use-forbidden-redirect'
import { AppProvider } from './provider'
import { AppRoutes } from './routes'

/** Any 403 has already cleared the session (the transport); send the person to sign in again. */
function ForbiddenRedirect() {
  useForbiddenRedirect()
  return null
}

export interface AppProps {
  /**
   * Griffel's style renderer. In the browser, the document's: it takes over the style elements of a
   * prerendered page (RendererProvider rehydrates its cache from them) instead of inserting them again.
   * At build time, a fresh one whose rules go into the prerendered page (src/app/prerender-screens.tsx).
   */
  renderer: GriffelRenderer
  /** BrowserRouter in the browser; a StaticRouter at the prerendered path when prerendering. */
  Router: ComponentType<{ children: ReactNode }>
  /**
   * Where RendererProvider finds the prerendered style elements to take over: the page's document
   * unless given. The entry reads them beforehand, a task each, and gives a document without any
   * (src/app/rehydrate-styles.ts).
   */
  styleElementsFrom?: Document
}

/** The whole portal. The browser and the build's prerender render this same tree, so hydration matches. */
export function App({ renderer, Router, styleElementsFrom }: AppProps) {
  return (
    <StrictMode>
      <RendererProvider renderer={renderer} targetDocument={styleElementsFrom}>
        <AppProvider>
          <Router>
            <ForbiddenRedirect />
            <AppRoutes />
          </Router>
        </AppProvider>
      </RendererProvider>
    </StrictMode>
  )
}
