// Vitest runs each project's global setup in its main process, one project after another, and several
// projects need the same thing: the PGlite archive (server-pglite, server-pglite-mocking, server-s3)
// and the PostgreSQL server with its template (server-postgres, server-postgres-mocking). Made once:
// the first setup makes it, the others reuse it, and the last teardown removes it. Kept on globalThis,
// not in this module: each project loads its setup files through a module runner of its own.

interface Made<T> {
  value: T
  remove(): Promise<void>
}

interface Entry {
  made: Promise<Made<unknown>>
  users: number
}

const registry = globalThis as { inspectscribeSharedSetups?: Map<string, Entry> }
const entries = (registry.inspectscribeSharedSetups ??= new Map())

/** What `make` made for the first project that asked under `key`; `release` is that project's teardown. */
export async function sharedSetup<T>(key: string, make: () => Promise<Made<T>>): Promise<{ value: T; release: () => Promise<void> }> {
  let entry = entries.get(key)
  if (!entry) {
    entry = { made: make(), users: 0 }
    entries.set(key, entry)
  }
  const used = entry
  used.users += 1
  const { value, remove } = (await used.made) as Made<T>
  let released = false
  return {
    value,
    async release() {
      if (released) return
      released = true
      used.users -= 1
      if (used.users > 0) return
      entries.delete(key)
      await remove()
    },
  }
}
