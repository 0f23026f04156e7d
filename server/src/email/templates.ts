import type { OutgoingMail } from './mailer.ts'

const escape = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!)

function message(to: string, subject: string, greeting: string, paragraphs: string[], action: string, link: string): OutgoingMail {
  const text = [`${greeting}`, '', ...paragraphs.flatMap((p) => [p, '']), `${action}: ${link}`, '', 'InspectScribe'].join('\n')
  const html = `<!doctype html><html><body style="font-family:Segoe UI,Arial,sans-serif;color:#242424;line-height:1.5">
<p>${escape(greeting)}</p>
${paragraphs.map((p) => `<p>${escape(p)}</p>`).join('\n')}
<p><a href="${escape(link)}" style="display:inline-block;padding:10px 18px;background:#0f6cbd;color:#fff;border-radius:4px;text-decoration:none">${escape(action)}</a></p>
<p style="font-size:13px;color:#616161">Or paste this address into your browser: ${escape(link)}</p>
<p>InspectScribe</p></body></html>`
  return { to, subject, text, html, link }
}

export function signupLinkMail(to: string, fullName: string, link: string): OutgoingMail {
  return message(
    to,
    'Complete your InspectScribe sign-up',
    `Hello ${fullName},`,
    [
      'Thank you for signing up to InspectScribe. Open the link below within 24 hours to set your password and finish creating your account. The link works once.',
      'If you did not ask for an account, ignore this e-mail: nothing will be created.',
    ],
    'Complete sign-up',
    link,
  )
}

export function passwordResetMail(to: string, fullName: string, link: string): OutgoingMail {
  return message(
    to,
    'Reset your InspectScribe password',
    `Hello ${fullName},`,
    [
      'We received a request to reset the password of your InspectScribe account. Open the link below within 1 hour to choose a new password. The link works once.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    'Reset password',
    link,
  )
}

export interface ReceiptLines {
  plan: string
  creditsAdded: string
  amountPaid: string
  date: string
  newBalance: string
  reference: string
  /** The receipt's number, as the statement shows it ("IS-000042"). */
  receiptNumber: string
  /** Who sold the credits (SELLER_*): the address and VAT number read "not set" when not configured. */
  seller: { name: string; address: string | null; vatNumber: string | null }
}

/** The receipt e-mailed after a card payment is credited (issue 13). */
export function paymentReceiptMail(to: string, fullName: string, lines: ReceiptLines, link: string): OutgoingMail {
  return message(
    to,
    `Your InspectScribe receipt: ${lines.creditsAdded} credits added`,
    `Hello ${fullName},`,
    [
      'Thank you for your payment. The credits are in your account now.',
      `Receipt number: ${lines.receiptNumber}`,
      `Seller: ${lines.seller.name}`,
      lines.seller.address ? `Seller's address: ${lines.seller.address}` : "Seller's address not set",
      lines.seller.vatNumber ? `VAT number: ${lines.seller.vatNumber}` : 'VAT number not set',
      `Plan: ${lines.plan}`,
      `Credits added: ${lines.creditsAdded}`,
      `Amount paid: ${lines.amountPaid}`,
      `Date: ${lines.date}`,
      `New balance: ${lines.newBalance} credits`,
      `Payment reference: ${lines.reference}`,
      'Keep this e-mail as your receipt. The recharge report in Add Credit lists every payment.',
    ],
    'Open InspectScribe',
    link,
  )
}

/** Sent when a job reaches Completed, by the AI worker or by staff (issue 26). */
export function transcriptReadyMail(to: string, fullName: string, job: { id: number; propertyAddress: string }, link: string): OutgoingMail {
  return message(
    to,
    `Your transcript for ${job.propertyAddress} is ready`,
    `Hello ${fullName},`,
    [`The transcript of job #${job.id} (${job.propertyAddress}) is ready. Download it from the job's details in My Jobs.`],
    'Open My Jobs',
    link,
  )
}
