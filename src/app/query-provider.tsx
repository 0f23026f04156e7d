import { useContext, useEffect, useState, type ReactNode } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '@/lib/query-client'
import { refetchFailedOnReconnect } from '@/lib/refetch-failed-on-reconnect'
import { QueryClientSlotContext } from './query-client-slot'

/**
 * TanStack Query for the screens that use it: the signed-in frame (every signed-in page and dialog)
 * and the account pages other than sign-in (sign-up, its completion, the password reset). Mounted
 * by their route modules, not above the routes, so that /login, the first screen, downloads no query
 * library (docs/decisions/sign-in-page-javascript.md).
 *
 * Every mount shares the app's one client, kept in the app provider's slot: the signed-in frame
 * unmounts for a moment on the way through /dashboard (Create Job's exit) and comes back with the
 * cache it had, as when the client sat above the routes. Without a slot (a component test that
 * renders a screen alone), a client of its own.
 *
 * While mounted, what failed offline is asked again when the connection returns (src/lib/refetch-failed-on-reconnect.ts).
 */
export function QueryProvider({ children }: { children: ReactNode }) {
  const slot = useContext(QueryClientSlotContext)
  const [client] = useState(() => (slot ? (slot.client ??= createQueryClient()) : createQueryClient()))
  useEffect(() => refetchFailedOnReconnect(client), [client])
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>
}
