// Password hashing with argon2id (memory-hard), at OWASP's recommended minimum cost.
import { hash, verify } from '@node-rs/argon2'

// The library's default algorithm is argon2id.
const OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS)
}

export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}
