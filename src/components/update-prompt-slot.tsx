import { lazy, Suspense, useSyncExternalStore } from 'react'
import { isUpdateWaiting, subscribeToUpdates } from '@/lib/sw-bridge'

// The prompt's message bar loads only when an update is actually waiting.
const UpdatePrompt = lazy(() => import('./update-prompt'))

const noUpdateWhilePrerendering = () => false

export function UpdatePromptSlot() {
  // No update waits in a page prerendered at build time, nor while React takes it over.
  const waiting = useSyncExternalStore(subscribeToUpdates, isUpdateWaiting, noUpdateWhilePrerendering)
  if (!waiting) return null
  return (
    <Suspense fallback={null}>
      <UpdatePrompt />
    </Suspense>
  )
}
