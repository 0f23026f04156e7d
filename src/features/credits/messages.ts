// Every text of the credit balance and the Add Credit dialog. The spec names the pieces (portal-spec.md
// §2) but words none of these; they are this portal's own (docs/decisions.md).

export const CREDIT_TEXT = {
  totalCredit: 'Total Credit',
  /** portal-spec.md §2: '--' while the balance is unknown. */
  unknown: '--',
  loadFailed: 'Could not load credit',
  low: 'Low credit',
  addCredit: 'Add Credit',
  comingSoon: 'Credit packages are coming soon: you will be able to buy credits here.',
} as const
