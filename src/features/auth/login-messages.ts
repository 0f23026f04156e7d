// The sign-in page's texts (portal-spec.md §2, §8), worded as messages.ts words the other account
// screens'. In a module of their own: messages.ts is shared by every account screen, so the sign-in
// page, the first screen, would download all their texts with its own
// (docs/decisions/sign-in-page-javascript.md).

export const LOGIN_TEXT = {
  title: 'Sign in',
  email: 'Email',
  password: 'Password',
  showPassword: 'Show',
  showPasswordName: 'Show password',
  hidePassword: 'Hide',
  hidePasswordName: 'Hide password',
  forgotPassword: 'Forgot Password',
  signUpPrompt: 'New to InspectScribe?',
  signUp: 'Sign up',
  submit: 'Sign In',
  submitting: 'Signing In...',
  registered: 'Account created successfully! You can now log in.',
  passwordReset: 'Password has been reset successfully! You can now log in with your new password.',
  sessionExpired: 'Your session has timed out due to inactivity. Please log in again.',
  invalidCredentials: 'Invalid Credentials',
  /** Shown for a refusal with code account_inactive, whatever the server's words (portal-spec.md §8 Login). */
  deactivated: 'Your account has been deactivated by admin team',
  failed: 'Login failed',
  network: 'Network error during login',
} as const
