import { Type, type Static } from 'typebox'
import { RowId } from './input-rules.ts'

export const Notification = Type.Object({
  id: Type.Integer(),
  message: Type.String(),
  is_read: Type.Boolean(),
  /** ISO 8601. */
  created_at: Type.String(),
  /**
   * The job it is about (a status change, a staff note, a transcript), so the portal can open that
   * job; null for any other notification and once the job is deleted. Not in portal-spec.md §3:
   * added for the portal's link to the job (docs/decisions.md, Hardening: dialogs and notifications).
   */
  job_id: Type.Union([Type.Integer(), Type.Null()]),
})
export type Notification = Static<typeof Notification>

/** GET /notification: newest first. */
export const NotificationList = Type.Array(Notification)

/**
 * PUT /notification/mark-read. `all: true` (this portal's addition) marks every unread notification of
 * the clerk, also those newer than the list the portal holds: that is what Mark all as read means.
 */
export const MarkReadBody = Type.Object({
  notification_ids: Type.Array(RowId(), { maxItems: 500 }),
  all: Type.Optional(Type.Boolean()),
})
export type MarkReadBody = Static<typeof MarkReadBody>
export const MarkReadResponse = Type.Object({ success: Type.Boolean(), updated: Type.Integer() })
export type MarkReadResponse = Static<typeof MarkReadResponse>
