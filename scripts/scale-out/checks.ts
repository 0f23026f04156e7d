// Named checks: each runs, passes or fails with its message, and the run goes on to the next (a failed
// step's later checks that need its result fail with that cause). The summary line is what CI and a
// person read: `N passed, N failed`.
export class Checks {
  passed = 0
  failed: string[] = []

  /** Runs `step`; a throw (or a rejected promise) fails the check with the error's message. */
  async check<T>(name: string, step: () => Promise<T> | T): Promise<T | undefined> {
    const started = performance.now()
    try {
      const value = await step()
      this.passed++
      console.log(`  ok    ${name} (${((performance.now() - started) / 1000).toFixed(1)} s)`)
      return value
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error)
      this.failed.push(name)
      console.log(`  FAIL  ${name}\n        ${message.split('\n').join('\n        ')}`)
      return undefined
    }
  }

  summary(): string {
    return `${this.passed} passed, ${this.failed.length} failed`
  }
}

/** Throws `message` (with what was found) unless `condition` holds. */
export function expectThat(condition: boolean, message: string): asserts condition {
  if (!condition) throw new Error(message)
}

export function expectEqual<T>(actual: T, expected: T, what: string): void {
  const [a, e] = [JSON.stringify(actual), JSON.stringify(expected)]
  if (a !== e) throw new Error(`${what}: expected ${e}, got ${a}`)
}
