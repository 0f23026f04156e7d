import { lazy, Suspense, useSyncExternalStore } from 'react'
import { isUpdateWaiting, subscribeToUpdates } from '@/lib/sw-bridge'

// The prompt's message bar loads only when an update is actually waiting.
const UpdatePrompt = lazy(() => import('./update-prompt'))

export function UpdatePromptSlot() {
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting)
  if (!waiting) return null
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  )
}
