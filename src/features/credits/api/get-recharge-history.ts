// The clerk's recent recharges and their statement's path (portal-spec.md §3, §7: GET
// /clerk/recharge-history). Under creditKeys.all, so the refreshCredits that follows a payment
// (src/lib/credits.ts) reads the history again with the balance.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { PAYMENT_PATHS, RechargeHistory } from '@contract/payments.ts'
import { apiRequest } from '@/lib/api-client'
import { creditKeys } from '@/lib/credits'
import { ADD_CREDIT_TEXT } from '../messages'

export const rechargeHistoryKey = [...creditKeys.all, 'recharge-history'] as const

/** Checked against the contract; a failure carries the server's words, else "Failed to get recharge history". */
export function getRechargeHistory(signal?: AbortSignal): Promise<RechargeHistory> {
  return apiRequest(PAYMENT_PATHS.rechargeHistory, { signal, schema: RechargeHistory, failureMessage: ADD_CREDIT_TEXT.historyFetchFailed })
}

export const rechargeHistoryQueryOptions = () => queryOptions({ queryKey: rechargeHistoryKey, queryFn: ({ signal }) => getRechargeHistory(signal) })

/**
 * `enabled` false while the browser is offline: the request waits for the connection instead of
 * failing, and a history already read stays shown. Said outright rather than left to React Query's
 * own online state, which starts as online whatever the browser says.
 */
export function useRechargeHistory({ enabled }: { enabled: boolean }) {
  return useQuery({ ...rechargeHistoryQueryOptions(), enabled })
}
