import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { OFFLINE_USE_UNAVAILABLE } from './offline-use-unavailable'
import { holdUntilListShown, listShown } from './list-first'
import { registerServiceWorker, WEB_APP_MANIFEST } from './sw-bridge'

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
    for (const link of document.head.querySelectorAll('link[rel="manifest"]')) link.remove()
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

  describe('the manifest', () => {
    const manifestLinks = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="manifest"]')].map((link) => link.getAttribute('href'))
    beforeEach(() => register.mockResolvedValue(undefined))
    afterEach(() => listShown())

    it('is linked, once My Jobs has shown its list, when the document does not link it (my-jobs.html)', async () => {
      holdUntilListShown()
      registerServiceWorker()
      await Promise.resolve()
      expect(manifestLinks()).toEqual([])
      listShown()
      await vi.waitFor(() => expect(manifestLinks()).toEqual([WEB_APP_MANIFEST]))
    })

    it('is left as it is when the document links it', async () => {
      const link = Object.assign(document.createElement('link'), { rel: 'manifest', href: '/manifest.webmanifest' })
      document.head.append(link)
      registerServiceWorker()
      await vi.waitFor(() => expect(register).toHaveBeenCalled())
      expect(manifestLinks()).toEqual(['/manifest.webmanifest'])
    })
  })
})
