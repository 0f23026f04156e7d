import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { MarkReadBody, MarkReadResponse, NotificationList } from '@contract/notifications.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'

export const notificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database
  app.addHook('preHandler', app.authenticate)

  app.get('/', { schema: { response: { 200: NotificationList } } }, async (request) => {
    const rows = await notificationsRepository.list(db, request.clerk!.userId)
    return rows.map((n) => ({ id: n.id, message: n.message, is_read: n.isRead, created_at: n.createdAt.toISOString(), job_id: n.jobId }))
  })

  app.put('/mark-read', { schema: { body: MarkReadBody, response: { 200: MarkReadResponse } } }, async (request) => {
    const { notification_ids, all } = request.body
    const updated = await notificationsRepository.markRead(db, request.clerk!.userId, all ? 'all' : notification_ids)
    return { success: true, updated }
  })
}
