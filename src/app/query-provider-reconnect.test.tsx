// Issue 24 item 13: a query that failed offline is asked again when the connection returns, even where
// TanStack Query's onlineManager never saw the connection go (a page loaded offline: it starts "online").
import { act, render, screen } from '@testing-library/react'
import { useQuery } from '@tanstack/react-query'
import { describe, expect, it } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { QueryProvider } from './query-provider'

function Balance({ fetchBalance }: { fetchBalance: () => Promise<string> }) {
  // No retries: the test is about what happens once the query has failed.
  const balance = useQuery({ queryKey: ['balance'], queryFn: fetchBalance, retry: false })
  if (balance.isError) return <p>Could not load credit</p>
  return <p>{balance.data ?? 'Loading'}</p>
}

describe('queries that failed offline', () => {
  it('are asked again when the browser says the connection is back, without a reload', async () => {
    let connected = false
    const fetchBalance = async () => {
      if (!connected) throw new ApiError({ kind: 'network', status: 0, message: 'offline' })
      return '10.00'
    }
    render(
      <QueryProvider>
        <Balance fetchBalance={fetchBalance} />
      </QueryProvider>,
    )
    expect(await screen.findByText('Could not load credit')).toBeInTheDocument()

    connected = true
    act(() => {
      window.dispatchEvent(new Event('online'))
    })
    expect(await screen.findByText('10.00')).toBeInTheDocument()
  })
})
