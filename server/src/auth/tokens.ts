import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto'

/** A random token for links and cookies: 256 bits, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url')
}

/** Only hashes of tokens are stored, so a copy of the database cannot be used to sign in. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

// Sealing a value with a token: AES-256-GCM under a key derived from the token itself (HKDF). The
// server keeps no key; only whoever presents the token can open what was sealed with it, so a copy
// of the database alone opens nothing.
const SEAL_INFO = 'inspectscribe sealed-with-token v1'
const sealKey = (token: string) => Buffer.from(hkdfSync('sha256', token, '', SEAL_INFO, 32))

/** `value` encrypted so that only a holder of `token` can read it back (see openWithToken). */
export function sealWithToken(token: string, value: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', sealKey(token), iv)
  const body = Buffer.concat([cipher.update(value, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
}

/** What sealWithToken sealed, or null when `token` is not the one it was sealed with (or it was altered). */
export function openWithToken(token: string, sealed: string): string | null {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) return null
  try {
    const decipher = createDecipheriv('aes-256-gcm', sealKey(token), iv)
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
