import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_USE_UNAVAILABLE } from './offline-use-unavailable'
import { registerServiceWorker } from './sw-bridge'

// What a browser that refuses the worker does: its registration is rejected (as in a private window).
const refusal = new DOMException('The operation is insecure.', 'SecurityError')
const register = vi.fn<() => Promise<unknown>>()
vi.mock('workbox-window', () => ({
  Workbox: class {
    addEventListener() {}
    register = register
  },
}))

describe('registerServiceWorker', () => {
  beforeEach(() => {
    // jsdom has no service workers, and a development build registers none: this is a built portal's page.
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true })
    vi.stubEnv('DEV', false)
  })

  afterEach(() => {
    Reflect.deleteProperty(navigator, 'serviceWorker')
    vi.unstubAllEnvs()
  })

  it('says once, as a warning, that offline use is unavailable when the browser refuses the worker', async () => {
    register.mockRejectedValue(refusal)
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    registerServiceWorker()
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith(`${OFFLINE_USE_UNAVAILABLE} The operation is insecure.`))
    expect(warn).toHaveBeenCalledTimes(1)
    expect(register).toHaveBeenCalledTimes(1)
  })
})
