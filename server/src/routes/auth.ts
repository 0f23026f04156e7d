// /api/auth: sign-up by e-mailed link, sign-in, refresh, logout, password reset.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import {
  ForgotPasswordBody,
  LoginBody,
  LoginResponse,
  MessageResponse,
  RefreshResponse,
  ResetPasswordBody,
  SignupBody,
  SignupDetailsBody,
  SignupDetailsResponse,
  SignupRequestBody,
} from '@contract/auth.ts'
import { passwordProblem } from '@contract/password-rules.ts'
import { AUTH_MESSAGES as M } from '../auth/messages.ts'
import { hashPassword, verifyPassword } from '../auth/passwords.ts'
import { endSessionByRefreshToken, refreshSession, REFRESH_TOKEN_TTL_MS, startSession } from '../auth/sessions.ts'
import { emailKey, LOGIN_FAILURE_BUDGET, recordEvent, RESET_REQUEST_BUDGET, SIGNUP_REQUEST_BUDGET, spentBudget } from '../auth/throttle.ts'
import { hashToken, randomToken } from '../auth/tokens.ts'
import { queuePasswordResetMail, startPasswordResetMails } from '../auth/password-reset-mail.ts'
import { queueMail } from '../email/outbox.ts'
import { signupLinkMail } from '../email/templates.ts'
import { HttpError } from '../http-error.ts'
import { authEventsRepository } from '../repositories/auth-events-repository.ts'
import { passwordResetsRepository, signupRequestsRepository } from '../repositories/one-time-links-repository.ts'
import { sessionsRepository } from '../repositories/sessions-repository.ts'
import { usersRepository } from '../repositories/users-repository.ts'

export const SIGNUP_LINK_TTL_MS = 24 * 60 * 60_000
export const REFRESH_COOKIE = 'inspectscribe_refresh'

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

// Compared against when the e-mail is unknown, so a failed sign-in takes as long either way.
let unknownUserHash: Promise<string> | undefined

export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app.database
  const { config } = app

  const setRefreshCookie = (reply: FastifyReply, token: string) =>
    reply.setCookie(REFRESH_COOKIE, token, {
      httpOnly: true,
      sameSite: 'strict',
      secure: config.publicUrl.startsWith('https:'),
      path: '/api/auth',
      maxAge: REFRESH_TOKEN_TTL_MS / 1000,
    })
  const clearRefreshCookie = (reply: FastifyReply) => reply.clearCookie(REFRESH_COOKIE, { path: '/api/auth' })
  const link = (path: string, token: string) => `${config.publicUrl}${path}?token=${encodeURIComponent(token)}`

  app.post('/signup-request', { schema: { body: SignupRequestBody, response: { 200: MessageResponse } } }, async (request) => {
    const fullName = request.body.full_name.trim()
    const email = request.body.email.trim()
    if (!fullName || !email) throw new HttpError(400, M.nameAndEmailRequired)
    if (!EMAIL_PATTERN.test(email)) throw new HttpError(400, M.invalidEmail)
    if (await spentBudget(db, SIGNUP_REQUEST_BUDGET, email, request.ip)) throw new HttpError(429, M.tooManySignupRequests)
    if (await usersRepository.findByEmail(db, email)) throw new HttpError(409, M.emailExists, 'email_taken')

    const token = randomToken()
    // The link's mail is written with the request it carries (the outbox), and sent right after.
    await db.transaction(async (tx) => {
      await signupRequestsRepository.create(tx, { email, fullName, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + SIGNUP_LINK_TTL_MS) })
      await queueMail(tx, signupLinkMail(email, fullName, link('/signup/continue', token)))
    })
    await recordEvent(db, SIGNUP_REQUEST_BUDGET, email, request.ip)
    await app.outbox.drain()
    return { message: M.signupRequested, success: true }
  })

  app.post('/get-signup-details', { schema: { body: SignupDetailsBody, response: { 200: SignupDetailsResponse } } }, async (request) => {
    const pending = await signupRequestsRepository.findUsable(db, hashToken(request.body.signup_token))
    if (!pending) throw new HttpError(400, M.signupLinkInvalid, 'link_invalid')
    return { detail: { email: pending.email, full_name: pending.fullName } }
  })

  app.post('/signup', { schema: { body: SignupBody, response: { 200: MessageResponse } } }, async (request) => {
    const body = request.body
    const pending = await signupRequestsRepository.findUsable(db, hashToken(body.signup_token))
    if (!pending) throw new HttpError(400, M.signupLinkInvalid, 'link_invalid')
    if (body.email.trim().toLowerCase() !== pending.email.toLowerCase()) throw new HttpError(400, M.signupLinkOtherEmail)
    const problem = passwordProblem(body.password)
    if (problem) throw new HttpError(400, problem, 'password_rejected')

    const passwordHash = await hashPassword(body.password)
    // The name and e-mail are the ones the link was issued for; the role is always CLERK.
    await db.transaction(async (tx) => {
      if (!(await signupRequestsRepository.markUsed(tx, pending.id))) throw new HttpError(400, M.signupLinkInvalid, 'link_invalid')
      const created = await usersRepository.create(tx, {
        email: pending.email,
        fullName: pending.fullName,
        passwordHash,
        phoneNumber: body.phone_number?.trim() ?? '',
        companyName: body.company_name?.trim() ?? '',
        address: body.address?.trim() ?? '',
      })
      if (!created) throw new HttpError(409, M.emailExists, 'email_taken')
    })
    return { success: true, message: M.accountCreated }
  })

  app.post('/login', { schema: { body: LoginBody, response: { 200: LoginResponse } } }, async (request, reply) => {
    const { email, password } = request.body
    if (await spentBudget(db, LOGIN_FAILURE_BUDGET, email, request.ip)) throw new HttpError(429, { error: M.tooManyLoginFailures })

    const user = await usersRepository.findByEmail(db, email)
    unknownUserHash ??= hashPassword(randomToken())
    const passwordMatches = await verifyPassword(user?.passwordHash ?? (await unknownUserHash), password)
    if (!user || !passwordMatches) {
      await recordEvent(db, LOGIN_FAILURE_BUDGET, email, request.ip)
      throw new HttpError(401, { error: M.invalidCredentials }, 'invalid_credentials')
    }
    if (user.status === 'deactivated') throw new HttpError(403, { error: M.inactiveAccount }, 'account_inactive')
    if (user.status === 'deleting') throw new HttpError(403, { error: M.accountBeingDeleted }, 'account_being_deleted')

    await authEventsRepository.clear(db, 'login_failure', emailKey(email))
    const issued = await startSession(db, app.accessTokens, user.id)
    setRefreshCookie(reply, issued.refreshToken)
    return { token: issued.accessToken, role: user.role, message: M.loginSucceeded, success: true }
  })

  app.post('/refresh-token', { schema: { response: { 200: RefreshResponse } } }, async (request, reply) => {
    const presented = request.cookies[REFRESH_COOKIE]
    const outcome = presented ? await refreshSession(db, app.accessTokens, presented) : ({ ok: false, reason: 'unknown' } as const)
    if (!outcome.ok) {
      request.log.info({ reason: outcome.reason }, 'refresh refused')
      clearRefreshCookie(reply)
      throw new HttpError(403, M.sessionEnded, 'session_ended')
    }
    setRefreshCookie(reply, outcome.tokens.refreshToken)
    return { access: outcome.tokens.accessToken }
  })

  app.post('/logout', { schema: { response: { 200: MessageResponse } } }, async (request: FastifyRequest, reply) => {
    const presented = request.cookies[REFRESH_COOKIE]
    if (presented) await endSessionByRefreshToken(db, presented)
    // The access token's session ends too, even if the cookie was lost.
    const header = request.headers.authorization
    const claims = header?.startsWith('Bearer ') ? await app.accessTokens.verify(header.slice(7).trim()) : null
    if (claims) await sessionsRepository.revoke(db, claims.sessionId, 'logout')
    clearRefreshCookie(reply)
    return { message: M.signedOut, success: true }
  })

  // The account look-up, the link and the e-mail run in a queued job, not in this request: the answer
  // waits for nothing that depends on the account, and the request is in the database before the answer,
  // so a process that dies right after answering loses no reset e-mail (auth/password-reset-mail.ts).
  await startPasswordResetMails(app)

  app.post('/forgot-password', { schema: { body: ForgotPasswordBody, response: { 200: MessageResponse } } }, async (request) => {
    const email = request.body.email.trim()
    if (!email) throw new HttpError(400, 'Please enter your email address.')
    const spent = await spentBudget(db, RESET_REQUEST_BUDGET, email, request.ip)
    if (spent === 'address') throw new HttpError(429, M.tooManyResetRequests)
    // From here on the answer is the same whether or not the e-mail has an account, and so is its
    // timing: nothing that depends on the account is awaited.
    if (spent === null) {
      await recordEvent(db, RESET_REQUEST_BUDGET, email, request.ip)
      await queuePasswordResetMail(app, email)
    }
    return { message: M.resetLinkSent, success: true }
  })

  app.post('/reset-password', { schema: { body: ResetPasswordBody, response: { 200: MessageResponse } } }, async (request) => {
    const reset = await passwordResetsRepository.findUsable(db, hashToken(request.body.token))
    if (!reset) throw new HttpError(400, M.resetLinkInvalid, 'link_invalid')
    const problem = passwordProblem(request.body.new_password)
    if (problem) throw new HttpError(400, problem, 'password_rejected')
    const passwordHash = await hashPassword(request.body.new_password)
    await db.transaction(async (tx) => {
      await usersRepository.setPasswordHash(tx, reset.userId, passwordHash)
      await passwordResetsRepository.useAllForUser(tx, reset.userId)
      await sessionsRepository.revokeAllForUser(tx, reset.userId, 'password reset')
      await authEventsRepository.clear(tx, 'login_failure', emailKey((await usersRepository.findById(tx, reset.userId))!.email))
    })
    return { message: M.passwordReset, success: true }
  })
}
