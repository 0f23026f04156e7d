// Waiting for a condition, never for a fixed time: `probe` is asked again every `intervalMs` until it
// answers true (or a value), and the wait fails with `what` and the probe's last error after `timeoutMs`.
// A probe that throws GiveUp ends the wait at once (the process it waits for has exited).
export class GiveUp extends Error {}

export async function waitFor<T>(what: string, probe: () => Promise<T | false | null | undefined>, { timeoutMs = 60_000, intervalMs = 100 } = {}): Promise<T> {
  const deadline = Date.now() + timeoutMs
  let lastError: unknown
  for (;;) {
    try {
      const answer = await probe()
      if (answer !== false && answer !== null && answer !== undefined) return answer
    } catch (error) {
      if (error instanceof GiveUp) throw error
      lastError = error
    }
    if (Date.now() > deadline) {
      const cause = lastError instanceof Error ? `: ${lastError.message}` : ''
      throw new Error(`waited ${Math.round(timeoutMs / 1000)} s for ${what}${cause}`)
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs))
  }
}
