// The guard of every protected route: a valid Bearer access token whose session is live and whose
// account is active. Anything else answers 403, which makes the portal end its session (decisions.md).
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { AUTH_MESSAGES } from '../auth/messages.ts'
import type { AccessTokens } from '../auth/access-tokens.ts'
import { HttpError } from '../http-error.ts'
import { sessionsRepository } from '../repositories/sessions-repository.ts'

export interface Clerk {
  userId: string
  sessionId: string
}

declare module 'fastify' {
  interface FastifyInstance {
    accessTokens: AccessTokens
    /** preHandler for protected routes; sets request.clerk. */
    authenticate: (request: FastifyRequest) => Promise<void>
  }
  interface FastifyRequest {
    clerk: Clerk | null
  }
}

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null
  return match?.[1]
}

export function registerAuthenticate(app: FastifyInstance, accessTokens: AccessTokens): void {
  app.decorate('accessTokens', accessTokens)
  app.decorateRequest('clerk', null)
  app.decorate('authenticate', async (request: FastifyRequest) => {
    const token = bearerToken(request)
    const claims = token ? await accessTokens.verify(token) : null
    if (!claims) throw new HttpError(403, AUTH_MESSAGES.sessionEnded, 'session_ended')
    const account = await sessionsRepository.activeSessionUser(app.database.db, claims.sessionId, claims.userId)
    if (!account || account.status !== 'active') throw new HttpError(403, AUTH_MESSAGES.sessionEnded, 'session_ended')
    request.clerk = { userId: claims.userId, sessionId: claims.sessionId }
  })
}
