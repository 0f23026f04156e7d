import Type, { type Static } from 'typebox'
import { RowId } from './input-rules.ts'

export const Notification = Type.Object({
  id: Type.Integer(),
  message: Type.String(),
  is_read: Type.Boolean(),
  /** ISO 8601. */
  created_at: Type.String(),
})
export type Notification = Static<typeof Notification>

/** GET /notification: newest first. */
export const NotificationList = Type.Array(Notification)

/** PUT /notification/mark-read */
export const MarkReadBody = Type.Object({ notification_ids: Type.Array(RowId(), { maxItems: 500 }) })
export type MarkReadBody = Static<typeof MarkReadBody>
export const MarkReadResponse = Type.Object({ success: Type.Boolean(), updated: Type.Integer() })
export type MarkReadResponse = Static<typeof MarkReadResponse>
