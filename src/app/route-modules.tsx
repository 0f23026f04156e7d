// The lazily loaded modules of the routes (portal-spec.md §2), and how the first route starts.
// A dynamic import called twice fetches once (the browser's module map), so starting a module early
// (startRoute) and rendering it later share one download.
import { lazy, useState, type ComponentType } from 'react'

type Importer = () => Promise<{ default: ComponentType }>

export interface RouteModule {
  /** Renders the module's component; suspends (React.lazy) only while the module is not in memory. */
  Component: ComponentType
  load: () => Promise<void>
}

function lazyRoute(importer: Importer): RouteModule {
  let loaded: ComponentType | undefined
  const load = () =>
    importer().then((module) => {
      loaded = module.default
    })
  const Lazy = lazy(importer)
  // A module already in memory renders at once. React.lazy would suspend once even then, and React
  // holds back the reveal of suspended content by up to 300 ms (its fallback throttle), once for the
  // frame and once more for the page. Chosen once per mount, so a page never remounts when its
  // module arrives.
  function Route() {
    const [Chosen] = useState<ComponentType>(() => loaded ?? Lazy)
    return <Chosen />
  }
  return { Component: Route, load }
}

export const routeModules = {
  authFrame: lazyRoute(() => import('./routes/auth-frame')),
  appFrame: lazyRoute(() => import('./routes/app-frame')),
  login: lazyRoute(() => import('./routes/login')),
  signup: lazyRoute(() => import('./routes/signup')),
  emailRequest: lazyRoute(() => import('./routes/email-request')),
  signupContinue: lazyRoute(() => import('./routes/signup-continue')),
  forgotPassword: lazyRoute(() => import('./routes/forgot-password')),
  resetPassword: lazyRoute(() => import('./routes/reset-password')),
  terms: lazyRoute(() => import('./routes/terms')),
  myJobs: lazyRoute(() => import('./routes/my-jobs')),
  createJob: lazyRoute(() => import('./routes/create-job')),
  templateManagement: lazyRoute(() => import('./routes/template-management')),
}

type RouteName = keyof typeof routeModules

/**
 * The modules each path renders: its frame (if any) and its page. `shellFirst`: the first render
 * shows the frame (header and sidebar) without waiting for the page, whose chunk is large (50 KB
 * gzip and more) and whose content needs the clerk's data anyway. The sign-in pages' chunks are a
 * few KB, preloaded by index.html beside the entry: waiting for them costs nothing and saves a
 * second reveal.
 */
const MODULES_BY_PATH: Record<string, { frame?: RouteName; page: RouteName; shellFirst?: true }> = {
  '/login': { frame: 'authFrame', page: 'login' },
  '/signup': { frame: 'authFrame', page: 'signup' },
  '/emailrequest': { frame: 'authFrame', page: 'emailRequest' },
  '/signup/continue': { frame: 'authFrame', page: 'signupContinue' },
  '/forgot-password': { frame: 'authFrame', page: 'forgotPassword' },
  '/reset-password': { frame: 'authFrame', page: 'resetPassword' },
  '/terms': { page: 'terms' },
  '/my-jobs': { frame: 'appFrame', page: 'myJobs', shellFirst: true },
  '/dashboard': { frame: 'appFrame', page: 'myJobs', shellFirst: true },
  '/create-job': { frame: 'appFrame', page: 'createJob', shellFirst: true },
  '/template-management': { frame: 'appFrame', page: 'templateManagement', shellFirst: true },
}

const ignoreFailure = () => undefined

/**
 * Starts loading the frame and the page of `pathname` side by side, instead of one after the other
 * as rendering would discover them, and resolves once what the first render needs is in memory (the
 * frame, and the page unless `shellFirst`; at once for an unknown path): that render then shows them
 * without suspending. A failed load resolves too: rendering imports the module again and shows that
 * failure. A signed-in path opened without a session loads modules the redirect to /login does not
 * use; that visitor pays for them only on this rare path. `wholeScreen`: wait for the page too, as a
 * prerendered document's hydration needs (its page is already on screen: rendering it suspended
 * would leave React a dehydrated boundary that a later update could replace with its empty fallback).
 */
export async function startRoute(pathname: string, { wholeScreen = false }: { wholeScreen?: boolean } = {}): Promise<void> {
  const modules = MODULES_BY_PATH[pathname.replace(/\/+$/, '') || '/']
  if (!modules) return
  const page = routeModules[modules.page].load().catch(ignoreFailure)
  const frame = modules.frame ? routeModules[modules.frame].load().catch(ignoreFailure) : undefined
  await Promise.all(modules.shellFirst && !wholeScreen ? [frame] : [frame, page])
}
