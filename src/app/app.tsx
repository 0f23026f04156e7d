import { useEffect } from 'react'
import { BrowserRouter, useNavigate } from 'react-router-dom'
import { setForbiddenHandler } from '@/lib/api-client'
import { AppProvider } from './provider'
import { AppRoutes } from './routes'

/** Any 403 has already cleared the session (api-client); send the person to sign in again. */
function ForbiddenRedirect() {
  const navigate = useNavigate()
  useEffect(() => setForbiddenHandler(() => navigate('/login', { replace: true })), [navigate])
  return null
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <ForbiddenRedirect />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  )
}
