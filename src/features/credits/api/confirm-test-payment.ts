// POST /payments/test/confirm: the test-mode provider's card confirmation, standing in for Stripe.js and
// Stripe's servers when no keys are configured. A refused card answers 402 `card_declined` with the
// provider's words; by the time a success answers, the payment is credited.
import { PAYMENT_MESSAGES, PAYMENT_PATHS, TestConfirmResponse, type TestConfirmBody } from '@contract/payments.ts'
import { ApiError, apiRequest } from '@/lib/api-client'

export function confirmTestPayment(body: TestConfirmBody): Promise<TestConfirmResponse> {
  return apiRequest(PAYMENT_PATHS.testConfirm, { method: 'POST', json: body, schema: TestConfirmResponse, failureMessage: PAYMENT_MESSAGES.failed })
}

/**
 * Confirms the card and resolves with the paid intent's id. A 409 `conflict` means the intent was
 * already paid: an earlier confirmation's answer was lost on the way. The server delivers its event
 * again, so the credit is certain, and the dialog goes on to await it rather than show a failure.
 */
export async function payWithTestCard(body: TestConfirmBody, paymentIntentId: string): Promise<string> {
  try {
    return (await confirmTestPayment(body)).id
  } catch (error) {
    if (error instanceof ApiError && error.status === 409 && error.code === 'conflict') return paymentIntentId
    throw error
  }
}
