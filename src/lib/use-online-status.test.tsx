import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useOnlineStatus } from './use-online-status'

function Probe() {
  return <output aria-label="connection">{useOnlineStatus() ? 'online' : 'offline'}</output>
}

/** Sets what navigator.onLine answers and announces it as the browser does. */
function goOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
  act(() => void window.dispatchEvent(new Event(online ? 'online' : 'offline')))
}

afterEach(() => {
  vi.restoreAllMocks()
})

describe('useOnlineStatus', () => {
  it('reads navigator.onLine at first', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    render(<Probe />)
    expect(screen.getByLabelText('connection')).toHaveTextContent('offline')
  })

  it('follows the offline and online events', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true)
    render(<Probe />)
    expect(screen.getByLabelText('connection')).toHaveTextContent('online')
    goOnline(false)
    expect(screen.getByLabelText('connection')).toHaveTextContent('offline')
    goOnline(true)
    expect(screen.getByLabelText('connection')).toHaveTextContent('online')
  })
})
