import { useState, type ReactNode } from 'react'
import { FluentProvider, webLightTheme } from '@fluentui/react-components'
import { QueryClientProvider } from '@tanstack/react-query'
import { createQueryClient } from '@/lib/query-client'
import { UpdatePromptSlot } from '@/components/update-prompt-slot'
import { AppToasterSlot } from '@/components/app-toaster-slot'

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient)
  return (
    <FluentProvider theme={webLightTheme} style={{ minHeight: '100dvh' }}>
      <QueryClientProvider client={queryClient}>
        {/* Above the routes: a toast outlives its page (Create Job's, through /dashboard to /my-jobs). */}
        <AppToasterSlot>
          {children}
          <UpdatePromptSlot />
        </AppToasterSlot>
      </QueryClientProvider>
    </FluentProvider>
  )
}
