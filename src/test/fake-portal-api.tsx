// Test support for the signed-in portal (the shell and its dialogs): a stand-in for the API behind
// `fetch` that answers per method and path with real `Response` objects, and a render that puts a
// component in the app's providers and a memory router whose other paths show where it navigated.
import type { ReactElement } from 'react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, expect, vi } from 'vitest'
import type { ProfileResponse } from '@contract/profile.ts'
import { useForbiddenRedirect } from '@/lib/use-forbidden-redirect'
import { apiPath, jsonResponse, sentBody, type JsonReply } from './fake-fetch'

/** An HTTP answer with a JSON body, no answer at all ('network'), or a broken object fetch never returns ('garbage'). */
export type FakeReply = JsonReply | 'network' | 'garbage'

export interface SeenRequest {
  method: string
  /** The path under the API base, e.g. /profile/update. */
  path: string
  body: unknown
  authorization: string | null
}

type Planned = FakeReply | (() => FakeReply | Promise<FakeReply>)

/** A request as fetch was given it, for the tests that look at more than SeenRequest holds. */
export interface SentRequest {
  path: string
  /** With its query string, e.g. /clerk/dashboard?start=1&end=2. */
  pathAndQuery: string
  headers: Headers
  cache: RequestCache | undefined
}

export interface FakePortalApi {
  readonly requests: SeenRequest[]
  /** The same requests with every header and the cache mode. */
  readonly sent: SentRequest[]
  /** How calls of `method` to `path` are answered from now on, e.g. answer('PUT', '/profile/update', …). */
  answer(method: string, path: string, reply: Planned): void
  /** The requests seen for one method and path. */
  seen(method: string, path: string): SeenRequest[]
}

/**
 * Replaces `fetch` for each test of the calling file. An unplanned call, or 'network', rejects with the
 * TypeError fetch gives when the connection is refused.
 */
export function setUpFakePortalApi(): FakePortalApi {
  const replies = new Map<string, Planned>()
  const api: FakePortalApi = {
    requests: [],
    sent: [],
    answer(method, path, reply) {
      replies.set(`${method} ${path}`, reply)
    },
    seen(method, path) {
      return this.requests.filter((request) => request.method === method && request.path === path)
    },
  }
  beforeEach(() => {
    api.requests.length = 0
    api.sent.length = 0
    replies.clear()
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = apiPath(input)
      const method = init?.method ?? 'GET'
      const authorization = new Headers(init?.headers).get('authorization')
      api.requests.push({ method, path, body: sentBody(init), authorization })
      const url = new URL(String(input), 'http://portal.test')
      api.sent.push({ path, pathAndQuery: `${path}${url.search}`, headers: new Headers(init?.headers), cache: init?.cache })
      const planned = replies.get(`${method} ${path}`)
      const reply = typeof planned === 'function' ? await planned() : planned
      if (!reply || reply === 'network') throw new TypeError('fetch failed')
      if (reply === 'garbage') return { ok: true, status: 200 } as unknown as Response
      return jsonResponse(reply)
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  return api
}

export { heldReply } from './fake-fetch'

/**
 * A window `width` px wide, as window.matchMedia answers (jsdom has none of its own): a query matches
 * when each of its (min-width: Npx) and (max-width: Npx) holds, and a query with neither never does.
 */
export function stubViewportWidth(width: number): void {
  vi.stubGlobal('matchMedia', (query: string) => {
    const bounds = [...query.matchAll(/(min|max)-width:\s*(\d+)px/g)]
    const matches = bounds.length > 0 && bounds.every(([, side, px]) => (side === 'min' ? width >= Number(px) : width <= Number(px)))
    return {
      matches,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }
  })
}

/** A phone's window (390 px) or a desktop's (1280 px). */
export function stubViewport(phone: boolean): void {
  stubViewportWidth(phone ? 390 : 1280)
}

/**
 * Waits until a closed dialog is gone and the page behind it is given back to assistive technology:
 * Fluent's focus manager lifts its aria-hidden a moment after the dialog closes, and a dialog opened
 * before then would itself be hidden.
 */
export async function waitForDialogClosed(): Promise<void> {
  await waitFor(() => {
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    expect(document.querySelector('body > div[aria-hidden="true"]')).toBeNull()
  })
}

/**
 * Presses Escape in an open dialog once its focus is inside it. Fluent moves the focus in an effect
 * after the dialog is shown, and closes it on an Escape that reaches its surface: on a busy machine an
 * Escape pressed as soon as the dialog is found could reach only <body>.
 */
export async function pressEscapeIn(dialog: HTMLElement, user: { keyboard: (keys: string) => Promise<void> }): Promise<void> {
  await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
  await user.keyboard('{Escape}')
}

/** As in the app (src/app/app.tsx): the transport's 403 path sends the person to sign in. */
function ForbiddenRedirect() {
  useForbiddenRedirect()
  return null
}

function Elsewhere() {
  const location = useLocation()
  return <output aria-label="current path">{location.pathname}</output>
}

/** The app's query settings (src/lib/query-client.ts) without retries, so failures show at once. */
export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000, refetchOnWindowFocus: false }, mutations: { retry: false } } })
}

export interface RenderOptions {
  /** The route pattern the element is mounted at; its child routes render inside an Outlet. */
  route?: string
  at?: string
  /** Child routes for a layout element, as path and text of a stand-in page. */
  children?: { path: string; text: string }[]
  /** Options for userEvent, e.g. advanceTimers under fake timers. */
  userOptions?: Parameters<typeof userEvent.setup>[0]
  /** The session's token: a JWT where the test needs the clerk it names (src/lib/session.ts's currentClerk). */
  token?: string
}

/** Renders `element` signed in: a session token is stored so the api-client sends a Bearer header. */
export function renderWithPortal(element: ReactElement, { route = '/my-jobs', at = route, children = [], userOptions, token = 'test-token' }: RenderOptions = {}) {
  sessionStorage.setItem('auth_token', token)
  sessionStorage.setItem('user_role', 'CLERK')
  const client = createTestQueryClient()
  const user = userEvent.setup({ delay: null, ...userOptions })
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[at]}>
          <ForbiddenRedirect />
          <Routes>
            {children.length > 0 ? (
              <Route element={element}>
                {children.map((child) => (
                  <Route key={child.path} path={child.path} element={<h1>{child.text}</h1>} />
                ))}
              </Route>
            ) : (
              <Route path={route} element={element} />
            )}
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return { user, client, ...result }
}

/** A clerk's GET /profile answer in both readings (portal-spec.md §3). */
export function profileAnswer(overrides: Partial<ProfileResponse> = {}): ProfileResponse {
  const base = {
    full_name: 'Jordan Fieldclerk',
    email: 'jordan@example.com',
    company_name: 'Fieldclerk Inventories',
    phone_number: '07700 900123',
    address: '1 High Street, York',
    credits: 42.5,
    is_low_credit: false,
    ...overrides,
  }
  return {
    ...base,
    fullname: base.full_name,
    emailid: base.email,
    companyname: base.company_name,
    phonenumber: base.phone_number,
  }
}
