// The portal's test files share one worker's loaded modules and its jsdom page (isolate: false in
// vitest.config.ts: loading React, Fluent and the page anew for each file was most of the portal
// suite's time). What one file leaves behind there reaches the next, in whatever order the files run;
// src/test/setup.ts calls this after each file to put back the page a file found. Each line undoes a
// leak seen in shuffled runs or a kind of change the files make (docs/research/test-suite-time.md).
import { focusManager, onlineManager } from '@tanstack/react-query'
import { IDBFactory } from 'fake-indexeddb'
import { vi } from 'vitest'
import { forgetPersistAskedForTests } from '@/lib/device-storage'
import { resetUpdateStateForTests } from '@/lib/sw-bridge'

// Read when this module first loads, before any test has run in this worker: jsdom keeps navigator's
// members on its prototype, so own properties are ones a file defined (mediaDevices, wakeLock, storage).
const navigatorsOwnKeys = new Set(Reflect.ownKeys(navigator))

export function resetSharedPage(): void {
  // vi.stubGlobal('fetch', ...) in ten files; a later file's request must not reach an earlier stand-in.
  vi.unstubAllGlobals()
  vi.unstubAllEnvs()
  // spyOn(navigator, 'onLine'), spyOn(window, 'alert') and the like.
  vi.restoreAllMocks()
  vi.useRealTimers()

  for (const key of Reflect.ownKeys(navigator)) {
    if (!navigatorsOwnKeys.has(key)) Reflect.deleteProperty(navigator, key)
  }

  // A file that announced "offline" left TanStack Query's managers saying so: the next file's queries
  // stayed paused ("Loading your profile..." for ever).
  onlineManager.setOnline(true)
  focusManager.setFocused(undefined)

  // Fluent's portals, toasts and the aria-hidden its dialogs put on their siblings live under <body>,
  // outside Testing Library's containers, which cleanup() removes.
  document.body.replaceChildren()
  for (const name of document.body.getAttributeNames()) document.body.removeAttribute(name)
  window.history.replaceState(null, '', '/')

  // Module state of src/ that lives as long as the page.
  resetUpdateStateForTests()
  forgetPersistAskedForTests()
  // Code that opens IndexedDB itself (not through the replaced local database) starts from empty too.
  globalThis.indexedDB = new IDBFactory()
}
