import { useAppToaster } from '@/components/app-toaster-slot'
import { InactivityGuard } from '@/features/auth/components/inactivity-guard'
import { LeaveGuardHost } from '@/lib/leave-guard-host'
import { QueryPersistence } from '../query-persistence'
import { QueryProvider } from '../query-provider'
import { AppShell } from '../shell/app-shell'

/**
 * The frame of the signed-in pages: the offline copy of the clerk's jobs (restored before the pages
 * render, wiped when the session ends), and inside it the inactivity guard around the shell, whose
 * pages ask "Leave this page?" through the leave guard's dialog (it outlives the page it guards).
 * Its pages raise toasts, so it has the app's toaster loaded.
 */
export function AppFrame() {
  useAppToaster()
  return (
    <QueryPersistence>
      <InactivityGuard>
        <LeaveGuardHost>
          <AppShell />
        </LeaveGuardHost>
      </InactivityGuard>
    </QueryPersistence>
  )
}

/** The signed-in frame as its route loads it: with the query client its pages and the frame use. */
export default function SignedInFrame() {
  return (
    <QueryProvider>
      <AppFrame />
    </QueryProvider>
  )
}
