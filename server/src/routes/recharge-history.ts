// GET /api/clerk/recharge-history: the signed-in clerk's newest recharges and the path of their
// statement (portal-spec.md §3). Operator adjustments and job charges are not recharges: they are in
// the statement's running balance, not in this list (decisions.md, Payments: the recharge history).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { centsToCredits } from '@contract/money.ts'
import { RECENT_TRANSACTIONS_LIMIT, RechargeHistory } from '@contract/payments.ts'
import { rechargesRepository } from '../repositories/recharges-repository.ts'
import { rechargeStatementPath } from '../statements/recharge-statement.ts'

export const rechargeHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate)

  // PAYMENT_PATHS.rechargeHistory, under the /clerk prefix.
  app.get('/recharge-history', { schema: { response: { 200: RechargeHistory } } }, async (request) => {
    const { userId } = request.clerk!
    const rows = await rechargesRepository.recent(app.database.db, userId, RECENT_TRANSACTIONS_LIMIT)
    return {
      transactions: rows.map((row) => ({
        id: row.id,
        // Hundredths of the currency to a number of its units, as cents to credits.
        amount: centsToCredits(row.paidCents),
        currency: row.currency,
        credit: centsToCredits(row.creditCents),
        // Whole: the portal cuts it to REMARKS_SHOWN_CHARACTERS and shows all of it in a tooltip.
        remarks: row.reason,
        created_at: row.createdAt.toISOString(),
      })),
      // The list is empty exactly when the clerk has no recharge, and then there is no statement.
      recharge_report: rows.length > 0 ? rechargeStatementPath(userId) : null,
    }
  })
}
