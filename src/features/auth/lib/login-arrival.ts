// What other screens may hand the login page through navigation state (React Router keeps it in
// history.state, so it survives a reload of /login).

export interface LoginArrival {
  registered?: boolean
  email?: string
  passwordReset?: boolean
  sessionExpired?: boolean
}

export function arrivalFrom(state: unknown): LoginArrival {
  return state && typeof state === 'object' ? (state as LoginArrival) : {}
}

/** The email a new account's arrival fills in the form with; '' for any other arrival. */
export function filledInEmail(arrival: LoginArrival): string {
  return arrival.registered && typeof arrival.email === 'string' ? arrival.email : ''
}

/**
 * Whether the arrival changes the plain form itself (an email filled in): such a visit cannot take over
 * the prerendered form, which is the plain one (src/app/prerendered-screen.ts). A banner does not count:
 * the form draws it once it has taken the prerendered one over (LoginForm).
 */
export function arrivalChangesTheForm(arrival: LoginArrival): boolean {
  return filledInEmail(arrival) !== ''
}
