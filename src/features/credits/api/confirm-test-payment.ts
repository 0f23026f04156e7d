// POST /payments/test/confirm: the test-mode provider's card confirmation, standing in for Stripe.js and
// Stripe's servers when no keys are configured. A refused card answers 402 `card_declined` with the
// provider's words; by the time a success answers, the payment is credited.
import { PAYMENT_MESSAGES, PAYMENT_PATHS, TestConfirmResponse, type TestConfirmBody } from '@contract/payments.ts'
import { apiRequest } from '@/lib/api-client'

export function confirmTestPayment(body: TestConfirmBody): Promise<TestConfirmResponse> {
  return apiRequest(PAYMENT_PATHS.testConfirm, { method: 'POST', json: body, schema: TestConfirmResponse, failureMessage: PAYMENT_MESSAGES.failed })
}
