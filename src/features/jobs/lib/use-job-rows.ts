// The table's rows for the list My Jobs holds, built without holding the main thread: a list longer
// than one slice (ROWS_SLICE jobs) is read in slices between which the browser paints and answers
// input (toJobRowsInSlices), and the rows are kept per list, so a render with the same list (a 304,
// a keystroke, another page) finds them at once. Until a new list's rows are ready the rows shown
// before stay shown: a refresh swaps the list a few frames later, never half of it. A first list
// shows nothing until its rows are ready (the page keeps its spinner).
import { useEffect, useReducer, useState } from 'react'
import type { JobAnswer } from './job-answer'
import { ROWS_SLICE, toJobRows, toJobRowsInSlices, type JobRow } from './job-rows'

const builtRows = new WeakMap<readonly JobAnswer[], JobRow[]>()
/** Builds under way, so a list is read once however many renders (or mounts) ask for it. */
const building = new WeakMap<readonly JobAnswer[], Promise<unknown>>()

function buildRows(jobs: readonly JobAnswer[]): Promise<unknown> {
  let built = building.get(jobs)
  if (!built) {
    built = toJobRowsInSlices(jobs).then((rows) => builtRows.set(jobs, rows))
    building.set(jobs, built)
  }
  return built
}

/** The rows built from `jobs`, if they have been: the very array useJobRows gives for them. */
export function rowsBuiltFrom(jobs: readonly JobAnswer[]): JobRow[] | undefined {
  return builtRows.get(jobs)
}

/** The list's rows if they are ready; a short list's are built at once. */
function readyRows(jobs: readonly JobAnswer[]): JobRow[] | undefined {
  let rows = builtRows.get(jobs)
  if (!rows && jobs.length <= ROWS_SLICE) {
    rows = toJobRows(jobs)
    builtRows.set(jobs, rows)
  }
  return rows
}

/** The rows of `jobs`, or of the list shown before while those are built; undefined without a list. */
export function useJobRows(jobs: readonly JobAnswer[] | undefined): JobRow[] | undefined {
  const [, rowsBuilt] = useReducer((count: number) => count + 1, 0)
  const ready = jobs ? readyRows(jobs) : undefined
  // What was shown last, kept from render to render (React's "information from previous renders").
  const [shown, setShown] = useState<JobRow[] | undefined>(ready)
  const rows = jobs ? (ready ?? shown) : undefined
  if (rows !== shown) setShown(rows)

  useEffect(() => {
    if (!jobs || builtRows.has(jobs)) return
    let wanted = true
    void buildRows(jobs).then(() => {
      if (wanted) rowsBuilt()
    })
    return () => {
      wanted = false
    }
  }, [jobs])

  return rows
}
