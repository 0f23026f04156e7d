// The "latest value" ref: a callback that must stay one function from render to render (a memoized
// child's prop, a handler set up once) can still call what the last render gave it.
import { useLayoutEffect, useRef, type RefObject } from 'react'

/** A ref holding `value` as of the last commit (updated before any event can read it). */
export function useLatest<T>(value: T): RefObject<T> {
  const latest = useRef(value)
  useLayoutEffect(() => {
    latest.current = value
  })
  return latest
}
