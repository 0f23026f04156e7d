import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { MODAL_HIDING_SETTLE_MS, releaseStaleModalHiding } from './modal-hiding'

describe('releaseStaleModalHiding', () => {
  beforeEach(() => {
    vi.useFakeTimers()
    document.body.innerHTML = '<div id="root" aria-hidden="true"></div>'
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
    document.body.innerHTML = ''
  })

  it('gives the page back to screen readers once the dialog has settled', () => {
    releaseStaleModalHiding()
    vi.advanceTimersByTime(MODAL_HIDING_SETTLE_MS - 1)
    expect(document.getElementById('root')?.getAttribute('aria-hidden')).toBe('true')
    vi.advanceTimersByTime(1)
    expect(document.getElementById('root')?.hasAttribute('aria-hidden')).toBe(false)
  })

  it('leaves the hiding alone while another dialog is open', () => {
    document.body.insertAdjacentHTML('beforeend', '<div role="dialog" aria-modal="true"></div>')
    releaseStaleModalHiding()
    vi.advanceTimersByTime(MODAL_HIDING_SETTLE_MS)
    expect(document.getElementById('root')?.getAttribute('aria-hidden')).toBe('true')
  })

  // A test environment torn down within the settle time takes the global document away first; the
  // timer must not reach for it. The page the dialog was on is still there, so it is released.
  it('still releases its own page when the global document is gone before the timer fires', () => {
    const page = document
    releaseStaleModalHiding()
    vi.stubGlobal('document', undefined)
    expect(() => vi.advanceTimersByTime(MODAL_HIDING_SETTLE_MS)).not.toThrow()
    expect(page.getElementById('root')?.hasAttribute('aria-hidden')).toBe(false)
  })

  it('does nothing when the page is gone before the timer fires', () => {
    const page = document
    releaseStaleModalHiding()
    // What a browser does to a page that went away (a closed or removed frame): its document no longer
    // has a window. jsdom keeps the window, so the test takes it away.
    Object.defineProperty(page, 'defaultView', { configurable: true, value: null })
    try {
      expect(() => vi.advanceTimersByTime(MODAL_HIDING_SETTLE_MS)).not.toThrow()
      expect(page.getElementById('root')?.getAttribute('aria-hidden')).toBe('true')
    } finally {
      Reflect.deleteProperty(page, 'defaultView')
    }
  })
})
