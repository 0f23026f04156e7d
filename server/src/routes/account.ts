// Account deletion (GDPR): sign-in ends at once; the erasure task removes the personal data and files
// within 10 days (server/src/tasks/account-erasure.ts).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MessageResponse } from '@contract/auth.ts'
import { sessionsRepository } from '../repositories/sessions-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'

export const ACCOUNT_MESSAGES = {
  deletionRequested: 'Your account will be deleted within 10 days.',
} as const

export const accountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database
  app.addHook('preHandler', app.authenticate)

  app.post('/gdpr-delete', { schema: { response: { 200: MessageResponse } } }, async (request) => {
    const userId = request.clerk!.userId
    await db.transaction(async (tx) => {
      await usersRepository.markDeletionRequested(tx, userId)
      await sessionsRepository.revokeAllForUser(tx, userId, 'account deletion requested')
    })
    request.log.info({ userId }, 'account deletion requested')
    return { message: ACCOUNT_MESSAGES.deletionRequested, success: true }
  })
}
