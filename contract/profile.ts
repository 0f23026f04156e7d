import { Type, type Static } from 'typebox'
import { Text } from './input-rules.ts'

/** GET /profile: both readings of portal-spec.md §3, so either kind of caller finds its fields. */
export const ProfileResponse = Type.Object({
  full_name: Type.String(),
  email: Type.String(),
  company_name: Type.String(),
  phone_number: Type.String(),
  address: Type.String(),
  fullname: Type.String(),
  emailid: Type.String(),
  companyname: Type.String(),
  phonenumber: Type.String(),
  credits: Type.Number(),
  is_low_credit: Type.Boolean(),
})
export type ProfileResponse = Static<typeof ProfileResponse>

/** PUT /profile/update: either reading (portal-spec.md §3). Name and e-mail are never changed. */
export const ProfileUpdateBody = Type.Object({
  full_name: Type.Optional(Text({ maxLength: 100 })),
  fullname: Type.Optional(Text({ maxLength: 100 })),
  phone_number: Type.Optional(Text({ maxLength: 30 })),
  phonenumber: Type.Optional(Text({ maxLength: 30 })),
  company_name: Type.Optional(Text({ maxLength: 100 })),
  companyname: Type.Optional(Text({ maxLength: 100 })),
  address: Type.Optional(Text({ maxLength: 500 })),
  employee_code: Type.Optional(Text({ maxLength: 50 })),
})
export type ProfileUpdateBody = Static<typeof ProfileUpdateBody>

/** PUT /profile/change-password. Failures answer `detail: {error}`. */
export const ChangePasswordBody = Type.Object({
  old_password: Text({ maxLength: 100 }),
  new_password: Text({ maxLength: 100 }),
})
export type ChangePasswordBody = Static<typeof ChangePasswordBody>
