// Every text the account screens show, in one place. Texts quoted in portal-spec.md (§2, §5, §8, §9)
// are copied word for word; labels and explanations the spec does not word are this portal's own
// (docs/decisions/accounts-portal-screens.md). The sign-in page's own are in login-messages.ts.

export const SIGNUP_TEXT = {
  title: 'Sign Up',
  intro: 'Create your InspectScribe account. We will email you a link to finish setting it up.',
  fullName: 'Full Name',
  email: 'Email',
  agreeBefore: 'I agree to the ',
  termsLink: 'Terms and Conditions',
  submit: 'Continue',
  submitting: 'Continuing...',
  signInPrompt: 'Already have an account?',
  signIn: 'Sign in',
  required: 'Please enter your full name and email',
  mustAgree: 'You must agree to the Terms and Conditions to continue',
  emailExists: 'Email ID already exists. Please use a different email or try logging in.',
  failed: 'Something went wrong. Please try again.',
  notSuccessful: 'Signup failed. Please try again.',
} as const

export const TERMS_TEXT = {
  title: 'Terms and Conditions',
  frameTitle: 'Terms and Conditions',
  document: '/terms-and-conditions.html',
  close: 'Close',
  back: 'Back',
  returnToSignUp: 'Return to Sign Up',
} as const

export const CHECK_EMAIL_TEXT = {
  title: 'Check your email',
  thanks: (name: string) => `Thank you for signing up, ${name}.`,
  sentTo: 'We have sent a registration link with a signup token to',
  sentToYou: 'We have sent a registration link with a signup token to your email address.',
  next: 'Open the link in that email to complete your profile and choose your password.',
  spam: 'If you cannot find the email in your inbox, please check your spam or junk folder.',
  returnToLogin: 'Return to Login',
} as const

export const COMPLETE_PROFILE_TEXT = {
  title: 'Complete your profile',
  intro: 'Add your details and choose a password to finish creating your account.',
  checking: 'Checking your sign-up link...',
  fullName: 'Full Name',
  email: 'Email',
  phoneNumber: 'Phone Number',
  companyName: 'Company Name',
  address: 'Address',
  password: 'Password',
  confirmPassword: 'Confirm Password',
  /** Under the read-only name and email (the User Profile dialog says the like). */
  readOnlyHint: 'Your name and email come from your sign-up link and cannot be changed.',
  submit: 'Create Account',
  submitting: 'Creating Account...',
  missingToken: 'Invalid or missing signup token. Please check your email link.',
  passwordRequired: 'Please provide a password',
  missingUser: 'Missing user information. Please try with a new signup link.',
  mismatch: 'Passwords do not match',
  invalidToken: 'Invalid signup token. Please check your email link.',
  detailsFailed: 'Failed to verify signup token. Please try again or request a new signup link.',
  detailsIncomplete: 'Incomplete user data received from server',
  detailsNoEmail: 'Email information missing from the server response.',
  detailsNoName: 'Name information missing from the server response.',
  detailsNetwork: 'Network error when fetching signup details',
  createFailed: 'Failed to create account. Please try again.',
  notSuccessful: 'Failed to complete signup. Please try again.',
  network: 'Network error during signup completion',
  success: 'Signup Successful. Redirecting to Sign In page...',
} as const

export const FORGOT_PASSWORD_TEXT = {
  title: 'Forgot password',
  intro: 'Enter the email address of your account and we will send you a link to reset your password.',
  email: 'Email',
  submit: 'Reset Password',
  submitting: 'Sending...',
  backToSignIn: 'Back to Sign In',
  required: 'Please enter your email address.',
  /** portal-spec.md §7: an answer in these words means the link is on its way. */
  sentPattern: /reset link has been sent|check your email/i,
  checkInbox: 'Look in your inbox for an email from InspectScribe and follow the link in it. If it has not arrived within a few minutes, check your spam or junk folder.',
  failed: 'Failed to send password reset request. Please try again.',
  network: 'Network error during password reset request',
} as const

export const RESET_PASSWORD_TEXT = {
  title: 'Reset password',
  intro: 'Choose a new password for your account.',
  newPassword: 'New Password',
  confirmPassword: 'Confirm Password',
  submit: 'Reset Password',
  submitting: 'Resetting Password...',
  backToSignIn: 'Back to Sign In',
  missingToken: 'Invalid or missing reset token. Please request a new password reset link.',
  bothRequired: 'Please enter both password fields.',
  mismatch: 'Passwords do not match.',
  failed: 'Failed to reset password. Please try again or request a new reset link.',
  network: 'Network error during password reset',
  success: 'Your password has been reset successfully.',
} as const

export const PASSWORD_TEXT = {
  rules: 'At least 8 characters, with an uppercase letter, a lowercase letter, a number and a special character.',
  /** The toggle beside each new-password field, as on the sign-in page (login-messages.ts). */
  show: 'Show',
  hide: 'Hide',
  showName: (field: string) => `Show ${field.toLowerCase()}`,
  hideName: (field: string) => `Hide ${field.toLowerCase()}`,
} as const
