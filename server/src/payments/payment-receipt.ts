// The e-mailed receipt of a credited payment: written to the outbox in the credit's own transaction
// (so a credit always has its receipt, and a refused or repeated credit none), and sent after the
// webhook has answered (the provider waits for nothing). A failed send stays in the outbox and is
// tried again (email/outbox.ts); the credit it describes stays.
import { formatCents, formatMoney } from '@contract/money.ts'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../db/database.ts'
import { queueMail } from '../email/outbox.ts'
import { paymentReceiptMail } from '../email/templates.ts'
import { receiptNumber } from '../money/move-text.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import type { CreditedPayment } from './handle-event.ts'

/** "22 November 2026 at 20:50 UTC": the server does not know the clerk's time zone, so it names its own. */
export function formatReceiptDate(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`
}

/** Writes the receipt of `payment` to the outbox, in the credit's transaction `tx`. */
export function queueReceipt(app: FastifyInstance): (tx: Db, payment: CreditedPayment) => Promise<void> {
  return async (tx, payment) => {
    const clerk = await usersRepository.findById(tx, payment.userId)
    if (!clerk || clerk.status === 'deleted') return
    const lines = {
      plan: payment.remarks,
      creditsAdded: formatCents(payment.creditCents),
      amountPaid: formatMoney(payment.paidCents, payment.currency),
      date: formatReceiptDate(payment.creditedAt),
      newBalance: formatCents(payment.balanceCents),
      reference: payment.intentId,
      receiptNumber: receiptNumber(payment.entryId),
      seller: app.config.seller,
    }
    await queueMail(tx, paymentReceiptMail(clerk.email, clerk.fullName, lines, app.config.publicUrl))
  }
}
