// Test support for the Template Management tests (used only by *.test.tsx files): a stand-in for the
// server behind `fetch` that answers with real Response objects, and a render inside the app's
// providers and a memory router whose other paths show where the page navigated to.
import type { ReactElement } from 'react'
import { render } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { afterEach, beforeEach, vi } from 'vitest'
import { saveSession } from '@/lib/session'
import { useForbiddenRedirect } from '@/lib/use-forbidden-redirect'
import { apiPath, jsonResponse, sentBody, type JsonReply } from '@/test/fake-fetch'

/** A JSON answer, a file answer, or no answer at all (what fetch does when nothing listens). */
export type FakeReply = JsonReply | { status: number; file: string; fileName: string } | 'network'

export interface SeenRequest {
  method: string
  /** The address as the portal asked for it, e.g. /api/clerk-template/create/. */
  url: string
  /** JSON bodies parsed; multipart bodies as the FormData that was sent. */
  body: unknown
  authorization: string | null
}

export interface FakeApi {
  readonly requests: SeenRequest[]
  /** How calls to `"METHOD /path"` (under /api, as encoded on the wire) are answered; a function may hold the answer back. */
  answer(route: string, reply: FakeReply | (() => Promise<FakeReply>)): void
}

export const TEMPLATE_TYPES = ['doc', 'docx', 'odt', 'pdf', 'rtf', 'txt']
export const ALLOWED_TYPES = { audio: ['mp3', 'wav'], template: TEMPLATE_TYPES, support: ['pdf', 'jpg'] }
export const SESSION_TOKEN = 'test-token'

export const aTemplate = { id: 7, template_name: 'Check-in report', template_file: 'clerks/c1/templates/t1/My Report #1.docx' }

/**
 * Replaces `fetch` for each test of the calling file, signs a clerk in, and answers the allowed-types
 * lookup and an empty template list unless a test says otherwise. Unplanned calls reject as a refused
 * connection does.
 */
export function setUpFakeApi(): FakeApi {
  const replies = new Map<string, FakeReply | (() => Promise<FakeReply>)>()
  const api: FakeApi = {
    requests: [],
    answer: (route, reply) => void replies.set(route, reply),
  }
  beforeEach(() => {
    api.requests.length = 0
    replies.clear()
    saveSession(SESSION_TOKEN, 'CLERK')
    api.answer('GET /lookup/allowed-file-types', { status: 200, body: ALLOWED_TYPES })
    api.answer('GET /clerk-template', { status: 200, body: [] })
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input)
      const method = init?.method ?? 'GET'
      api.requests.push({ method, url, body: sentBody(init), authorization: new Headers(init?.headers).get('authorization') })
      // Kept encoded, so a test names the exact address it expects (e.g. a file path with spaces).
      const path = apiPath(url)
      const planned = replies.get(`${method} ${path}`)
      const reply = typeof planned === 'function' ? await planned() : planned
      if (!reply || reply === 'network') throw new TypeError('fetch failed')
      if ('file' in reply)
        return new Response(reply.file, { status: reply.status, headers: { 'content-disposition': `attachment; filename="${reply.fileName}"` } })
      return jsonResponse(reply)
    })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.restoreAllMocks()
  })
  return api
}

export { heldReply } from '@/test/fake-fetch'

/** As in the app (src/app/app.tsx): the transport's 403 path sends the person to sign in. */
function ForbiddenRedirect() {
  useForbiddenRedirect()
  return null
}

function Elsewhere() {
  return <output aria-label="current path">{useLocation().pathname}</output>
}

/** Renders `ui` at /template-management. `applyAccept: false` lets a test pick a file the picker would hide. */
export function renderPage(ui: ReactElement, { applyAccept = true } = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })
  const user = userEvent.setup({ delay: null, applyAccept })
  const result = render(
    <FluentProvider theme={webLightTheme}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/template-management']}>
          <ForbiddenRedirect />
          <Routes>
            <Route path="/template-management" element={ui} />
            <Route path="*" element={<Elsewhere />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </FluentProvider>,
  )
  return { user, client, ...result }
}

export function aFile(name: string, size = 2048, type = 'application/octet-stream'): File {
  const file = new File(['x'], name, { type })
  // A real body of `size` bytes is not needed: the form reads only the size.
  Object.defineProperty(file, 'size', { value: size })
  return file
}
