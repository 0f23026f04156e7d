// A prerendered field (login.html's sign-in form, my-jobs.html's search) takes typing before the
// scripts run and while React takes the document over (hydration). React leaves what the field shows
// as it is when it hydrates, but the state the field is rendered from starts empty, and Fluent's Input
// writes its value to the element on every render: the next render of the field would wipe what was
// typed. So what the field shows becomes the state in the commit that takes the document over (a
// layout effect: before any later render, and before the browser paints), not in a later task.
// Afterwards every change reaches the state through the field's onChange.
import { useLayoutEffect, type RefObject } from 'react'

export function useValueTypedBeforeHydration(field: RefObject<HTMLInputElement | null>, setValue: (value: string) => void): void {
  useLayoutEffect(() => {
    const shown = field.current?.value
    if (shown) setValue(shown)
    // Once, on mount: later changes reach the state through onChange.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [])
}
