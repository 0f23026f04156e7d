// Every query that failed while offline is asked again when the connection returns (issue 24 item 13).
//
// TanStack Query's own refetch on reconnect does not cover it: its onlineManager starts as "online"
// whatever navigator.onLine says and only acts when its state changes. A page loaded (or reloaded)
// offline therefore sends its queries, they fail, and the browser's 'online' event later changes
// nothing the library knows of: the balance, the profile and the rest stay failed until a reload.
// And a query that failed with data still fresh (staleTime) would not be refetched even on a change.
// So the browser's own event marks every failed query stale: those on screen are fetched again now,
// the others when a screen next shows them.
import type { QueryClient } from '@tanstack/react-query'

/** Listens for the connection's return; gives back the function that stops listening. */
export function refetchFailedOnReconnect(client: QueryClient): () => void {
  const onOnline = () => void client.invalidateQueries({ predicate: (query) => query.state.status === 'error' })
  window.addEventListener('online', onOnline)
  return () => window.removeEventListener('online', onOnline)
}
