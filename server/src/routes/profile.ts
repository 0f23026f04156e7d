import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { ProfileResponse } from '@contract/profile.ts'
import { HttpError } from '../http-error.ts'
import { usersRepository } from '../repositories/users-repository.ts'

/** Credits under this are shown as low (portal-spec.md §9). */
export const LOW_CREDIT_THRESHOLD = 20

export const profileRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate)

  app.get('/', { schema: { response: { 200: ProfileResponse } } }, async (request) => {
    const user = await usersRepository.findById(app.database.db, request.clerk!.userId)
    if (!user) throw new HttpError(404, 'Not found')
    // The credit ledger arrives with the credits feature; until then every balance is zero.
    const credits = 0
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
      credits,
      is_low_credit: credits < LOW_CREDIT_THRESHOLD,
    }
  })
}
