// Budgets for the auth endpoints, counted in the database so every server process shares them.
import type { Db } from '../db/database.ts'
import { authEventsRepository, type AuthEventKind } from '../repositories/auth-events-repository.ts'

export interface Budget {
  kind: AuthEventKind
  /** How many events a key may have within the window. */
  perEmail: number
  perAddress: number
  windowMs: number
}

export const LOGIN_FAILURE_BUDGET: Budget = { kind: 'login_failure', perEmail: 5, perAddress: 20, windowMs: 15 * 60_000 }
export const SIGNUP_REQUEST_BUDGET: Budget = { kind: 'signup_request', perEmail: 3, perAddress: 20, windowMs: 60 * 60_000 }
export const RESET_REQUEST_BUDGET: Budget = { kind: 'password_reset_request', perEmail: 3, perAddress: 20, windowMs: 60 * 60_000 }

export const emailKey = (email: string) => `email:${email.trim().toLowerCase()}`
export const addressKey = (ip: string) => `ip:${ip}`

/** Which budget is spent, if any: the e-mail's or the address's. */
export async function spentBudget(db: Db, budget: Budget, email: string, ip: string, now = new Date()): Promise<'email' | 'address' | null> {
  const since = new Date(now.getTime() - budget.windowMs)
  if ((await authEventsRepository.countSince(db, budget.kind, addressKey(ip), since)) >= budget.perAddress) return 'address'
  if ((await authEventsRepository.countSince(db, budget.kind, emailKey(email), since)) >= budget.perEmail) return 'email'
  return null
}

export async function recordEvent(db: Db, budget: Budget, email: string, ip: string): Promise<void> {
  await authEventsRepository.record(db, budget.kind, [emailKey(email), addressKey(ip)])
}
