// The password rules of portal-spec.md §5, shared by the portal (messages as the person types) and
// the server (which enforces them again). Checked in this order; the first failure is reported.

export const PASSWORD_MIN_LENGTH = 8
/** Name, email and password inputs are capped at 100 characters (portal-spec.md §9). */
export const TEXT_INPUT_MAX_LENGTH = 100

const RULES: { passes: (password: string) => boolean; message: string }[] = [
  { passes: (p) => p.length >= PASSWORD_MIN_LENGTH, message: 'Password must be at least 8 characters long' },
  { passes: (p) => /[A-Z]/.test(p), message: 'Password must contain at least one uppercase letter' },
  { passes: (p) => /[a-z]/.test(p), message: 'Password must contain at least one lowercase letter' },
  { passes: (p) => /[0-9]/.test(p), message: 'Password must contain at least one number' },
  { passes: (p) => /[^A-Za-z0-9]/.test(p), message: 'Password must contain at least one special character' },
]

/** The first rule the password breaks, or null when it keeps them all. */
export function passwordProblem(password: string): string | null {
  return RULES.find((rule) => !rule.passes(password))?.message ?? null
}

export type PasswordStrength = 'Weak' | 'Moderate' | 'Strong'

/** Satisfied checks among length 8+, upper, lower, digit, special: 2 or fewer Weak, 3-4 Moderate, 5 Strong. */
export function passwordStrength(password: string): PasswordStrength {
  const satisfied = RULES.filter((rule) => rule.passes(password)).length
  if (satisfied <= 2) return 'Weak'
  if (satisfied <= 4) return 'Moderate'
  return 'Strong'
}
