// Whether the browser believes it has a connection (navigator.onLine and its online/offline events).
// "Online" can still mean a network that reaches nothing; requests report those failures themselves.
import { useSyncExternalStore } from 'react'

function subscribe(onChange: () => void): () => void {
  window.addEventListener('online', onChange)
  window.addEventListener('offline', onChange)
  return () => {
    window.removeEventListener('online', onChange)
    window.removeEventListener('offline', onChange)
  }
}

const isOnline = () => navigator.onLine
// There is no server rendering; should there be, assume a connection.
const onServer = () => true

export function useOnlineStatus(): boolean {
  return useSyncExternalStore(subscribe, isOnline, onServer)
}
