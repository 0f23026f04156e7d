// Where the app keeps its one TanStack Query client without loading the library: the slot is made by
// the app's provider (on every screen, /login included) and filled by the first screen that uses
// queries (src/app/query-provider.tsx). Only the client's type is imported, which the build erases.
import { createContext } from 'react'
import type { QueryClient } from '@tanstack/react-query'

export interface QueryClientSlot {
  client?: QueryClient
}

export const QueryClientSlotContext = createContext<QueryClientSlot | null>(null)
