// The operator token guards /api/ops/*. It is OPS_TOKEN when set (several server processes share it);
// otherwise one is generated on first start and kept in the database, and each start writes it to
// DATA_DIR/ops-token (readable by its owner only) for the command line on the same machine.
import { createHash, timingSafeEqual } from 'node:crypto'
import { writeFile, mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { Db } from '../db/database.ts'
import { appSecretsRepository } from '../repositories/app-secrets-repository.ts'
import { randomToken } from '../auth/tokens.ts'
import { HttpError } from '../http-error.ts'

export const OPS_TOKEN_FILE = 'ops-token'
export const OPS_MESSAGES = { tokenRequired: 'This call needs the operator token (OPS_TOKEN or DATA_DIR/ops-token).' } as const

export async function resolveOpsToken(db: Db, configured: string | undefined, dataDir: string): Promise<string> {
  // A configured token is a deployment's secret and never written to disk.
  if (configured) return configured
  const token = await appSecretsRepository.keepFirst(db, 'ops', randomToken() + randomToken())
  if (!token) throw new Error('could not store the generated operator token')
  await mkdir(dataDir, { recursive: true })
  await writeFile(path.join(dataDir, OPS_TOKEN_FILE), `${token}\n`, { mode: 0o600 })
  return token
}

const digest = (value: string) => createHash('sha256').update(value).digest()

/** A preHandler that refuses any request without the operator token, in constant time. */
export function requireOpsToken(token: string) {
  const expected = digest(token)
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const header = request.headers.authorization ?? ''
    const offered = header.startsWith('Bearer ') ? header.slice(7).trim() : ''
    if (!offered || !timingSafeEqual(digest(offered), expected)) throw new HttpError(401, OPS_MESSAGES.tokenRequired, 'operator_token_required')
  }
}
