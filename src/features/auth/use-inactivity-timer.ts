import { useCallback, useEffect, useRef, useState } from 'react'
import { readLastActivity, writeLastActivity } from '@/lib/session'

// portal-spec.md §9: 15 minutes of inactivity; a warning 15 seconds before; any of these resets it.
export const INACTIVITY_TIMEOUT_MS = 15 * 60_000
export const INACTIVITY_WARNING_MS = 15_000
const ACTIVITY_EVENTS = ['mousemove', 'mousedown', 'keydown', 'scroll', 'touchstart', 'click', 'wheel'] as const
const TICK_MS = 1_000

export interface InactivityState {
  /** Ms left before the forced logout, shown only while warning. */
  remainingMs: number
  warning: boolean
}

/** Counts down from the last activity; calls onTimeout once when the time is up. */
export function useInactivityTimer(onTimeout: () => void, timeoutMs = INACTIVITY_TIMEOUT_MS, warningMs = INACTIVITY_WARNING_MS): InactivityState {
  // Set when the timer starts (reading the clock during render would make the render impure).
  const lastActivity = useRef(0)
  const timedOut = useRef(false)
  /** The last activity as last kept in session storage: written only when it changed. */
  const writtenActivity = useRef<number | null>(null)
  const onTimeoutRef = useRef(onTimeout)
  const [state, setState] = useState<InactivityState>({ remainingMs: timeoutMs, warning: false })

  useEffect(() => {
    onTimeoutRef.current = onTimeout
  }, [onTimeout])

  const evaluate = useCallback(() => {
    if (timedOut.current) return
    // Kept once a second at most, so that a reload carries on from here (src/lib/session.ts).
    if (writtenActivity.current !== lastActivity.current) {
      writeLastActivity(lastActivity.current)
      writtenActivity.current = lastActivity.current
    }
    const remainingMs = Math.max(0, timeoutMs - (Date.now() - lastActivity.current))
    if (remainingMs === 0) {
      timedOut.current = true
      onTimeoutRef.current()
      return
    }
    const warning = remainingMs <= warningMs
    // Outside the warning the exact number does not matter; avoid a render every second.
    setState((previous) => (warning || previous.warning ? { remainingMs, warning } : previous))
  }, [timeoutMs, warningMs])

  useEffect(() => {
    // A reload carries on counting from the activity before it; a time in the future (the device's
    // clock was put back) counts from now.
    const now = Date.now()
    const kept = readLastActivity()
    writtenActivity.current = kept
    lastActivity.current = kept !== null && kept <= now ? kept : now
    const onActivity = () => {
      lastActivity.current = Date.now()
      setState((previous) => (previous.warning ? { remainingMs: timeoutMs, warning: false } : previous))
    }
    for (const event of ACTIVITY_EVENTS) window.addEventListener(event, onActivity, { passive: true, capture: true })
    const interval = window.setInterval(evaluate, TICK_MS)
    // A tablet that slept through the deadline signs out as soon as it wakes.
    document.addEventListener('visibilitychange', evaluate)
    // A reload after the deadline signs out at once, before the pages show anything more.
    evaluate()
    return () => {
      for (const event of ACTIVITY_EVENTS) window.removeEventListener(event, onActivity, { capture: true })
      window.clearInterval(interval)
      document.removeEventListener('visibilitychange', evaluate)
    }
  }, [evaluate, timeoutMs])

  return state
}

/** 75 000 ms → "01:15". */
export function formatCountdown(ms: number): string {
  const totalSeconds = Math.ceil(ms / 1000)
  const minutes = Math.floor(totalSeconds / 60)
  const seconds = totalSeconds % 60
  return `${String(minutes).padStart(2, '0')}:${String(seconds).padStart(2, '0')}`
}
