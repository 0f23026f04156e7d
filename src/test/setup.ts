import '@testing-library/jest-dom/vitest'
import 'fake-indexeddb/auto'
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { performance as nodePerformance } from 'node:perf_hooks'
import { ReadableStream as NodeReadableStream } from 'node:stream/web'
import { afterEach, beforeEach } from 'vitest'
import { cleanup, configure } from '@testing-library/react'
import { draftWritesDone } from '@/features/create-job/draft/draft-saver'
import { LocalDb, replaceLocalDbForTests } from '@/lib/local-db'

// How long findBy*/waitFor wait for their condition before failing. Testing Library's default of
// 1 s is a timing assumption: rendering a Fluent page in jsdom on a busy 2-core machine can take
// longer, and the tests then failed although nothing was wrong. A passing wait returns as soon as its
// condition holds, so a generous limit costs nothing; the portal's testTimeout (vitest.config.ts)
// stays above it.
configure({ asyncUtilTimeout: 10_000 })

// jsdom has no IndexedDB: each test gets an empty one of its own (fake-indexeddb) for src/lib/local-db.ts.
beforeEach(() => replaceLocalDbForTests(new LocalDb(undefined, { indexedDB: new IDBFactory(), IDBKeyRange })))

afterEach(async () => {
  cleanup()
  // A wizard's draft writes still running when it was unmounted (its flush, an erase) end in this test:
  // the next test's database is another one, and a late erase would empty it.
  await draftWritesDone()
  sessionStorage.clear()
  localStorage.clear()
})

// jsdom has no layout engine and no ResizeObserver; Fluent's MessageBar observes its own size.
class NoLayoutResizeObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= NoLayoutResizeObserver

// The portal's files run inside jsdom's own window (Vitest's vmForks pool, vitest.config.ts), which
// lacks two things every browser has and the portal uses: streams (a download read as it arrives) and
// the User Timing marks and measures (the list's jobs:select measure). Node's own are the standard
// ones. The marks are lent to jsdom's Performance rather than replacing it: its now() stays this file's
// own, which a test may stub without reaching the Node process's clock that Vitest itself reads. On the
// prototype, where a browser has them, and where fake timers look for what to fake.
globalThis.ReadableStream ??= NodeReadableStream as typeof ReadableStream
for (const name of ['mark', 'measure', 'clearMarks', 'clearMeasures', 'getEntries', 'getEntriesByName', 'getEntriesByType'] as const) {
  if (typeof performance[name] === 'function') continue
  Object.defineProperty(Performance.prototype, name, { configurable: true, writable: true, value: nodePerformance[name].bind(nodePerformance) })
}

/**
 * jsdom lays nothing out: every offsetParent is null and <body> measures 0 × 0, so Fluent's focus
 * manager (tabster) takes every element for invisible. An opening dialog then finds nothing to focus
 * but its own surface, its focus trap is never activated, and the next pass of tabster's aria-hidden
 * bookkeeping (up to 250 ms later, so it depends on the machine's load) hides the dialog itself.
 * These two stand-ins give tabster what a browser would: an element is laid out unless it or an
 * ancestor is display: none, and the page has a size.
 */
function laidOut(element: HTMLElement | null): boolean {
  for (; element; element = element.parentElement) if (getComputedStyle(element).display === 'none') return false
  return true
}

function standInForLayout(): void {
  Object.defineProperty(HTMLElement.prototype, 'offsetParent', {
    configurable: true,
    get(this: HTMLElement) {
      return laidOut(this) ? this.parentElement : null
    },
  })
  HTMLBodyElement.prototype.getBoundingClientRect = () => new DOMRect(0, 0, 1280, 800)
}
standInForLayout()
