import { QueryClient, QueryObserver } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { creditKeys, CREDITS_UPDATED_EVENT, refreshCredits } from './credits'

describe('refreshCredits', () => {
  const listeners: (() => void)[] = []
  afterEach(() => {
    for (const stop of listeners.splice(0)) stop()
  })

  function watched(client: QueryClient, queryKey: readonly unknown[], queryFn: () => Promise<unknown>) {
    const observer = new QueryObserver(client, { queryKey, queryFn, staleTime: Infinity })
    listeners.push(observer.subscribe(() => undefined))
    return observer
  }

  it("reads the balance and the profile it comes from again, broadcasts 'credits-updated' once, and leaves other queries alone", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const balances = [42.5, 17.25]
    const balance = vi.fn(async () => balances.shift())
    const profile = vi.fn(async () => ({ full_name: 'Jordan' }))
    const history = vi.fn(async () => [])
    const shown = watched(client, creditKeys.balance, balance)
    watched(client, ['profile'], profile)
    watched(client, ['jobs'], history)
    await vi.waitFor(() => expect(shown.getCurrentResult().data).toBe(42.5))
    const heard = vi.fn()
    window.addEventListener(CREDITS_UPDATED_EVENT, heard)
    listeners.push(() => window.removeEventListener(CREDITS_UPDATED_EVENT, heard))

    await refreshCredits(client)

    expect(shown.getCurrentResult().data).toBe(17.25)
    expect(balance).toHaveBeenCalledTimes(2)
    expect(heard).toHaveBeenCalledTimes(1)
    // The balance is read from the profile (src/lib/profile-query.ts): it is read again too.
    expect(profile).toHaveBeenCalledTimes(2)
    expect(history).toHaveBeenCalledTimes(1)
  })
})
