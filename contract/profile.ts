import Type, { type Static } from 'typebox'

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
