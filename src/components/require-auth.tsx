import { Navigate, Outlet, useLocation } from 'react-router-dom'
import { isAuthenticated } from '@/lib/session'

/** Protected routes: a visitor without a live session goes to /login (portal-spec.md §2). */
export function RequireAuth() {
  const location = useLocation()
  if (!isAuthenticated()) return <Navigate to="/login" replace state={{ from: location.pathname }} />
  return <Outlet />
}
