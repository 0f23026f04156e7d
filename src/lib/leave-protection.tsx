// STAND-IN (replaced at merge by the leave helper's module of the same name and signature): asks
// before leaving a dirty form through the app's own buttons, and warns on unload.
import { useEffect, useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router-dom'
import { Button } from '@fluentui/react-components'
import { AppDialog } from '@/components/app-dialog'

export function useLeaveProtection(dirty: boolean): { requestLeave: (to: string) => void; leaveDialog: ReactNode } {
  const navigate = useNavigate()
  const [pending, setPending] = useState<string | null>(null)
  useEffect(() => {
    if (!dirty) return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [dirty])
  const requestLeave = (to: string) => (dirty ? setPending(to) : void navigate(to))
  const leaveDialog = (
    <AppDialog
      open={pending !== null}
      title="Leave this page?"
      modalType="alert"
      onClose={() => setPending(null)}
      actions={
        <>
          <Button onClick={() => setPending(null)}>Stay</Button>
          <Button appearance="primary" onClick={() => pending && navigate(pending)}>
            Leave
          </Button>
        </>
      }
    >
      You have unsaved changes. Are you sure you want to leave this page? All progress will be lost.
    </AppDialog>
  )
  return { requestLeave, leaveDialog }
}
