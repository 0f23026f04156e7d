// Sessions and their refresh tokens. A refresh token is exchanged for a new one on every use
// (rotation); presenting an already exchanged token means a copy is in someone else's hands, so the
// whole session (the token family) is revoked and both holders must sign in again.
import type { Db } from '../db/database.ts'
import { sessionsRepository } from '../repositories/sessions-repository.ts'
import type { AccessTokens } from './access-tokens.ts'
import { hashToken, randomToken } from './tokens.ts'

export const REFRESH_TOKEN_TTL_MS = 14 * 24 * 60 * 60_000

export interface IssuedTokens {
  accessToken: string
  refreshToken: string
  sessionId: string
}

export async function startSession(db: Db, tokens: AccessTokens, userId: string): Promise<IssuedTokens> {
  const refreshToken = randomToken()
  const sessionId = await db.transaction(async (tx) => {
    const id = await sessionsRepository.create(tx, userId)
    await sessionsRepository.addRefreshToken(tx, id, hashToken(refreshToken), new Date(Date.now() + REFRESH_TOKEN_TTL_MS))
    return id
  })
  return { accessToken: await tokens.sign({ userId, sessionId, role: 'CLERK' }), refreshToken, sessionId }
}

export type RefreshOutcome = { ok: true; tokens: IssuedTokens } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' | 'inactive' }

export async function refreshSession(db: Db, tokens: AccessTokens, presented: string, now = new Date()): Promise<RefreshOutcome> {
  const nextToken = randomToken()
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome | { ok: true; userId: string; sessionId: string }> => {
    const found = await sessionsRepository.findRefreshToken(tx, hashToken(presented))
    if (!found) return { ok: false, reason: 'unknown' }
    if (found.sessionRevokedAt) return { ok: false, reason: 'revoked' }
    if (found.rotatedAt || !(await sessionsRepository.markRotated(tx, found.id))) {
      await sessionsRepository.revoke(tx, found.sessionId, 'refresh token reused')
      return { ok: false, reason: 'reused' }
    }
    if (found.expiresAt <= now) return { ok: false, reason: 'expired' }
    if (found.userStatus !== 'active') {
      await sessionsRepository.revoke(tx, found.sessionId, 'account not active')
      return { ok: false, reason: 'inactive' }
    }
    await sessionsRepository.addRefreshToken(tx, found.sessionId, hashToken(nextToken), new Date(now.getTime() + REFRESH_TOKEN_TTL_MS))
    return { ok: true, userId: found.userId, sessionId: found.sessionId }
  })
  if (!outcome.ok || 'tokens' in outcome) return outcome
  const accessToken = await tokens.sign({ userId: outcome.userId, sessionId: outcome.sessionId, role: 'CLERK' })
  return { ok: true, tokens: { accessToken, refreshToken: nextToken, sessionId: outcome.sessionId } }
}

/** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored. */
export async function endSessionByRefreshToken(db: Db, presented: string): Promise<void> {
  const found = await sessionsRepository.findRefreshToken(db, hashToken(presented))
  if (found) await sessionsRepository.revoke(db, found.sessionId, 'logout')
}
