import { createHash, randomBytes } from 'node:crypto'

/** A random token for links and cookies: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only hashes of tokens are stored, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}
