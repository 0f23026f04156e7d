// Requests and answers of the /api/auth calls (portal-spec.md §3 and §7; paths in decisions.md).
import { Type, type Static } from 'typebox'
import { TEXT_INPUT_MAX_LENGTH } from './password-rules.ts'
import { Text } from './input-rules.ts'

const Email = Text({ minLength: 1, maxLength: TEXT_INPUT_MAX_LENGTH })
const Password = Text({ maxLength: TEXT_INPUT_MAX_LENGTH })
const Token = Text({ maxLength: 200 })

export const MessageResponse = Type.Object({
  message: Type.String(),
  success: Type.Optional(Type.Boolean()),
})
export type MessageResponse = Static<typeof MessageResponse>

/** POST /auth/signup-request: start sign-up; e-mails a link to /signup/continue?token=… */
export const SignupRequestBody = Type.Object({
  full_name: Text({ maxLength: TEXT_INPUT_MAX_LENGTH }),
  email: Text({ maxLength: TEXT_INPUT_MAX_LENGTH }),
})
export type SignupRequestBody = Static<typeof SignupRequestBody>

/** POST /auth/get-signup-details */
export const SignupDetailsBody = Type.Object({ signup_token: Token })
export type SignupDetailsBody = Static<typeof SignupDetailsBody>
export const SignupDetailsResponse = Type.Object({
  detail: Type.Object({ email: Type.String(), full_name: Type.String() }),
})
export type SignupDetailsResponse = Static<typeof SignupDetailsResponse>

/** POST /auth/signup: completes sign-up. The role is always CLERK, whatever is sent. */
export const SignupBody = Type.Object({
  email: Email,
  role: Type.Optional(Text({ maxLength: 50 })),
  full_name: Text({ maxLength: TEXT_INPUT_MAX_LENGTH }),
  password: Password,
  phone_number: Type.Optional(Text({ maxLength: 30 })),
  company_name: Type.Optional(Text({ maxLength: TEXT_INPUT_MAX_LENGTH })),
  address: Type.Optional(Text({ maxLength: 500 })),
  signup_token: Token,
})
export type SignupBody = Static<typeof SignupBody>

/** POST /auth/login. Failures answer `detail: {error}`. */
export const LoginBody = Type.Object({ email: Password, password: Password })
export type LoginBody = Static<typeof LoginBody>
export const LoginResponse = Type.Object({
  token: Type.String(),
  role: Type.String(),
  message: Type.String(),
  success: Type.Boolean(),
})
export type LoginResponse = Static<typeof LoginResponse>

/** POST /auth/refresh-token, with the refresh cookie. */
export const RefreshResponse = Type.Object({ access: Type.String() })
export type RefreshResponse = Static<typeof RefreshResponse>

/** POST /auth/forgot-password: the same answer whether or not the e-mail has an account. */
export const ForgotPasswordBody = Type.Object({ email: Text({ maxLength: TEXT_INPUT_MAX_LENGTH }) })
export type ForgotPasswordBody = Static<typeof ForgotPasswordBody>

/** POST /auth/reset-password */
export const ResetPasswordBody = Type.Object({ token: Token, new_password: Password })
export type ResetPasswordBody = Static<typeof ResetPasswordBody>
