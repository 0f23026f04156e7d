// The e-mailed receipt of a credited payment, sent after the webhook has answered (the provider
// waits for nothing). A failed send is logged; the credit it describes stays.
import { formatCents, formatMoney } from '@contract/money.ts'
import type { FastifyInstance } from 'fastify'
import { afterAnswer, type AfterAnswer } from '../email/after-answer.ts'
import { queueMail } from '../email/outbox.ts'
import { paymentReceiptMail } from '../email/templates.ts'
import { receiptNumber } from '../money/move-text.ts'
import { usersRepository } from '../repositories/users-repository.ts'
import type { CreditedPayment } from './handle-event.ts'

/** "22 November 2026 at 20:50 UTC": the server does not know the clerk's time zone, so it names its own. */
export function formatReceiptDate(date: Date): string {
  return `${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(date)} UTC`
}

export function paymentReceipts(app: FastifyInstance): AfterAnswer<CreditedPayment> {
  const receipts = afterAnswer(async (payment: CreditedPayment) => {
    const clerk = await usersRepository.findById(app.database.db, payment.userId)
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
    // Through the outbox: a mail server that is down gets the receipt again later. (Written after the
    // credit's own transaction, which creditRecharge owns; a process stopping between the two loses it.)
    await queueMail(app.database.db, paymentReceiptMail(clerk.email, clerk.fullName, lines, app.config.publicUrl))
    await app.outbox.drain()
  }, 'could not send the payment receipt e-mail')
  // Closing waits for receipts already promised, before the database closes under them.
  app.addHook('onClose', () => receipts.settled())
  return receipts
}
