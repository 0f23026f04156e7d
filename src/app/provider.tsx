import { useState, type ReactNode } from 'react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { UpdatePromptSlot } from '@/components/update-prompt-slot'
import { AppToasterSlot } from '@/components/app-toaster-slot'
import { QueryClientSlotContext, type QueryClientSlot } from './query-client-slot'

/**
 * What every screen shares. TanStack Query's client is only given a place here: the screens that
 * use it mount the library themselves (src/app/query-provider.tsx), so the sign-in page does not
 * download it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClientSlot] = useState<QueryClientSlot>(() => ({}))
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100dvh' }}>
      <QueryClientSlotContext.Provider value={queryClientSlot}>
        {/* Above the routes: a toast outlives its page (Create Job's, through /dashboard to /my-jobs). */}
        <AppToasterSlot>
          {children}
          <UpdatePromptSlot />
        </AppToasterSlot>
      </QueryClientSlotContext.Provider>
    </FluentProvider>
  )
}
