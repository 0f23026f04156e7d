// The prerendered documents' loader (src/app/start-after-paint.js), run as the browser runs it: a
// classic script whose tag names the entry and the chunks to preload.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'

const LOADER = readFileSync(path.join(import.meta.dirname, 'start-after-paint.js'), 'utf8')

function runLoader(preloads: string[]): void {
  const tag = document.createElement('script')
  tag.dataset.entry = '/assets/index.js'
  tag.dataset.preloads = preloads.join(' ')
  vi.spyOn(document, 'currentScript', 'get').mockReturnValue(tag)
  new Function(LOADER)()
}

const started = () => ({
  entry: [...document.head.querySelectorAll('script[type="module"]')].map((script) => script.getAttribute('src')),
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href')),
})

beforeEach(() => {
  vi.useFakeTimers()
  // A hidden page starts its scripts at once (it paints nothing to wait for).
  vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
  document.head.replaceChildren()
})

test('starts the entry at once and its preloads a few per task, so that no task of the loader is long', () => {
  const chunks = Array.from({ length: 37 }, (_, index) => `/assets/chunk-${index}.js`)
  runLoader(chunks)
  expect(started().entry).toEqual(['/assets/index.js'])
  // Starting a preload costs the main thread about a millisecond on a slow device: My Jobs' 37 in one
  // task were a 47 ms task in Lighthouse's trace.
  expect(started().preloads).toEqual(chunks.slice(0, 6))
  vi.runAllTimers()
  expect(started().preloads).toEqual(chunks)
  expect(started().entry).toEqual(['/assets/index.js'])
})

test('marks a click on a button that keeps an early tap (src/lib/early-tap.ts), and on no other element', () => {
  runLoader([])
  document.body.innerHTML = '<button data-early-tap=""><span>Filters</span></button><button id="other">Other</button>'
  try {
    document.querySelector('span')!.click()
    document.getElementById('other')!.click()
    expect(document.querySelector('[data-early-tap]')!.getAttribute('data-early-tap')).toBe('pending')
    expect(document.getElementById('other')!.hasAttribute('data-early-tap')).toBe(false)
  } finally {
    document.body.replaceChildren()
  }
})
