// A clerk's calls, over real HTTP to one address (nginx): what the portal sends, without the screens.
// Every answer that is not the one expected throws with its status and body, so a check's failure
// message says what the server said.
import { randomUUID } from 'node:crypto'
import { CALCULATE_COST_FIELDS, CREATE_JOB_FIELDS, JOIN_VALUE } from '../../contract/create-job.ts'
import { waitForMail } from '../../tests/e2e/support/mailbox.ts'
import { createUpload, patch, tusRequest } from '../../server/test/uploads/tus-client.ts'
import { waitFor } from './wait-for.ts'

export const PASSWORD = 'Field-Clerk-2026!'
export const SIGN_UP_SUBJECT = 'Complete your InspectScribe sign-up'

async function answer<T>(response: Response, what: string, expected = 200): Promise<T> {
  const text = await response.text()
  if (response.status !== expected) throw new Error(`${what} answered ${response.status}, not ${expected}: ${text.slice(0, 500)}`)
  return (text ? JSON.parse(text) : undefined) as T
}

export class ClerkClient {
  token = ''

  constructor(
    readonly baseUrl: string,
    readonly email: string,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...extra }
  }

  private async json<T>(method: string, path: string, body?: unknown, expected = 200): Promise<T> {
    const response = await fetch(`${this.baseUrl}/api${path}`, {
      method,
      headers: this.headers(body === undefined ? {} : { 'content-type': 'application/json' }),
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return answer<T>(response, `${method} /api${path}`, expected)
  }

  /** Sign-up through the e-mailed link (the SMTP catcher's folder is E2E_MAILDIR), then sign-in. */
  async signUpAndSignIn(fullName: string): Promise<void> {
    await this.json('POST', '/auth/signup-request', { full_name: fullName, email: this.email })
    const mail = await waitForMail(this.email, SIGN_UP_SUBJECT)
    const token = new URLSearchParams(mail.linkPath.split('?')[1]).get('token')
    if (!token) throw new Error(`the sign-up mail to ${this.email} has no token in its link: ${mail.linkPath}`)
    await this.json('POST', '/auth/signup', { email: this.email, full_name: fullName, password: PASSWORD, signup_token: token })
    await this.signIn()
  }

  async signIn(password = PASSWORD): Promise<void> {
    this.token = (await this.json<{ token: string }>('POST', '/auth/login', { email: this.email, password })).token
  }

  /** One sign-in attempt's raw answer (the limit's check reads 401s and 429s). */
  async trySignIn(password: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
    const response = await fetch(`${this.baseUrl}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: this.email, password }),
    })
    return { status: response.status, body: await response.text() }
  }

  lookup<T extends { id: number; name: string }>(path: 'report-types' | 'job-types' | 'sla-slots'): Promise<T[]> {
    return this.json<T[]>('GET', `/lookup/${path}`)
  }

  async credits(): Promise<number> {
    return (await this.json<{ credits: number }>('GET', '/profile')).credits
  }

  /** A tus upload created; its path (Location). */
  async createUpload(fileName: string, size: number): Promise<string> {
    const created = await createUpload(this.baseUrl, this.token, fileName, size)
    if (created.answer.status !== 201) throw new Error(`tus POST answered ${created.answer.status}: ${created.answer.body}`)
    return created.location
  }

  patchUpload(location: string, offset: number, bytes: Parameters<typeof patch>[4]) {
    return patch(this.baseUrl, this.token, location, offset, bytes)
  }

  /** HEAD's Upload-Offset (the bytes kept), or the status when it is not 200. */
  async uploadOffset(location: string): Promise<number> {
    const head = await tusRequest(this.baseUrl, 'HEAD', location, { token: this.token })
    if (head.status !== 200) throw new Error(`tus HEAD answered ${head.status}: ${head.body}`)
    return Number(head.headers['upload-offset'])
  }

  /** calculate-cost naming finished uploads (or sending `files` as multipart parts), joined into one recording when `join`; the folder's answer. */
  async calculateCost(reportTypeId: number, uploadIds: string[], files: Array<{ name: string; bytes: Buffer }> = [], join = false) {
    const form = new FormData()
    form.append(CALCULATE_COST_FIELDS.reportTypeId, String(reportTypeId))
    if (join) form.append(CALCULATE_COST_FIELDS.join, JOIN_VALUE)
    for (const file of files) form.append(CALCULATE_COST_FIELDS.audioFiles, new Blob([new Uint8Array(file.bytes)]), file.name)
    for (const id of uploadIds) form.append(CALCULATE_COST_FIELDS.uploadIds, id)
    const response = await fetch(`${this.baseUrl}/api/clerk/calculate-cost`, { method: 'POST', headers: this.headers(), body: form })
    return answer<{ folder_token: string; audio_files: Array<{ file_name?: string }>; cost: unknown[] }>(response, 'calculate-cost')
  }

  async createJob(fields: { propertyAddress: string; reportTypeId: number; jobTypeId: number; slaSlotId: number; folderToken: string }): Promise<number> {
    const form = new FormData()
    form.append(CREATE_JOB_FIELDS.propertyAddress, fields.propertyAddress)
    form.append(CREATE_JOB_FIELDS.reportTypeId, String(fields.reportTypeId))
    form.append(CREATE_JOB_FIELDS.jobTypeId, String(fields.jobTypeId))
    form.append(CREATE_JOB_FIELDS.slaSlotId, String(fields.slaSlotId))
    form.append(CREATE_JOB_FIELDS.remarks, '')
    form.append(CREATE_JOB_FIELDS.folderToken, fields.folderToken)
    const response = await fetch(`${this.baseUrl}/api/clerk/create-job`, { method: 'POST', headers: this.headers({ 'idempotency-key': randomUUID() }), body: form })
    return (await answer<{ job_id: number }>(response, 'create-job')).job_id
  }

  async jobs(): Promise<Array<{ job_id: number; job_status: { status: string }; audio_files: string[]; transcript_files: string[]; property_address: string }>> {
    return this.json('GET', `/clerk/dashboard?start=${Date.now() - 24 * 3_600_000}&end=${Date.now() + 3_600_000}`)
  }

  async job(jobId: number) {
    const found = (await this.jobs()).find((one) => one.job_id === jobId)
    if (!found) throw new Error(`job ${jobId} is not in ${this.email}'s list`)
    return found
  }

  /** A stored file's bytes (kind 10 audio, 13 transcript). */
  async download(kind: '10' | '13', key: string): Promise<Buffer> {
    const response = await fetch(`${this.baseUrl}/api/files/${kind}/${key}`, { headers: this.headers() })
    if (response.status !== 200) throw new Error(`GET /api/files/${kind}/${key} answered ${response.status}: ${await response.text()}`)
    return Buffer.from(await response.arrayBuffer())
  }

  createIntent(): Promise<{ clientSecret: string; payment_intent_id: string; credits: number }> {
    return this.json('POST', '/stripe/create-payment-intent', {})
  }

  /** The test-mode card form's confirm with the card that pays; the raw answer (a kill may cut it). */
  async confirmTestPayment(clientSecret: string): Promise<{ status: number; body: string }> {
    const response = await fetch(`${this.baseUrl}/api/payments/test/confirm`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ client_secret: clientSecret, card_number: '4242 4242 4242 4242', exp_month: 12, exp_year: new Date().getFullYear() + 2, cvc: '123' }),
    }).catch((error: unknown) => ({ status: 0, text: async () => String(error) }))
    return { status: response.status, body: await response.text() }
  }

  async paymentCredited(paymentIntentId: string): Promise<boolean> {
    return (await this.json<{ credited: boolean }>('GET', `/clerk/payments/${paymentIntentId}`)).credited
  }

  /** Pays the default payment with the test card and waits until it is credited; answers the intent's id. */
  async pay(): Promise<string> {
    const intent = await this.createIntent()
    const confirmed = await this.confirmTestPayment(intent.clientSecret)
    if (confirmed.status !== 200) throw new Error(`the test payment's confirm answered ${confirmed.status}: ${confirmed.body}`)
    await waitFor(`payment ${intent.payment_intent_id} to be credited`, () => this.paymentCredited(intent.payment_intent_id))
    return intent.payment_intent_id
  }
}
