// Today's date as state that moves on at local midnight, so a list left open overnight asks for the
// new day's default range.
import { useEffect, useState } from 'react'
import { addDays, startOfDay } from 'date-fns'

export function useToday(): Date {
  const [today, setToday] = useState(() => startOfDay(new Date()))
  useEffect(() => {
    const untilMidnight = addDays(today, 1).getTime() - Date.now()
    const timer = window.setTimeout(() => setToday(startOfDay(new Date())), Math.max(1_000, untilMidnight + 1_000))
    return () => window.clearTimeout(timer)
  }, [today])
  return today
}
