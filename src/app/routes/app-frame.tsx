import { InactivityGuard } from '@/features/auth/components/inactivity-guard'
import { QueryPersistence } from '../query-persistence'
import { AppShell } from '../shell/app-shell'

/**
 * The frame of the signed-in pages: the offline copy of the clerk's jobs (restored before the pages
 * render, wiped when the session ends), and inside it the inactivity guard around the shell.
 */
export default function AppFrame() {
  return (
    <QueryPersistence>
      <InactivityGuard>
        <AppShell />
      </InactivityGuard>
    </QueryPersistence>
  )
}
