// The server's own words about payments (the spec's words are contract/payments.ts's PAYMENT_MESSAGES).
export const PAYMENT_SERVER_MESSAGES = {
  planNotOffered: (planId: number) => `The recharge plan ${planId} is not offered. Please choose one of the plans shown.`,
  paymentNotFound: 'This payment was not found. Please start the payment again.',
  alreadyPaid: 'This payment has already been made. Your credits have been added; nothing more was charged.',
  providerUnavailable: 'The card provider could not be reached. Please try again in a moment.',
  signatureInvalid: 'The event’s signature does not match its body.',
  eventUnreadable: 'The event is not a payment event this server can read.',
} as const
