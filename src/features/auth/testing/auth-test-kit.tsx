// Test support for the account screens (used only by their *.test.tsx files): a stand-in for the
// auth API behind `fetch`, and a render that puts a screen in the app's providers and a memory router
// whose other paths show where the screen navigated to and with what state.
import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, vi } from 'vitest'
import { apiPath, jsonResponse, sentBody, type JsonReply } from '@/test/fake-fetch'

/** An HTTP answer with a JSON body, or no answer at all (what fetch does when nothing listens). */
export type FakeReply = JsonReply | 'network'

export interface SeenRequest {
  method: string
  /** The path under the API base, e.g. /auth/login. */
  path: string
  body: unknown
}

export interface FakeAuthApi {
  readonly requests: SeenRequest[]
  /** How the next calls to `path` are answered; a function may hold the answer back (busy states). */
  answer(path: string, reply: FakeReply | (() => Promise<FakeReply>)): void
}

/**
 * Replaces `fetch` for each test of the calling file. Answers are real `Response` objects, so the
 * portal's api-client parses them exactly as it would the server's. An unplanned path, or 'network',
 * rejects with the TypeError fetch gives when the connection is refused.
 */
export function setUpFakeAuthApi(): FakeAuthApi {
  const api: FakeAuthApi & { replies: Map<string, FakeReply | (() => Promise<FakeReply>)> } = {
    requests: [],
    replies: new Map(),
    answer(path, reply) {
      this.replies.set(path, reply)
    },
  }
  beforeEach(() => {
    api.requests.length = 0
    api.replies.clear()
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = apiPath(input)
      api.requests.push({ method: init?.method ?? 'GET', path, body: sentBody(init) })
      const planned = api.replies.get(path)
      const reply = typeof planned === 'function' ? await planned() : planned
      if (!reply || reply === 'network') throw new TypeError('fetch failed')
      return jsonResponse(reply)
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return api
}

export { heldReply } from '@/test/fake-fetch'

function Elsewhere() {
  const location = useLocation()
  return (
    <>
      <output aria-label="current path">{location.pathname}</output>
      <output aria-label="navigation state">{JSON.stringify(location.state ?? null)}</output>
    </>
  )
}

export interface ScreenPlace {
  /** The route pattern the screen is mounted at, e.g. /signup/continue. */
  route: string
  /** Where the test starts; defaults to the route itself. Several entries make a history. */
  at?: string | string[]
  state?: unknown
  /**
   * false: no TanStack Query client above the screen, as on /login in the app, where the query
   * library is not loaded (docs/decisions/sign-in-page-javascript.md).
   */
  queries?: boolean
}

function toEntry(url: string, state: unknown) {
  const { pathname, search } = new URL(url, 'http://portal.test')
  return { pathname, search, state }
}

export function renderScreen(screen: ReactElement, { route, at = route, state, queries = true }: ScreenPlace) {
  const entries = Array.isArray(at) ? at : [at]
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const user = userEvent.setup({ delay: null })
  const routes = (
    <MemoryRouter initialEntries={entries.map((entry, index) => toEntry(entry, index === entries.length - 1 ? state : undefined))} initialIndex={entries.length - 1}>
      <Routes>
        <Route path={route} element={screen} />
        <Route path="*" element={<Elsewhere />} />
      </Routes>
    </MemoryRouter>
  )
  const result = render(
    <FluentProvider theme={webLightTheme}>{queries ? <QueryClientProvider client={client}>{routes}</QueryClientProvider> : routes}</FluentProvider>,
  )
  return { user, ...result }
}
