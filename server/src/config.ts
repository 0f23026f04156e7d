// The server's settings, read from the environment once at start and validated together.
// A wrong or missing setting stops the server with a message that names it.
import { isIP } from 'node:net'
import path from 'node:path'
import { LIST_CACHE_DEFAULT, type ListCacheSetting } from './jobs/list-answer-cache.ts'

export type DatabaseSetting = { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string }

/**
 * Who takes card payments: Stripe with its three keys, or (without them) the labelled test-mode
 * provider of decisions.md (Payments), which production refuses unless PAYMENTS_TEST_MODE=allow.
 */
export type PaymentsSetting =
  | { mode: 'stripe'; secretKey: string; publishableKey: string; webhookSecret: string }
  | { mode: 'test' }

/**
 * The speech-to-text engine AI jobs are sent to (an OpenAI-compatible API: speaches, whisper.cpp's
 * server, LocalAI, OpenAI). `url` unset: AI jobs wait for staff, as before the engine existed.
 */
export interface TranscriptionSetting {
  /** The API's base, e.g. http://localhost:8000/v1; the product calls {url}/audio/transcriptions. */
  url: string | undefined
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey: string | undefined
  model: string
  /** The spoken language (ISO 639-1), so the engine does not guess it from the first seconds. */
  language: string
  /** Engine calls at once per server process. */
  concurrency: number
}

/**
 * Where stored files live: on local disk under DATA_DIR/files (S3_BUCKET unset, as before), or in a
 * bucket of S3-compatible object storage (docs/decisions/object-storage.md).
 */
export type StorageSetting =
  | { kind: 'local' }
  | {
      kind: 's3'
      bucket: string
      /** An S3-compatible server's address (Ceph radosgw, MinIO, R2…); unset for AWS S3 itself. */
      endpoint: string | undefined
      region: string
      /** Both keys or neither: without them the SDK's usual credentials apply (environment, instance role). */
      accessKeyId: string | undefined
      secretAccessKey: string | undefined
      /** Addresses the bucket as endpoint/bucket/key rather than bucket.endpoint/key (most S3-compatible servers need it). */
      forcePathStyle: boolean
    }

export interface SellerSetting {
  name: string
  address: string | null
  vatNumber: string | null
}

export interface Config {
  port: number
  host: string
  /** Where the embedded database, stored files and the e-mail outbox live. */
  dataDir: string
  database: DatabaseSetting
  /** The built portal served on the same origin as the API; missing means API only. */
  portalDir: string
  /** The address people reach the portal at; e-mailed links are built from it. */
  publicUrl: string
  /** PUBLIC_URL is unset: the address is http://localhost and the port the server listens on (PORT=0 picks it). */
  publicUrlFollowsPort: boolean
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent'
  production: boolean
  /**
   * Which peers may tell the client's address through X-Forwarded-For (Fastify's trustProxy): false
   * (nobody, the default), a hop count, or the proxies' addresses and CIDR ranges.
   */
  trustProxy: false | number | string[]
  /** Seed the demo clerk account (on by default only for the embedded database). */
  demoAccount: boolean
  /** Signs access tokens. Unset: the server generates one and keeps it in the database. */
  jwtSecret: string | undefined
  /** The operator command line's token. Unset: generated, kept in the database and written to DATA_DIR/ops-token. */
  opsToken: string | undefined
  /** The ffmpeg binary that measures audio durations (Debian's package; see decisions.md). */
  ffmpegPath: string
  mail: {
    /** smtp(s)://user:password@host:port; unset: messages go to the outbox folder (never in production). */
    smtpUrl: string | undefined
    from: string
    outboxDir: string
  }
  payments: PaymentsSetting
  /** Who sells the credits, as the statement's receipts name them (SELLER_*); null: not set, and the statement says so. */
  seller: SellerSetting
  /** The full job list's compressed answers kept in memory (LIST_CACHE_MB; decisions.md, the full list from a cache). */
  listCache: ListCacheSetting
  transcription: TranscriptionSetting
  storage: StorageSetting
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Configuration error:\n${problems.map((p) => `  - ${p}`).join('\n')}`)
    this.name = 'ConfigError'
  }
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const

type Env = Record<string, string | undefined>

export function loadConfig(env: Env = process.env, cwd = process.cwd()): Config {
  const problems: string[] = []
  const read = (name: string) => {
    const value = env[name]?.trim()
    return value === '' ? undefined : value
  }

  const production = read('NODE_ENV') === 'production'

  const port = parsePort(read('PORT'), problems)
  const host = read('HOST') ?? 'localhost'
  const dataDir = path.resolve(cwd, read('DATA_DIR') ?? 'data')
  const portalDir = path.resolve(cwd, read('PORTAL_DIR') ?? 'dist')

  const databaseUrl = read('DATABASE_URL')
  let database: DatabaseSetting = { kind: 'pglite', dataDir: path.join(dataDir, 'pglite') }
  if (databaseUrl !== undefined) {
    if (/^postgres(ql)?:\/\/.+/.test(databaseUrl)) database = { kind: 'postgres', url: databaseUrl }
    else problems.push('DATABASE_URL must be a PostgreSQL connection URL such as postgres://user:password@host:5432/name')
  }

  const rawPublicUrl = read('PUBLIC_URL')
  let publicUrl = `http://localhost:${port ?? 8080}`
  if (rawPublicUrl !== undefined) {
    if (isHttpUrl(rawPublicUrl)) publicUrl = rawPublicUrl.replace(/\/+$/, '')
    else problems.push(`PUBLIC_URL must be an http(s) address such as https://portal.example.com (got "${rawPublicUrl}")`)
  } else if (production) {
    problems.push('PUBLIC_URL is required when NODE_ENV=production: e-mailed links are built from it')
  }

  const rawLogLevel = read('LOG_LEVEL') ?? 'info'
  const logLevel = LOG_LEVELS.find((level) => level === rawLogLevel)
  if (logLevel === undefined) problems.push(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')} (got "${rawLogLevel}")`)

  const trustProxy = parseTrustProxy(read('TRUST_PROXY'), problems)

  const demoAccount = parseBoolean('DEMO_ACCOUNT', read('DEMO_ACCOUNT'), database.kind === 'pglite' && !production, problems)

  const jwtSecret = read('JWT_SECRET')
  if (jwtSecret !== undefined && jwtSecret.length < 32) problems.push('JWT_SECRET must be at least 32 characters long')
  if (jwtSecret === undefined && production) problems.push('JWT_SECRET is required when NODE_ENV=production')

  const opsToken = read('OPS_TOKEN')
  if (opsToken !== undefined && opsToken.length < 32) problems.push('OPS_TOKEN must be at least 32 characters long')

  const smtpUrl = read('SMTP_URL')
  if (smtpUrl !== undefined && !/^smtps?:\/\/.+/.test(smtpUrl)) {
    problems.push('SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps:// for port 465)')
  }
  // The outbox logs every link it writes (so a fresh clone can sign up); in production that would put
  // live sign-up and password-reset links in the log.
  if (smtpUrl === undefined && production) {
    problems.push('SMTP_URL is required when NODE_ENV=production: without it e-mails (with their sign-in links) would go to the outbox and the log')
  }
  const ffmpegPath = read('FFMPEG_PATH') ?? 'ffmpeg'

  const mailFrom = read('MAIL_FROM') ?? 'InspectScribe <no-reply@inspectscribe.example>'

  const payments = parsePayments(read, production, problems)

  const listCache = parseListCache(read('LIST_CACHE_MB'), problems)

  const seller = parseSeller(read, problems)

  const transcription = parseTranscription(read, problems)

  const storage = parseStorage(read, problems)

  if (problems.length > 0) throw new ConfigError(problems)
  return {
    port: port ?? 8080,
    host,
    dataDir,
    database,
    portalDir,
    publicUrl,
    publicUrlFollowsPort: rawPublicUrl === undefined,
    logLevel: logLevel ?? 'info',
    production,
    trustProxy,
    demoAccount,
    jwtSecret,
    opsToken,
    ffmpegPath,
    mail: { smtpUrl, from: mailFrom, outboxDir: path.join(dataDir, 'outbox') },
    payments,
    seller,
    listCache,
    transcription,
    storage,
  }
}

const S3_SETTINGS = ['S3_ENDPOINT', 'S3_REGION', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const

/** S3_*: object storage for the stored files (docs/decisions/object-storage.md); S3_BUCKET unset keeps them on local disk. */
function parseStorage(read: (name: string) => string | undefined, problems: string[]): StorageSetting {
  const bucket = read('S3_BUCKET')
  if (bucket === undefined) {
    // Without this, a deployment that forgot S3_BUCKET would quietly keep its files on one machine's disk.
    const given = S3_SETTINGS.filter((name) => read(name) !== undefined)
    if (given.length > 0) {
      problems.push(`${given.join(' and ')} ${given.length === 1 ? 'is' : 'are'} set but S3_BUCKET is not: set S3_BUCKET to keep files in object storage, or unset ${given.length === 1 ? 'it' : 'them'} to keep them on local disk`)
    }
    return { kind: 'local' }
  }
  // The rules S3 sets for new buckets' names (and that path-style servers follow).
  if (!/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/.test(bucket) || bucket.includes('..')) {
    problems.push(`S3_BUCKET must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens, such as inspectscribe-files (got "${bucket}")`)
  }
  const rawEndpoint = read('S3_ENDPOINT')
  let endpoint: string | undefined
  if (rawEndpoint !== undefined) {
    if (isHttpUrl(rawEndpoint)) endpoint = rawEndpoint.replace(/\/+$/, '')
    else problems.push(`S3_ENDPOINT must be the http(s) address of an S3-compatible server such as http://127.0.0.1:7480, or unset for AWS S3 (got "${rawEndpoint}")`)
  }
  const rawRegion = read('S3_REGION')
  // AWS answers a request signed for another region with a redirect the SDK does not follow; other
  // servers mostly ignore the region, so us-east-1 (the SDK's usual one) is a safe default there.
  if (rawRegion === undefined && rawEndpoint === undefined) problems.push('S3_REGION is required for AWS S3 (S3_ENDPOINT unset): the bucket\'s region, such as eu-west-2')
  const region = rawRegion ?? 'us-east-1'
  if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(region)) problems.push(`S3_REGION must be a region name such as eu-west-2 or us-east-1 (got "${region}")`)
  const accessKeyId = read('S3_ACCESS_KEY_ID')
  const secretAccessKey = read('S3_SECRET_ACCESS_KEY')
  if ((accessKeyId === undefined) !== (secretAccessKey === undefined)) {
    problems.push(`S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: ${accessKeyId === undefined ? 'S3_ACCESS_KEY_ID' : 'S3_SECRET_ACCESS_KEY'} is missing (or unset both to use the machine's AWS credentials)`)
  }
  const forcePathStyle = parseBoolean('S3_FORCE_PATH_STYLE', read('S3_FORCE_PATH_STYLE'), endpoint !== undefined, problems)
  return { kind: 's3', bucket, endpoint, region, accessKeyId, secretAccessKey, forcePathStyle }
}

/** TRANSCRIBE_*: where AI jobs are transcribed (docs/decisions/transcription-engine.md). */
function parseTranscription(read: (name: string) => string | undefined, problems: string[]): TranscriptionSetting {
  const rawUrl = read('TRANSCRIBE_URL')
  let url: string | undefined
  if (rawUrl !== undefined) {
    if (isHttpUrl(rawUrl)) url = rawUrl.replace(/\/+$/, '')
    else problems.push(`TRANSCRIBE_URL must be the http(s) base of an OpenAI-compatible API such as http://localhost:8000/v1 (got "${rawUrl}")`)
  }
  const language = read('TRANSCRIBE_LANGUAGE') ?? 'en'
  if (!/^[a-z]{2,3}$/.test(language)) problems.push(`TRANSCRIBE_LANGUAGE must be a language code such as en or de (got "${language}")`)
  const rawConcurrency = read('TRANSCRIBE_CONCURRENCY') ?? '2'
  const concurrency = Number(rawConcurrency)
  if (!/^\d+$/.test(rawConcurrency) || concurrency < 1 || concurrency > 32) {
    problems.push(`TRANSCRIBE_CONCURRENCY must be a whole number from 1 to 32 (got "${rawConcurrency}")`)
  }
  return {
    url,
    apiKey: read('TRANSCRIBE_API_KEY'),
    model: read('TRANSCRIBE_MODEL') ?? 'whisper-1',
    language,
    concurrency: Number.isInteger(concurrency) && concurrency >= 1 ? concurrency : 2,
  }
}

/** SELLER_NAME, SELLER_ADDRESS, SELLER_VAT_NUMBER: printed on each card payment's receipt in the statement. */
function parseSeller(read: (name: string) => string | undefined, problems: string[]): SellerSetting {
  const name = read('SELLER_NAME') ?? 'InspectScribe'
  const address = read('SELLER_ADDRESS') ?? null
  const vatNumber = read('SELLER_VAT_NUMBER') ?? null
  for (const [setting, value, longest] of [['SELLER_NAME', name, 100], ['SELLER_ADDRESS', address, 300], ['SELLER_VAT_NUMBER', vatNumber, 30]] as const) {
    if (value !== null && value.length > longest) problems.push(`${setting} can be at most ${longest} characters long`)
  }
  return { name, address, vatNumber }
}

/** LIST_CACHE_MB: the memory for kept list answers in all (0 turns the cache off); each answer stays under 2 MB. */
function parseListCache(raw: string | undefined, problems: string[]): ListCacheSetting {
  if (raw === undefined) return LIST_CACHE_DEFAULT
  if (!/^\d+$/.test(raw) || Number(raw) > 4096) {
    problems.push(`LIST_CACHE_MB must be a whole number of megabytes from 0 to 4096 (got "${raw}")`)
    return LIST_CACHE_DEFAULT
  }
  const totalBytes = Number(raw) * 1024 * 1024
  return { totalBytes, entryBytes: Math.min(LIST_CACHE_DEFAULT.entryBytes, totalBytes) }
}

// Each Stripe key with the prefix Stripe gives it, so a key pasted into the wrong setting is named at start.
const STRIPE_KEYS = [
  { name: 'STRIPE_SECRET_KEY', pattern: /^(sk|rk)_(test|live)_\S+$/, example: 'sk_test_… or sk_live_… (or a restricted rk_ key)' },
  { name: 'STRIPE_PUBLISHABLE_KEY', pattern: /^pk_(test|live)_\S+$/, example: 'pk_test_… or pk_live_…' },
  { name: 'STRIPE_WEBHOOK_SECRET', pattern: /^whsec_\S+$/, example: 'whsec_… (the signing secret of the webhook endpoint, or what `stripe listen` prints)' },
] as const

function parsePayments(read: (name: string) => string | undefined, production: boolean, problems: string[]): PaymentsSetting {
  const [secretKey, publishableKey, webhookSecret] = STRIPE_KEYS.map(({ name }) => read(name))
  const testMode = read('PAYMENTS_TEST_MODE')
  if (testMode !== undefined && testMode !== 'allow') problems.push(`PAYMENTS_TEST_MODE must be "allow" or unset (got "${testMode}")`)

  const given = STRIPE_KEYS.filter(({ name }) => read(name) !== undefined)
  if (given.length === 0) {
    if (production && testMode !== 'allow') {
      problems.push(
        'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required when NODE_ENV=production: without them payments run in test mode and no card is charged (set PAYMENTS_TEST_MODE=allow to run test mode anyway)',
      )
    }
    return { mode: 'test' }
  }
  if (given.length < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.filter(({ name }) => read(name) === undefined).map(({ name }) => name)
    problems.push(`Stripe needs all three keys: ${missing.join(' and ')} ${missing.length === 1 ? 'is' : 'are'} missing (or unset ${given.map(({ name }) => name).join(' and ')} for test mode)`)
  }
  for (const { name, pattern, example } of given) {
    if (!pattern.test(read(name)!)) problems.push(`${name} must look like ${example}`)
  }
  // A test secret key with a live publishable key (or the reverse) cannot confirm any payment.
  const liveOrTest = (key: string | undefined) => /^[a-z]+_(test|live)_/.exec(key ?? '')?.[1]
  if (liveOrTest(secretKey) && liveOrTest(publishableKey) && liveOrTest(secretKey) !== liveOrTest(publishableKey)) {
    problems.push('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys')
  }
  if (secretKey === undefined || publishableKey === undefined || webhookSecret === undefined) return { mode: 'test' }
  return { mode: 'stripe', secretKey, publishableKey, webhookSecret }
}

function parsePort(raw: string | undefined, problems: string[]): number | undefined {
  if (raw === undefined) return 8080
  const port = Number(raw)
  // 0 asks the system for a free port (tests and benchmarks use it).
  if (!/^\d+$/.test(raw) || port > 65535) {
    problems.push(`PORT must be a whole number from 0 to 65535 (got "${raw}")`)
    return undefined
  }
  return port
}

function parseBoolean(name: string, raw: string | undefined, fallback: boolean, problems: string[]): boolean {
  if (raw === undefined) return fallback
  if (raw === 'true' || raw === '1') return true
  if (raw === 'false' || raw === '0') return false
  problems.push(`${name} must be true or false (got "${raw}")`)
  return fallback
}

// proxy-addr's names for the private ranges, which Fastify's trustProxy also accepts.
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal']

function parseTrustProxy(raw: string | undefined, problems: string[]): Config['trustProxy'] {
  if (raw === undefined || raw === 'false' || raw === '0') return false
  if (/^\d+$/.test(raw)) return Number(raw)
  const entries = raw.split(',').map((entry) => entry.trim())
  const wrong = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrRange(entry))
  if (wrong.length === 0) return entries
  problems.push(
    `TRUST_PROXY must be a hop count such as 1, or the proxies' addresses such as 10.0.0.5,10.1.0.0/16 (got "${raw}")`,
  )
  return false
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/')
  const version = isIP(address)
  if (version === 0 || rest.length > 0) return false
  if (prefix === undefined) return true
  return /^\d+$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128)
}

function isHttpUrl(raw: string): boolean {
  try {
    const url = new URL(raw)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}
