// The database schema. Changes go through `npm run db:generate`, which writes a new versioned
// migration in server/drizzle/; applied migrations are never edited.
import { sql } from 'drizzle-orm'
import {
  bigint,
  index,
  boolean,
  check,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

export const reportTypes = pgTable('report_types', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
  description: text().notNull().default(''),
  sortOrder: integer('sort_order').notNull().default(0),
})

export const jobTypes = pgTable('job_types', {
  id: integer().primaryKey().generatedByDefaultAsIdentity(),
  name: text().notNull().unique(),
  /** null: any number of audio files. */
  maxAudioFiles: integer('max_audio_files'),
  sortOrder: integer('sort_order').notNull().default(0),
})

export const slaSlots = pgTable(
  'sla_slots',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    /** Begins with its hours ("24 Hours Standard"): the portal reads the hours from the first word. */
    name: text().notNull().unique(),
    hours: integer().notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('sla_slots_hours_positive', sql`${t.hours} > 0`)],
)

/** The price list: which (job type, turnaround) pairs are offered, and their credits per started audio minute. */
export const jobRates = pgTable(
  'job_rates',
  {
    jobTypeId: integer('job_type_id')
      .notNull()
      .references(() => jobTypes.id),
    slaSlotId: integer('sla_slot_id')
      .notNull()
      .references(() => slaSlots.id),
    /** Whole cents (hundredths of a credit) per started audio minute. */
    centsPerMinute: integer('cents_per_minute').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.jobTypeId, t.slaSlotId] }),
    check('job_rates_rate_positive', sql`${t.centsPerMinute} > 0`),
  ],
)

export const rechargePlans = pgTable(
  'recharge_plans',
  {
    id: integer().primaryKey().generatedByDefaultAsIdentity(),
    name: text().notNull().unique(),
    description: text().notNull().default(''),
    /** Credits the plan buys, in whole cents (hundredths of a credit). */
    creditValueCents: bigint('credit_value_cents', { mode: 'number' }).notNull(),
    /** What the plan costs, in whole hundredths of its currency (pence for GBP). */
    priceCents: bigint('price_cents', { mode: 'number' }).notNull(),
    currency: text().notNull().default('GBP'),
    active: boolean().notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
  },
  (t) => [check('recharge_plans_credit_positive', sql`${t.creditValueCents} > 0`)],
)

export const allowedFileTypes = pgTable(
  'allowed_file_types',
  {
    category: text({ enum: ['audio', 'template', 'support'] }).notNull(),
    /** Lower case, without the dot. */
    extension: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.category, t.extension] })],
)

export const users = pgTable(
  'users',
  {
    id: uuid().primaryKey().defaultRandom(),
    /** Stored as typed; uniqueness and look-ups go through lower(email). */
    email: text().notNull(),
    fullName: text('full_name').notNull(),
    passwordHash: text('password_hash').notNull(),
    phoneNumber: text('phone_number').notNull().default(''),
    companyName: text('company_name').notNull().default(''),
    address: text().notNull().default(''),
    role: text({ enum: ['CLERK'] }).notNull().default('CLERK'),
    /** active; deactivated by an operator; deleting after a GDPR deletion request; deleted once erased. */
    status: text({ enum: ['active', 'deactivated', 'deleting', 'deleted'] }).notNull().default('active'),
    deletionRequestedAt: timestamp('deletion_requested_at', { withTimezone: true }),
    /**
     * The clerk's job list stamp: a new random value in the same transaction as every change to one of
     * their jobs, its files or notes (jobs-repository.ts); the list's ETag is made from it, so an
     * unchanged list is answered 304 from this row alone (decisions.md, Performance: the job list).
     * Random, not a counter: a database restored from a backup never repeats a stamp a browser holds.
     * On this row, not a table of its own: money moves lock this row first, job changes lock their job
     * first and then this row, so both orders stay deadlock-free.
     */
    jobListStamp: uuid('job_list_stamp').notNull().defaultRandom(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_lower_unique').on(sql`lower(${t.email})`)],
)

/** Secrets the server generates for itself, shared by every server process through the database. */
export const appSecrets = pgTable('app_secrets', {
  name: text().primaryKey(),
  value: text().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** A sign-up started with a name and e-mail, waiting for its e-mailed link to be opened. */
export const signupRequests = pgTable(
  'signup_requests',
  {
    id: uuid().primaryKey().defaultRandom(),
    email: text().notNull(),
    fullName: text('full_name').notNull(),
    /** SHA-256 of the link's token: a database leak does not leak usable links. */
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('signup_requests_email_idx').on(sql`lower(${t.email})`)],
)

export const passwordResetTokens = pgTable('password_reset_tokens', {
  id: uuid().primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * A signed-in session: one sign-in on one device. Its refresh tokens form a family; access tokens
 * name the session, so revoking it (logout, reuse of a rotated token, password change) ends both.
 */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedReason: text('revoked_reason'),
  },
  (t) => [index('sessions_user_idx').on(t.userId)],
)

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid().primaryKey().defaultRandom(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set when the token is exchanged for the next one; using it again means it was stolen. */
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    /**
     * The token it was exchanged for, sealed with this token (only its holder can open it). A second
     * exchange within seconds of the first (two tabs at once) gets that same successor back.
     */
    successorSealed: text('successor_sealed'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('refresh_tokens_session_idx').on(t.sessionId)],
)

/** Counted events for throttles (failed sign-ins, sign-up and reset requests), by e-mail or address. */
export const authEvents = pgTable(
  'auth_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text({ enum: ['login_failure', 'signup_request', 'password_reset_request'] }).notNull(),
    key: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('auth_events_lookup_idx').on(t.kind, t.key, t.createdAt)],
)

/** Messages for a clerk, created by the server's own events (profile, password, templates, jobs, payments). */
export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    message: text().notNull(),
    isRead: boolean('is_read').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** The job a notification is about, so the portal can open it; null for others, and once the job is deleted. */
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
  },
  // The job index keeps a job's deletion (which clears job_id) from reading every notification.
  (t) => [index('notifications_user_created_idx').on(t.userId, t.createdAt), index('notifications_job_idx').on(t.jobId)],
)

/** The one reusable report template a clerk may keep (portal-spec.md §9: one template per user). */
export const clerkTemplates = pgTable('clerk_templates', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  userId: uuid('user_id')
    .notNull()
    .unique()
    .references(() => users.id, { onDelete: 'cascade' }),
  templateName: text('template_name').notNull(),
  /** Where the file is in storage; also the path the portal downloads it by (/files/11/{fileKey}). */
  fileKey: text('file_key').notNull().unique(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

export const JOB_STATUSES = ['Submitted', 'Scheduled', 'In Progress', 'Completed', 'Downloaded', 'Failed'] as const
export type JobStatus = (typeof JOB_STATUSES)[number]

/** A transcription job. Its price is fixed at submission; its status moves along decisions.md's life cycle. */
export const jobs = pgTable(
  'jobs',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    propertyAddress: text('property_address').notNull(),
    reportTypeId: integer('report_type_id')
      .notNull()
      .references(() => reportTypes.id),
    jobTypeId: integer('job_type_id')
      .notNull()
      .references(() => jobTypes.id),
    slaSlotId: integer('sla_slot_id')
      .notNull()
      .references(() => slaSlots.id),
    /** Credits charged, in whole cents. */
    costCents: bigint('cost_cents', { mode: 'number' }).notNull(),
    priority: text({ enum: ['Normal', 'High'] }).notNull().default('Normal'),
    /** Total measured length of the audio files, in seconds. */
    audioDurationSeconds: numeric('audio_duration_seconds', { precision: 12, scale: 3 }).notNull(),
    remarks: text().notNull().default(''),
    status: text({ enum: JOB_STATUSES }).notNull().default('Submitted'),
    /** Why staff moved the job to Failed, in words the clerk reads (decisions.md, Jobs); null otherwise. */
    failureReason: text('failure_reason'),
    slaDeadline: timestamp('sla_deadline', { withTimezone: true }).notNull(),
    /**
     * The portal's own id for the submit that created the job: a retried submit finds its job instead
     * of making (and charging) a second one. Unique per clerk; null for jobs made another way.
     */
    clientRequestId: text('client_request_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('jobs_user_created_idx').on(t.userId, t.createdAt), uniqueIndex('jobs_user_client_request_unique').on(t.userId, t.clientRequestId)],
)

/** Every file of a job: audio, template, supporting documents, and the transcripts staff attach. */
export const jobFiles = pgTable(
  'job_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    kind: text({ enum: ['audio', 'template', 'support', 'transcript'] }).notNull(),
    /** Storage key; also the download path under /files/{10|11|12|13}/. */
    fileKey: text('file_key').notNull().unique(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    /** Measured length in seconds (audio only). */
    durationSeconds: numeric('duration_seconds', { precision: 12, scale: 3 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_files_job_idx').on(t.jobId)],
)

export const jobStatusHistory = pgTable(
  'job_status_history',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    status: text({ enum: JOB_STATUSES }).notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('job_status_history_job_idx').on(t.jobId)],
)

export const staffNotes = pgTable(
  'staff_notes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    jobId: integer('job_id')
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    note: text().notNull(),
    /** A note for staff alone (an AI draft waiting, an engine's failure): never in a clerk's answer or notification. */
    staffOnly: boolean('staff_only').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('staff_notes_job_idx').on(t.jobId)],
)

/**
 * The e-mail outbox (docs/decisions/mail-outbox.md): a mail is written here in the transaction of the
 * change that causes it and sent afterwards by a drain, which claims rows so two processes never send
 * one mail twice, and marks each sent. A process stopping between the commit and the send loses nothing.
 */
export const outboxMails = pgTable(
  'outbox_mails',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    toAddress: text('to_address').notNull(),
    subject: text().notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    link: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Until when a drain holds the mail (sending it); after that another drain may take it again. */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    tries: integer().notNull().default(0),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (t) => [index('outbox_mails_unsent_idx').on(t.id).where(sql`${t.sentAt} is null`)],
)

export const CREDIT_ENTRY_KINDS = ['recharge', 'job_charge', 'adjustment', 'refund'] as const

/**
 * The credit ledger (decisions.md, Credits): every change to a clerk's credits is a row, and the balance
 * is their sum. Rows are never updated; a correction is a new adjustment with its reason.
 */
export const creditEntries = pgTable(
  'credit_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Whole cents: positive adds credits, negative spends them. */
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    kind: text({ enum: CREDIT_ENTRY_KINDS }).notNull(),
    /** Why: the operator's reason, the plan bought, or the job charged or refunded. */
    reason: text().notNull(),
    jobId: integer('job_id').references(() => jobs.id, { onDelete: 'set null' }),
    /**
     * The payment provider's id of the payment a recharge credits. Unique, so a redelivered payment
     * event credits once; null for entries that no outside payment caused (charges, adjustments).
     */
    externalReference: text('external_reference').unique(),
    /** What the clerk paid for a recharge, in whole hundredths of `paid_currency` (pence for GBP); null for other entries. */
    paidCents: bigint('paid_cents', { mode: 'number' }),
    paidCurrency: text('paid_currency'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('credit_entries_user_idx').on(t.userId, t.createdAt),
    check('credit_entries_amount_nonzero', sql`${t.amountCents} <> 0`),
    // A failed job's charge is given back at most once, whatever races (decisions.md, Jobs).
    uniqueIndex('credit_entries_one_refund_per_job').on(t.jobId).where(sql`${t.kind} = 'refund'`),
  ],
)

/**
 * Audio a clerk uploaded and had measured (calculate-cost), waiting for its job: the folder token is
 * what create-job names. Used at most once (`job_id` set in the job's transaction); an unused folder
 * expires and the sweep removes its files and rows. A used folder's files belong to its job from then on.
 */
export const uploadFolders = pgTable(
  'upload_folders',
  {
    token: uuid().primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reportTypeId: integer('report_type_id')
      .notNull()
      .references(() => reportTypes.id),
    /** Total measured length of the folder's audio, in seconds. */
    audioDurationSeconds: numeric('audio_duration_seconds', { precision: 12, scale: 3 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** The job that used the folder; a folder makes one job only. */
    jobId: integer('job_id')
      .unique()
      .references(() => jobs.id, { onDelete: 'set null' }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('upload_folders_user_idx').on(t.userId), index('upload_folders_expires_idx').on(t.expiresAt)],
)

/** One measured audio file of an upload folder, committed in storage at `file_key`. */
export const uploadFolderFiles = pgTable(
  'upload_folder_files',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    folderToken: uuid('folder_token')
      .notNull()
      .references(() => uploadFolders.token, { onDelete: 'cascade' }),
    /** The order the clerk sent the files in. */
    position: integer().notNull(),
    fileKey: text('file_key').notNull().unique(),
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    durationSeconds: numeric('duration_seconds', { precision: 12, scale: 3 }).notNull(),
  },
  (t) => [index('upload_folder_files_folder_idx').on(t.folderToken)],
)

/**
 * A resumable (tus) upload of a clerk's audio file (README, API notes: uploads that resume). The bytes
 * are staged by @tus/file-store under DATA_DIR/resumable-uploads/<id> until calculate-cost takes the
 * finished upload into an upload folder (`used_at` set, the staged file removed). The row names the
 * owner, so another clerk's upload answers 404, and lets any process's sweep find unfinished uploads past
 * `expires_at` (their files and rows go) without ever touching a finished or used one's row too early.
 */
export const resumableUploads = pgTable(
  'resumable_uploads',
  {
    id: text().primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The clerk's file name (Upload-Metadata `filename`), already made safe. */
    fileName: text('file_name').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Unfinished past this: swept, file and row (24 h after creation). */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Every byte received and the content signature checked. */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** Taken into an upload folder by calculate-cost; the staged file is gone from then on. */
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('resumable_uploads_user_idx').on(t.userId), index('resumable_uploads_expires_idx').on(t.expiresAt)],
)

/**
 * The gate that makes identical payment-intent requests within a few seconds one payment (portal-spec.md
 * §9: a double tap never makes two intents). One row per clerk and request (the plan, or the default
 * amount); a request inside the window reuses the row's idempotency key, and the provider answers the
 * same intent for the same key. An upsert claims the row, so two requests at once cannot both miss it.
 */
export const paymentRequests = pgTable(
  'payment_requests',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** What was asked for: "plan:<id>" or "default:<cents>". */
    requestKey: text('request_key').notNull(),
    /** Sent to the payment provider with the create call: the same key answers the same intent. */
    idempotencyKey: uuid('idempotency_key').notNull().defaultRandom(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.requestKey] })],
)

export const TEST_PAYMENT_STATUSES = ['requires_payment_method', 'succeeded'] as const

/**
 * The test-mode payment provider's own store (decisions.md, Payments: the embedded default without
 * Stripe keys). It stands in for Stripe's servers, so it is not tied to clerks: what it knows of a
 * payment is what Stripe would, the amount, currency and the metadata the server set.
 */
export const testPaymentIntents = pgTable('test_payment_intents', {
  /** "pi_test_…", the shape of a Stripe PaymentIntent id. */
  id: text().primaryKey(),
  clientSecret: text('client_secret').notNull().unique(),
  /** In whole hundredths of `currency`. */
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  currency: text().notNull(),
  metadata: jsonb().$type<Record<string, string>>().notNull(),
  status: text({ enum: TEST_PAYMENT_STATUSES }).notNull().default('requires_payment_method'),
  /** The create call's idempotency key: the same key answers the same intent, as Stripe's does. */
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})
