import { InactivityGuard } from '@/features/auth/components/inactivity-guard'
import { AppShell } from '../shell/app-shell'

/** The frame of the signed-in pages: the inactivity guard around the application shell. */
export default function AppFrame() {
  return (
    <InactivityGuard>
      <AppShell />
    </InactivityGuard>
  )
}
