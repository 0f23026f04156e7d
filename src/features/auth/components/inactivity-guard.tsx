import { useCallback, type ReactNode } from 'react'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { FORCED_LOGOUT_KEY } from '@/lib/session'
import { logout } from '../api/logout'
import { useInactivityTimer } from '../use-inactivity-timer'
import { useSessionKeepAlive } from '../use-session-keep-alive'
import { SessionTimeoutDialog } from './session-timeout-dialog'

/** Wraps the signed-in pages: keeps an active clerk's token fresh, signs an inactive one out. */
export function InactivityGuard({ children }: { children: ReactNode }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()

  const forceLogout = useCallback(() => {
    sessionStorage.setItem(FORCED_LOGOUT_KEY, 'true')
    void logout().finally(() => {
      queryClient.clear()
      navigate('/login', { replace: true, state: { sessionExpired: true } })
    })
  }, [navigate, queryClient])

  const { warning, remainingMs } = useInactivityTimer(forceLogout)
  useSessionKeepAlive()

  return (
    <>
      {children}
      <SessionTimeoutDialog
        open={warning}
        remainingMs={remainingMs}
        // The click itself is activity and resets the timer; nothing else to do.
        onStay={() => undefined}
        onLogout={forceLogout}
      />
    </>
  )
}
