import { BrowserRouter } from 'react-router-dom'
import { installHistoryGate } from '@/lib/history-gate'
import { useForbiddenRedirect } from '@/lib/use-forbidden-redirect'
import { AppProvider } from './provider'
import { AppRoutes } from './routes'

// Before the router listens to Back/Forward, so that leave protection can hold a step back from it.
installHistoryGate()

/** Any 403 has already cleared the session (the transport); send the person to sign in again. */
function ForbiddenRedirect() {
  useForbiddenRedirect()
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
