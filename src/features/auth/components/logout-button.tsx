import { useState } from 'react'
import { Button } from '@fluentui/react-components'
import { useQueryClient } from '@tanstack/react-query'
import { useNavigate } from 'react-router-dom'
import { logout } from '../api/logout'

/** Signs out here and on the server, forgets cached data, and goes to /login. */
export function LogoutButton() {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const [busy, setBusy] = useState(false)
  return (
    <Button
      appearance="subtle"
      disabled={busy}
      onClick={async () => {
        setBusy(true)
        await logout()
        queryClient.clear()
        navigate('/login', { replace: true })
      }}
    >
      Logout
    </Button>
  )
}
