import { format, isValid, parseISO } from 'date-fns'
import { NOTIFICATION_TEXT as TEXT } from '../messages'

/** portal-spec.md §2, §8, §9: "01 Jan 2024, 03:30 PM" in local time; "Unknown time" when missing or invalid. */
export function formatNotificationTime(createdAt: string | null | undefined): string {
  if (!createdAt) return TEXT.unknownTime
  const date = parseISO(createdAt)
  return isValid(date) ? format(date, 'dd MMM yyyy, hh:mm a') : TEXT.unknownTime
}
