// GET /api/clerk/recharge-history: the signed-in clerk's newest money moves (recharges, job charges,
// refunds, operator adjustments), each with the balance after it, and the path of their statement
// (portal-spec.md §3; docs/decisions/money-trail.md).
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { centsToCredits } from '@contract/money.ts'
import { RECENT_TRANSACTIONS_LIMIT, RechargeHistory } from '@contract/payments.ts'
import { moveDescription, receiptNumber } from '../money/move-text.ts'
import { rechargesRepository } from '../repositories/recharges-repository.ts'
import { rechargeStatementPath } from '../statements/recharge-statement.ts'

export const rechargeHistoryRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate)

  // PAYMENT_PATHS.rechargeHistory, under the /clerk prefix.
  app.get('/recharge-history', { schema: { response: { 200: RechargeHistory } } }, async (request) => {
    const { userId } = request.clerk!
    const rows = await rechargesRepository.recentMoves(app.database.db, userId, RECENT_TRANSACTIONS_LIMIT)
    return {
      transactions: rows.map((row) => ({
        id: row.id,
        kind: row.kind,
        // Hundredths of the currency to a number of its units, as cents to credits.
        amount: row.paidCents === null ? null : centsToCredits(row.paidCents),
        currency: row.currency,
        credit: centsToCredits(row.creditCents),
        balance: centsToCredits(row.balanceCents),
        // Whole: the portal cuts it to REMARKS_SHOWN_CHARACTERS and shows all of it in a tooltip.
        remarks: moveDescription(row.kind, row.reason),
        job_id: row.jobId,
        receipt_number: row.kind === 'recharge' ? receiptNumber(row.id) : null,
        created_at: row.createdAt.toISOString(),
      })),
      // The list is empty exactly when the clerk has no money move, and then there is no statement.
      recharge_report: rows.length > 0 ? rechargeStatementPath(userId) : null,
    }
  })
}
