// How much of the page's main-thread time in a Lighthouse load was the page's own work, read from
// the load's trace: each task's wall time (`dur`, what Lighthouse's simulation multiplies by 4) and
// the time its thread was running on a core (`tdur`, the thread's CPU clock).
//
// Why: on this 2-core machine the page's main thread was on a core for only about half of its tasks'
// time (Chromium's software compositor drawing and capturing Lighthouse's screenshots beside it, and
// waits of its own), so the same build's blocking time moved with what else the machine did
// (docs/research/my-jobs-tablet.md §13). These figures say how far a run's blocking time is the page's
// work and how far the machine's; the budgets are still judged on Lighthouse's own figure.

/** The trace events this reads; Lighthouse's `artifacts.Trace.traceEvents` has these fields. */
export interface TaskTraceEvent {
  name: string
  ph: string
  pid: number
  tid: number
  ts: number
  dur?: number
  tdur?: number
  args?: { name?: string }
}

export interface MainThreadCpu {
  /** The share of the long-enough tasks' wall time (after the first contentful paint) the thread was running. */
  onCpuShare: number
  /**
   * Blocking time counted as Lighthouse's simulation counts it (4x each task, less 50 ms, tasks after
   * the first contentful paint, to the trace's end rather than Lantern's estimate of interactivity),
   * from each task's CPU time instead of its wall time: the figure had the thread never been off its core.
   */
  blockingFromCpuMs: number
}

/** Lighthouse's simulated CPU slowdown (mobile) and the part of a task that does not block. */
export const CPU_SLOWDOWN = 4
export const BLOCKING_AFTER_MS = 50

/** Read from the page's main thread (the renderer that painted first); undefined when the trace has no paint. */
export function mainThreadCpu(events: readonly TaskTraceEvent[]): MainThreadCpu | undefined {
  const paint = events.find((event) => event.name === 'firstContentfulPaint')
  if (!paint) return undefined
  const main = events.find((event) => event.name === 'thread_name' && event.pid === paint.pid && event.args?.name === 'CrRendererMain')
  if (!main) return undefined
  const tasks = events.filter(
    (event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === paint.pid && event.tid === main.tid && event.ts >= paint.ts && event.tdur !== undefined,
  )
  const blocking = (us: number) => Math.max(0, (us * CPU_SLOWDOWN) / 1000 - BLOCKING_AFTER_MS)
  // Only tasks that could block once slowed down; the many short ones would only dilute the share.
  const long = tasks.filter((task) => blocking(task.dur ?? 0) > 0)
  const wall = long.reduce((sum, task) => sum + (task.dur ?? 0), 0)
  const cpu = long.reduce((sum, task) => sum + (task.tdur ?? 0), 0)
  return {
    onCpuShare: wall === 0 ? 1 : cpu / wall,
    blockingFromCpuMs: tasks.reduce((sum, task) => sum + blocking(task.tdur ?? 0), 0),
  }
}
