// Throws odd values at every route of the real application and fails on any server error (5xx), on an
// error answer without the product's `{detail, code}` shape (a code from contract/errors.ts), and on a
// NUL byte that is not refused. The routes come from the application itself (route-catalogue.ts), so a
// new route is covered without being listed here; the values come from each route's own schema
// (odd-requests.ts).
import type { LightMyRequestResponse } from 'fastify'
import { afterAll, describe, expect, it } from 'vitest'
import { ERROR_CODES } from '@contract/errors.ts'
import { hashPassword } from '../../src/auth/passwords.ts'
import { startSession } from '../../src/auth/sessions.ts'
import { usersRepository } from '../../src/repositories/users-repository.ts'
import { REFRESH_COOKIE } from '../../src/routes/auth.ts'
import { bearer, createDemoJobsFor, createTestApp, opsHeaders, STRONG_PASSWORD } from '../support/test-app.ts'
import { oddRequests, type JsonSchema, type OddRequest } from './odd-requests.ts'
import { catalogRoutes } from './route-catalogue.ts'

const { built: t, routes } = await catalogRoutes(() => createTestApp())
afterAll(() => t.app.close())

const passwordHash = hashPassword(STRONG_PASSWORD)
let clerks = 0
let addresses = 0

/** A clerk of its own for each route, signed in, with one job: a route that ends the session or deletes the account harms no other. */
async function freshClerk() {
  const email = `odd.clerk.${++clerks}@example.com`
  const user = await usersRepository.create(t.database.db, { email, fullName: 'Odd Clerk', passwordHash: await passwordHash })
  const session = await startSession(t.database.db, t.app.accessTokens, user!.id)
  const [jobId] = await createDemoJobsFor(t, email, 1)
  // Correctly signed tokens whose session or clerk id is not a UUID, headers that are no token at all, odd refresh cookies.
  const forged = await Promise.all([
    t.app.accessTokens.sign({ userId: user!.id, sessionId: 'not-a-uuid', role: 'CLERK' }),
    t.app.accessTokens.sign({ userId: `${user!.id}\u0000`, sessionId: session.sessionId, role: 'CLERK' }),
  ])
  const oddHeaders = [
    ...[...forged.map((token) => `Bearer ${token}`), `Bearer ${'x'.repeat(8000)}`, 'Bearer', 'Basic b2RkOm9kZA=='].map((authorization) => ({ authorization })),
    ...['%E0%A4%A', '%00', 'x'.repeat(4000), '"', ''].map((value) => ({ cookie: `${REFRESH_COOKIE}=${value}` })),
  ]
  return { email, jobId: jobId!, oddHeaders, headers: { ...bearer(session.accessToken), cookie: `${REFRESH_COOKIE}=${session.refreshToken}` } }
}

/** Each request from its own address, so the sign-in and sign-up budgets never stand in for validation. */
const nextAddress = () => {
  const n = ++addresses
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`
}

function problemWith(method: string, request: OddRequest, response: LightMyRequestResponse): string | null {
  const status = response.statusCode
  if (status >= 500) return `answered ${status}: ${response.body.slice(0, 200)}`
  if (request.carriesNul && status < 400) return `accepted a NUL byte with ${status}`
  if (status < 400 || method === 'HEAD') return null
  let body: { detail?: unknown; code?: unknown }
  try {
    body = response.json()
  } catch {
    return `answered ${status} with a body that is not JSON: ${response.body.slice(0, 200)}`
  }
  const { detail, code } = body
  const text = typeof detail === 'object' && detail !== null ? (detail as { error?: unknown }).error : detail
  if (typeof text !== 'string' || text.length === 0) return `answered ${status} without a detail: ${response.body.slice(0, 200)}`
  if (!(ERROR_CODES as readonly unknown[]).includes(code)) return `answered ${status} without a known code: ${response.body.slice(0, 200)}`
  if (request.refusedField && !(status === 400 && text.includes(request.refusedField))) return `was not refused by the schema (${status} ${text})`
  return null
}

describe('odd input at every route', () => {
  it('finds every route of the application', () => {
    const names = routes.map((route) => `${route.method} ${route.url}`)
    expect(names).toEqual(
      expect.arrayContaining(['GET /api/clerk/dashboard', 'GET /api/files/:kind/*', 'POST /api/ops/jobs/:jobId/notes', 'POST /api/auth/login', 'DELETE /api/clerk-template/:id']),
    )
    expect(names.length).toBeGreaterThan(25)
  })

  for (const route of routes) {
    it(`${route.method} ${route.url} never answers 5xx`, async () => {
      const clerk = await freshClerk()
      const headers = route.url.startsWith('/api/ops/') ? opsHeaders(t) : clerk.headers
      const known = { email: clerk.email, jobId: clerk.jobId, kind: '10' }
      const schema = route.schema as { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema } | undefined
      const problems: string[] = []
      for (const request of oddRequests(route.method, route.url, schema, known, clerk.oddHeaders)) {
        const response = await t.app.inject({
          method: route.method as 'GET',
          url: request.url,
          payload: request.payload,
          headers: { ...headers, ...request.headers },
          remoteAddress: nextAddress(),
        })
        const problem = problemWith(route.method, request, response)
        if (problem) problems.push(`${request.label}: ${problem}`)
      }
      expect(problems).toEqual([])
    }, 180_000)
  }
})
