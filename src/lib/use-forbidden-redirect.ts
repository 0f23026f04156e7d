import { useEffect } from 'react'
import { useNavigate } from 'react-router-dom'
import { setForbiddenHandler } from './api-client'

/**
 * Makes the transport's one 403 path send the person to sign in (portal-spec.md §4). The transport
 * has already cleared the session; screens do nothing more about a 403.
 */
export function useForbiddenRedirect(): void {
  const navigate = useNavigate()
  useEffect(() => setForbiddenHandler(() => navigate('/login', { replace: true })), [navigate])
}
