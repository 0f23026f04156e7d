// Every text of the Delete Account dialog. Texts quoted in portal-spec.md (§5, §8) are copied word for
// word; the statements and labels the spec does not word are this portal's own (docs/decisions.md).

export const DELETE_ACCOUNT_TEXT = {
  title: 'Delete Account',
  intro: 'You are asking us to delete your InspectScribe account. Please read and confirm each statement.',
  withinTenDays: 'I understand that my account will be deleted within 10 days.',
  dataCleared: 'I understand that my personal data will be cleared and cannot be recovered.',
  signedOut: 'I understand that I will be signed out now and cannot sign in again.',
  submit: 'Delete Account',
  submitting: 'Deleting...',
  cancel: 'Cancel',
  confirmAll: 'Please confirm all statements to proceed with account deletion.',
  failed: 'Failed to submit account deletion request. Please try again.',
  network: 'Network error when deleting account',
  success: 'Account deleted successfully. Redirecting to login page...',
} as const
