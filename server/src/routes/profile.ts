import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ChangePasswordBody, ProfileResponse, ProfileUpdateBody } from '@contract/profile.ts'
import { MessageResponse } from '@contract/auth.ts'
import { passwordProblem } from '@contract/password-rules.ts'
import { centsToCredits } from '@contract/money.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { emailKey, LOGIN_FAILURE_BUDGET, recordEvent, spentBudget } from '../auth/throttle.ts'
import { HttpError } from '../http-error.ts'
import { authEventsRepository } from '../repositories/auth-events-repository.ts'
import { notificationsRepository } from '../repositories/notifications-repository.ts'
import { sessionsRepository } from '../repositories/sessions-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import { creditsRepository } from '../repositories/credits-repository.ts'

/** Credits under this are shown as low (portal-spec.md §9). */
export const LOW_CREDIT_THRESHOLD = 20

export const PROFILE_MESSAGES = {
  updated: 'Profile updated successfully',
  nothingToUpdate: 'Nothing to update: send a company name, phone number or address.',
  passwordChanged: 'Password changed successfully',
  wrongCurrentPassword: 'Current password is incorrect',
  sameAsCurrent: 'Current password should not be same as new password',
  tooManyAttempts: 'Too many wrong passwords. Please wait 15 minutes and try again.',
  notifyProfile: 'Your profile details were updated.',
  notifyPassword: 'Your password was changed. If this was not you, reset your password now.',
} as const

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database
  app.addHook('preHandler', app.authenticate)

  const currentUser = async (userId: string) => {
    const user = await usersRepository.findById(db, userId)
    if (!user) throw new HttpError(404, 'Not found')
    return user
  }

  app.get('/', { schema: { response: { 200: ProfileResponse } } }, async (request) => {
    const user = await currentUser(request.clerk!.userId)
    const balanceCents = await creditsRepository.balanceCents(db, user.id)
    return {
      full_name: user.fullName,
      email: user.email,
      company_name: user.companyName,
      phone_number: user.phoneNumber,
      address: user.address,
      fullname: user.fullName,
      emailid: user.email,
      companyname: user.companyName,
      phonenumber: user.phoneNumber,
      credits: centsToCredits(balanceCents),
      is_low_credit: balanceCents < LOW_CREDIT_THRESHOLD * 100,
    }
  })

  // Both readings of the field names are accepted; name and e-mail are never changed (spec §6).
  app.put('/update', { schema: { body: ProfileUpdateBody, response: { 200: MessageResponse } } }, async (request) => {
    const body = request.body
    const changes = {
      companyName: (body.company_name ?? body.companyname)?.trim(),
      phoneNumber: (body.phone_number ?? body.phonenumber)?.trim(),
      address: body.address?.trim(),
    }
    const provided = Object.fromEntries(Object.entries(changes).filter(([, value]) => value !== undefined))
    if (Object.keys(provided).length === 0) throw new HttpError(400, PROFILE_MESSAGES.nothingToUpdate)
    const userId = request.clerk!.userId
    await db.transaction(async (tx) => {
      await usersRepository.updateProfile(tx, userId, provided)
      await notificationsRepository.add(tx, userId, PROFILE_MESSAGES.notifyProfile)
    })
    return { message: PROFILE_MESSAGES.updated, success: true }
  })

  app.put('/change-password', { schema: { body: ChangePasswordBody, response: { 200: MessageResponse } } }, async (request) => {
    const { old_password, new_password } = request.body
    const user = await currentUser(request.clerk!.userId)
    // Guessing the current password here is throttled like guessing it at sign-in.
    if (await spentBudget(db, LOGIN_FAILURE_BUDGET, user.email, request.ip)) throw new HttpError(429, { error: PROFILE_MESSAGES.tooManyAttempts })
    if (!(await verifyPassword(user.passwordHash, old_password))) {
      await recordEvent(db, LOGIN_FAILURE_BUDGET, user.email, request.ip)
      throw new HttpError(400, { error: PROFILE_MESSAGES.wrongCurrentPassword }, 'wrong_current_password')
    }
    if (old_password === new_password) throw new HttpError(400, { error: PROFILE_MESSAGES.sameAsCurrent }, 'password_rejected')
    const problem = passwordProblem(new_password)
    if (problem) throw new HttpError(400, { error: problem }, 'password_rejected')

    const passwordHash = await hashPassword(new_password)
    await db.transaction(async (tx) => {
      await usersRepository.setPasswordHash(tx, user.id, passwordHash)
      // Every other device signs in again; this one stays signed in.
      await sessionsRepository.revokeAllForUser(tx, user.id, 'password changed', request.clerk!.sessionId)
      await authEventsRepository.clear(tx, 'login_failure', emailKey(user.email))
      await notificationsRepository.add(tx, user.id, PROFILE_MESSAGES.notifyPassword)
    })
    return { message: PROFILE_MESSAGES.passwordChanged, success: true }
  })
}
