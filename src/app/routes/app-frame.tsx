import { useAppToaster } from '@/components/app-toaster-slot'
import { InactivityGuard } from '@/features/auth/components/inactivity-guard'
import { LeaveGuardHost } from '@/lib/leave-guard-host'
import { QueryPersistence } from '../query-persistence'
import { AppShell } from '../shell/app-shell'

/**
 * The frame of the signed-in pages: the offline copy of the clerk's jobs (restored before the pages
 * render, wiped when the session ends), and inside it the inactivity guard around the shell, whose
 * pages ask "Leave this page?" through the leave guard's dialog (it outlives the page it guards).
 * Its pages raise toasts, so it has the app's toaster loaded.
 */
export default function AppFrame() {
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
