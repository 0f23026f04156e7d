// At most `limit` calls of a function at once; the others wait their turn in order. The audio
// measurer's cap (each call one ffmpeg process) and the transcription engine client's
// (TRANSCRIBE_CONCURRENCY: each call holds a piece of audio and an engine's GPU slot).
export function limitConcurrency<A extends unknown[], R>(limit: number, call: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
  let running = 0
  const waiting: Array<() => void> = []
  return async (...args) => {
    while (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
    running++
    try {
      return await call(...args)
    } finally {
      running--
      waiting.shift()?.()
    }
  }
}
