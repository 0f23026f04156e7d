// Short-lived access tokens: HS256 JWTs naming the clerk and the session. Verification accepts
// HS256 only (so `alg: none` and other algorithms fail) and requires an unexpired `exp`.
import { SignJWT, jwtVerify } from 'jose'
import { IsUuid } from 'typebox/format'
import { randomToken } from './tokens.ts'
import { appSecretsRepository } from '../repositories/app-secrets-repository.ts'
import type { Db } from '../db/database.ts'

export const ACCESS_TOKEN_TTL_SECONDS = 15 * 60
const ISSUER = 'inspectscribe'

export interface AccessClaims {
  userId: string
  sessionId: string
  role: 'CLERK'
}

export interface AccessTokens {
  /** Signed as issued at `issuedAt` (default: now); the same claims and time give the same token. */
  sign(claims: AccessClaims, issuedAt?: Date): Promise<string>
  /** The claims of a valid token, or null for anything else (tampered, expired, wrong algorithm, ids that are not UUIDs). */
  verify(token: string): Promise<AccessClaims | null>
}

export function createAccessTokens(secret: string, now: () => Date = () => new Date()): AccessTokens {
  const key = new TextEncoder().encode(secret)
  return {
    async sign({ userId, sessionId, role }, issuedAtDate = now()) {
      const issuedAt = Math.floor(issuedAtDate.getTime() / 1000)
      return new SignJWT({ sid: sessionId, role })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(userId)
        .setIssuer(ISSUER)
        .setIssuedAt(issuedAt)
        .setExpirationTime(issuedAt + ACCESS_TOKEN_TTL_SECONDS)
        .sign(key)
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          issuer: ISSUER,
          requiredClaims: ['exp', 'sub', 'sid'],
          currentDate: now(),
        })
        if (typeof payload.sub !== 'string' || typeof payload.sid !== 'string' || payload.role !== 'CLERK') return null
        // Both name uuid columns: anything else cannot be a session of ours (and PostgreSQL refuses it as a uuid).
        if (!IsUuid(payload.sub) || !IsUuid(payload.sid)) return null
        return { userId: payload.sub, sessionId: payload.sid, role: 'CLERK' }
      } catch {
        return null
      }
    },
  }
}

/** The configured secret, or the one this deployment generated on its first start (kept in the database). */
export async function resolveJwtSecret(db: Db, configured: string | undefined): Promise<string> {
  if (configured) return configured
  const secret = await appSecretsRepository.keepFirst(db, 'jwt', randomToken() + randomToken())
  if (!secret) throw new Error('could not store the generated JWT secret')
  return secret
}
