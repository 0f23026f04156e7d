import { describe, expect, it, vi } from 'vitest'
import { installHistoryGate, setPopStateGate } from './history-gate'

describe('the history gate', () => {
  it('sees a Back/Forward step before listeners added after it, and can keep it from them', () => {
    installHistoryGate()
    const router = vi.fn()
    window.addEventListener('popstate', router)
    try {
      const removeGate = setPopStateGate((event) => event.stopImmediatePropagation())
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }))
      expect(router).not.toHaveBeenCalled()

      removeGate()
      window.dispatchEvent(new PopStateEvent('popstate', { state: { idx: 1 } }))
      expect(router).toHaveBeenCalledOnce()
    } finally {
      window.removeEventListener('popstate', router)
    }
  })

  it('removes only its own gate: a later gate stays', () => {
    installHistoryGate()
    const later = vi.fn()
    const removeFirst = setPopStateGate(() => undefined)
    const removeLater = setPopStateGate(later)
    removeFirst()
    window.dispatchEvent(new PopStateEvent('popstate'))
    expect(later).toHaveBeenCalledOnce()
    removeLater()
  })

  it('is installed once, however often it is asked', () => {
    installHistoryGate()
    const add = vi.spyOn(window, 'addEventListener')
    installHistoryGate()
    installHistoryGate()
    expect(add.mock.calls.filter(([type]) => type === 'popstate')).toHaveLength(0)
    add.mockRestore()
  })
})
