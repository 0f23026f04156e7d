// Where the app's toaster (src/components/app-toaster.tsx) is mounted, and when. Fluent's Toaster
// brings its toast, portal, motion and focus-management code (about 20 KB gzip), and only the
// signed-in pages raise toasts, so the sign-in screens never load it: the signed-in frame asks for
// it (useAppToaster) and from then on it stays mounted above the routes, so that a toast still
// outlives its page (Create Job's goes through /dashboard, outside the frame, to My Jobs).
import { createContext, lazy, Suspense, useCallback, useContext, useEffect, useState, type ReactNode } from 'react'
import { useWaitingForList } from '@/lib/list-first'

const AppToaster = lazy(() => import('./app-toaster').then(({ AppToaster }) => ({ default: AppToaster })))

const RequestToaster = createContext<() => void>(() => undefined)

export function AppToasterSlot({ children }: { children: ReactNode }) {
  const [wanted, setWanted] = useState(false)
  const request = useCallback(() => setWanted(true), [])
  // On a load of My Jobs, its code is fetched once the list is on screen (src/lib/list-first.ts):
  // toasts follow a clerk's action, which comes after.
  const waiting = useWaitingForList()
  return (
    <RequestToaster.Provider value={request}>
      {children}
      {wanted && !waiting && (
        <Suspense fallback={null}>
          <AppToaster />
        </Suspense>
      )}
    </RequestToaster.Provider>
  )
}

/** Mounts the app's toaster, for good: called by the frame whose pages raise toasts. */
export function useAppToaster(): void {
  const request = useContext(RequestToaster)
  useEffect(() => request(), [request])
}
