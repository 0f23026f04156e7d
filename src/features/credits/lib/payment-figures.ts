// The amount check of portal-spec.md §5 (the dialog writes prices and credits with lib/recharge-format.ts).

/** portal-spec.md §5: an amount must be a number above 0 ("Invalid payment amount." otherwise). */
export function isValidPaymentAmount(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isFinite(amount) && amount > 0
}
