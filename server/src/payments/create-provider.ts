import type { PaymentsSetting } from '../config.ts'
import type { Db } from '../db/database.ts'
import type { PaymentProvider } from './payment-provider.ts'
import { createTestProvider, type TestPaymentProvider } from './test-provider.ts'

/** The provider the settings name; test mode's own extras (its webhook secret) stay visible to its confirm route. */
export type ConfiguredPaymentProvider = (PaymentProvider & { readonly mode: 'stripe' }) | TestPaymentProvider

export async function createPaymentProvider(setting: PaymentsSetting, db: Db): Promise<ConfiguredPaymentProvider> {
  if (setting.mode === 'test') return createTestProvider(db)
  // Stripe mode needs the SDK from the start; imported here so that test mode starts without it (stripe-sdk.ts).
  const { createStripeProvider } = await import('./stripe-provider.ts')
  return createStripeProvider(setting)
}
