// Sessions and their refresh tokens. A refresh token is exchanged for a new one on every use
// (rotation); presenting an already exchanged token means a copy is in someone else's hands, so the
// whole session (the token family) is revoked and both holders must sign in again. The one exception
// is a token exchanged moments ago (REFRESH_REUSE_GRACE_MS): that is two tabs of one clerk refreshing
// together, and the later one gets the same successor the first one got.
import type { Db } from '../db/database.ts'
import { sessionsRepository } from '../repositories/sessions-repository.ts'
import type { AccessTokens } from './access-tokens.ts'
import { hashToken, openWithToken, randomToken, sealWithToken } from './tokens.ts'

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

/**
 * How long a just-exchanged refresh token is still answered, with the successor it was exchanged for.
 * Two tabs whose keep-alives fire together send the same cookie a few milliseconds apart; 10 s covers
 * that and a slow second request, yet leaves a stolen copy little room (see docs/decisions.md).
 */
export const REFRESH_REUSE_GRACE_MS = 10_000

type Exchanged = { ok: true; userId: string; sessionId: string; refreshToken: string; issuedAt: Date }

export async function refreshSession(db: Db, tokens: AccessTokens, presented: string, now = new Date()): Promise<RefreshOutcome> {
  const outcome = await db.transaction(async (tx): Promise<RefreshOutcome | Exchanged> => {
    // Locked until the exchange commits: a concurrent exchange of the same token waits here, then
    // finds it rotated and takes the replay path below.
    const found = await sessionsRepository.findRefreshToken(tx, hashToken(presented))
    if (!found) return { ok: false, reason: 'unknown' }
    if (found.sessionRevokedAt) return { ok: false, reason: 'revoked' }
    if (found.userStatus !== 'active') {
      await sessionsRepository.revoke(tx, found.sessionId, 'account not active')
      return { ok: false, reason: 'inactive' }
    }
    if (found.rotatedAt) {
      // Exchanged already: two tabs at once get the same successor; anything else is a stolen copy.
      const successor = await replayableSuccessor(tx, found, found.rotatedAt, presented, now)
      if (successor) return { ok: true, userId: found.userId, sessionId: found.sessionId, refreshToken: successor, issuedAt: found.rotatedAt }
      await sessionsRepository.revoke(tx, found.sessionId, 'refresh token reused')
      return { ok: false, reason: 'reused' }
    }
    if (found.expiresAt <= now) return { ok: false, reason: 'expired' }
    const nextToken = randomToken()
    if (!(await sessionsRepository.markRotated(tx, found.id, now, sealWithToken(presented, nextToken)))) {
      await sessionsRepository.revoke(tx, found.sessionId, 'refresh token reused')
      return { ok: false, reason: 'reused' }
    }
    // Only this token's successor can still be asked for (inside the window): the older links of the
    // chain are dropped, so an old token and a copy of the table lead nowhere.
    await sessionsRepository.forgetSuccessors(tx, found.sessionId, found.id)
    await sessionsRepository.addRefreshToken(tx, found.sessionId, hashToken(nextToken), new Date(now.getTime() + REFRESH_TOKEN_TTL_MS))
    return { ok: true, userId: found.userId, sessionId: found.sessionId, refreshToken: nextToken, issuedAt: now }
  })
  if (!outcome.ok || 'tokens' in outcome) return outcome
  // Signed with the exchange's time, so a replay in the window gets the very same access token.
  const accessToken = await tokens.sign({ userId: outcome.userId, sessionId: outcome.sessionId, role: 'CLERK' }, outcome.issuedAt)
  return { ok: true, tokens: { accessToken, refreshToken: outcome.refreshToken, sessionId: outcome.sessionId } }
}

type RotatedToken = { successorSealed: string | null; sessionId: string }

/**
 * The successor of a token exchanged at most the grace window ago, when that successor is still the
 * session's live token; null otherwise (too late, or the successor was itself exchanged: reuse).
 */
async function replayableSuccessor(tx: Db, found: RotatedToken, rotatedAt: Date, presented: string, now: Date): Promise<string | null> {
  if (!found.successorSealed || now.getTime() - rotatedAt.getTime() > REFRESH_REUSE_GRACE_MS) return null
  const successor = openWithToken(presented, found.successorSealed)
  if (!successor) return null
  const live = await sessionsRepository.findRefreshToken(tx, hashToken(successor))
  return live && live.sessionId === found.sessionId && !live.rotatedAt && live.expiresAt > now ? successor : null
}

/**
 * Drops the sealed successors whose grace window has passed, as of `now`: they can no longer be
 * answered, and each would let its old token (and a copy of the database) open the live one.
 */
export async function forgetSuccessorsPastGrace(db: Db, now = new Date()): Promise<number> {
  return sessionsRepository.forgetSuccessorsRotatedBefore(db, new Date(now.getTime() - REFRESH_REUSE_GRACE_MS))
}

/** Ends the session a refresh token belongs to (logout). Unknown tokens are ignored. */
export async function endSessionByRefreshToken(db: Db, presented: string): Promise<void> {
  const found = await sessionsRepository.findRefreshToken(db, hashToken(presented))
  if (found) await sessionsRepository.revoke(db, found.sessionId, 'logout')
}
