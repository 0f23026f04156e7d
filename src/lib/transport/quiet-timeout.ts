// A timeout that counts quiet time, not total time: an upload followed by its progress is given up
// only after `ms` with no byte sent and no answer. The spec's 10-minute limit on cost calculation
// (portal-spec.md §9) must not cut a 1 GB recording that is still going up on a slow line (about
// 14 minutes at 10 Mbit/s); it still ends one that has stalled, or an answer that never comes.

export interface QuietTimeout {
  /** Aborts (with a TimeoutError, as AbortSignal.timeout does) after `ms` without `restart()`. */
  signal: AbortSignal
  /** Something happened (a progress event): the quiet time starts again. */
  restart(): void
}

export function quietTimeout(ms: number): QuietTimeout {
  const controller = new AbortController()
  let timer: ReturnType<typeof setTimeout> | undefined
  const restart = () => {
    clearTimeout(timer)
    if (controller.signal.aborted) return
    timer = setTimeout(() => controller.abort(new DOMException('The request timed out', 'TimeoutError')), ms)
  }
  restart()
  return { signal: controller.signal, restart }
}
