// Every text of the credit balance, the Add Credit dialog and the Payment dialog. The spec names the
// pieces (portal-spec.md §2) but words few of them; its payment words are in contract/payments.ts
// (PAYMENT_MESSAGES, TEST_MODE_LABEL); the rest are this portal's own (docs/decisions.md).

export const CREDIT_TEXT = {
  totalCredit: 'Total Credit',
  /** portal-spec.md §2: '--' while the balance is unknown. */
  unknown: '--',
  loadFailed: 'Could not load credit',
  low: 'Low credit',
  addCredit: 'Add Credit',
  comingSoon: 'Credit packages are coming soon: you will be able to buy credits here.',
  /** Both payment dialogs say this offline (issue 13: payments need the live API). */
  offlinePayments: 'You are offline. Buying credits needs a connection; try again when you are back online.',
} as const

/** The Payment dialog's own words (the spec's are PAYMENT_MESSAGES). */
export const PAYMENT_TEXT = {
  title: 'Payment',
  plan: 'Plan',
  /** What the summary names when no plan was chosen (portal-spec.md §9: the default payment). */
  defaultPlan: 'Default payment',
  creditsToAdd: 'Credits to add',
  price: 'Price',
  preparing: 'Preparing the payment...',
  pay: (price: string) => `Pay ${price}`,
  paying: 'Paying...',
  cancel: 'Cancel',
  close: 'Close',
  cardNumber: 'Card number',
  expiry: 'Expiry date (MM/YY)',
  cvc: 'Security code (CVC)',
  cardDetails: 'Card details',
  testCards: 'Test cards you can use',
  testCardsHint: 'Use any future expiry date and any 3 digits as the security code.',
  cardNumberProblem: 'Enter the card number: 12 to 19 digits.',
  expiryProblem: 'Enter the expiry date as MM/YY, for example 08/29.',
  cvcProblem: 'Enter the 3 or 4 digit security code from the back of the card.',
} as const
