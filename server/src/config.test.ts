import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config.ts'

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, '/srv/app')
  } catch (error) {
    if (error instanceof ConfigError) return error.problems
    throw error
  }
  return []
}

/** Every other production requirement met. */
const PRODUCTION = { NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://u:p@mail:587' }
const STRIPE_KEYS = { STRIPE_SECRET_KEY: 'sk_test_51Hx', STRIPE_PUBLISHABLE_KEY: 'pk_test_51Hx', STRIPE_WEBHOOK_SECRET: 'whsec_abc123' }
const PAYMENTS_REQUIRED =
  'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are required when NODE_ENV=production: without them payments run in test mode and no card is charged (set PAYMENTS_TEST_MODE=allow to run test mode anyway)'

describe('loadConfig', () => {
  it('defaults to the embedded database in ./data, port 8080 and the demo account', () => {
    const config = loadConfig({}, '/srv/app')
    expect(config.port).toBe(8080)
    expect(config.host).toBe('localhost')
    expect(config.dataDir).toBe(path.resolve('/srv/app/data'))
    expect(config.database).toEqual({ kind: 'pglite', dataDir: path.resolve('/srv/app/data/pglite') })
    expect(config.portalDir).toBe(path.resolve('/srv/app/dist'))
    expect(config.publicUrl).toBe('http://localhost:8080')
    expect(config.publicUrlFollowsPort).toBe(true)
    expect(loadConfig({ PUBLIC_URL: 'https://portal.example.com/' }, '/srv/app')).toMatchObject({ publicUrl: 'https://portal.example.com', publicUrlFollowsPort: false })
    expect(config.demoAccount).toBe(true)
    expect(config.ffmpegPath).toBe('ffmpeg')
    expect(loadConfig({ FFMPEG_PATH: '/opt/ffmpeg/bin/ffmpeg' }, '/srv/app').ffmpegPath).toBe('/opt/ffmpeg/bin/ffmpeg')
  })

  it('selects a PostgreSQL server with DATABASE_URL and then seeds no demo account', () => {
    const config = loadConfig({ DATABASE_URL: 'postgres://u:p@db:5432/inspectscribe' }, '/srv/app')
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgres://u:p@db:5432/inspectscribe' })
    expect(config.demoAccount).toBe(false)
  })

  it('names each wrong setting, all at once', () => {
    expect(problemsOf({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud', DEMO_ACCOUNT: 'maybe' })).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "eighty")',
      'DATABASE_URL must be a PostgreSQL connection URL such as postgres://user:password@host:5432/name',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'DEMO_ACCOUNT must be true or false (got "maybe")',
    ])
  })

  it('refuses a port above 65535 and a public address that is not http(s)', () => {
    expect(problemsOf({ PORT: '70000', PUBLIC_URL: 'ftp://portal' })).toEqual([
      'PORT must be a whole number from 0 to 65535 (got "70000")',
      'PUBLIC_URL must be an http(s) address such as https://portal.example.com (got "ftp://portal")',
    ])
  })

  it('requires PUBLIC_URL, JWT_SECRET and SMTP_URL in production', () => {
    expect(problemsOf({ NODE_ENV: 'production' })).toEqual([
      'PUBLIC_URL is required when NODE_ENV=production: e-mailed links are built from it',
      'JWT_SECRET is required when NODE_ENV=production',
      'SMTP_URL is required when NODE_ENV=production: without it e-mails (with their sign-in links) would go to the outbox and the log',
      PAYMENTS_REQUIRED,
    ])
    expect(problemsOf({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'allow' })).toEqual([])
  })

  it('trusts no proxy unless TRUST_PROXY says which: a hop count or the proxies’ addresses', () => {
    expect(loadConfig({}, '/srv/app').trustProxy).toBe(false)
    expect(loadConfig({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'allow' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false)
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1)
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2)
    expect(loadConfig({ TRUST_PROXY: '10.0.0.5, 10.1.0.0/16,fd00::/8,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'fd00::/8',
      '::1',
      'loopback',
    ])
  })

  it('names TRUST_PROXY when it is neither a hop count nor addresses', () => {
    for (const raw of ['true', 'yes', '10.0.0.300', '10.0.0.0/33', '10.0.0.5,,10.0.0.6', '-1', 'proxy.example.com']) {
      expect(problemsOf({ TRUST_PROXY: raw })).toEqual([
        `TRUST_PROXY must be a hop count such as 1, or the proxies' addresses such as 10.0.0.5,10.1.0.0/16 (got "${raw}")`,
      ])
    }
  })

  it('checks the secret’s length and the SMTP address', () => {
    expect(problemsOf({ JWT_SECRET: 'short', SMTP_URL: 'mail.example.com' })).toEqual([
      'JWT_SECRET must be at least 32 characters long',
      'SMTP_URL must look like smtp://user:password@mail.example.com:587 (or smtps:// for port 465)',
    ])
  })

  it('sends e-mail to the outbox in the data folder unless SMTP_URL is set', () => {
    expect(loadConfig({}, '/srv/app').mail).toEqual({
      smtpUrl: undefined,
      from: 'InspectScribe <no-reply@inspectscribe.example>',
      outboxDir: path.resolve('/srv/app/data/outbox'),
    })
    expect(loadConfig({ SMTP_URL: 'smtp://u:p@mail:587', MAIL_FROM: 'Ops <ops@example.com>' }, '/srv/app').mail).toMatchObject({
      smtpUrl: 'smtp://u:p@mail:587',
      from: 'Ops <ops@example.com>',
    })
  })

  it('puts the message for people first, listing every problem', () => {
    expect(() => loadConfig({ PORT: '-1' })).toThrow('Configuration error:\n  - PORT must be a whole number from 0 to 65535 (got "-1")')
  })

  describe('payments', () => {
    it('runs the test-mode provider without Stripe keys, and Stripe with all three', () => {
      expect(loadConfig({}, '/srv/app').payments).toEqual({ mode: 'test' })
      expect(loadConfig(STRIPE_KEYS, '/srv/app').payments).toEqual({
        mode: 'stripe',
        secretKey: 'sk_test_51Hx',
        publishableKey: 'pk_test_51Hx',
        webhookSecret: 'whsec_abc123',
      })
    })

    it('refuses to start in production in test mode unless PAYMENTS_TEST_MODE=allow', () => {
      expect(problemsOf(PRODUCTION)).toEqual([PAYMENTS_REQUIRED])
      expect(loadConfig({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'allow' }, '/srv/app').payments).toEqual({ mode: 'test' })
      expect(loadConfig({ ...PRODUCTION, ...STRIPE_KEYS }, '/srv/app').payments.mode).toBe('stripe')
      expect(problemsOf({ ...PRODUCTION, PAYMENTS_TEST_MODE: 'yes' })).toEqual(['PAYMENTS_TEST_MODE must be "allow" or unset (got "yes")', PAYMENTS_REQUIRED])
    })

    it('names the Stripe keys missing from a partial set', () => {
      expect(problemsOf({ STRIPE_SECRET_KEY: 'sk_test_51Hx' })).toEqual([
        'Stripe needs all three keys: STRIPE_PUBLISHABLE_KEY and STRIPE_WEBHOOK_SECRET are missing (or unset STRIPE_SECRET_KEY for test mode)',
      ])
      expect(problemsOf({ ...PRODUCTION, STRIPE_SECRET_KEY: 'sk_live_51Hx', STRIPE_PUBLISHABLE_KEY: 'pk_live_51Hx' })).toEqual([
        'Stripe needs all three keys: STRIPE_WEBHOOK_SECRET is missing (or unset STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY for test mode)',
      ])
    })

    it('names a key that does not look like its kind, and test keys mixed with live ones', () => {
      expect(problemsOf({ STRIPE_SECRET_KEY: 'pk_test_51Hx', STRIPE_PUBLISHABLE_KEY: 'sk_test_51Hx', STRIPE_WEBHOOK_SECRET: 'abc' })).toEqual([
        'STRIPE_SECRET_KEY must look like sk_test_… or sk_live_… (or a restricted rk_ key)',
        'STRIPE_PUBLISHABLE_KEY must look like pk_test_… or pk_live_…',
        'STRIPE_WEBHOOK_SECRET must look like whsec_… (the signing secret of the webhook endpoint, or what `stripe listen` prints)',
      ])
      expect(problemsOf({ ...STRIPE_KEYS, STRIPE_SECRET_KEY: 'sk_live_51Hx' })).toEqual(['STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both live keys'])
    })
  })

  describe('transcription', () => {
    it('is off without TRANSCRIBE_URL, with whisper-1 in English two calls at a time', () => {
      expect(loadConfig({}, '/srv/app').transcription).toEqual({ url: undefined, apiKey: undefined, model: 'whisper-1', language: 'en', concurrency: 2 })
    })

    it('reads the engine, its key, model, language and concurrency', () => {
      const env = { TRANSCRIBE_URL: 'http://localhost:8000/v1/', TRANSCRIBE_API_KEY: 'sk-local', TRANSCRIBE_MODEL: 'Systran/faster-whisper-small', TRANSCRIBE_LANGUAGE: 'de', TRANSCRIBE_CONCURRENCY: '4' }
      expect(loadConfig(env, '/srv/app').transcription).toEqual({ url: 'http://localhost:8000/v1', apiKey: 'sk-local', model: 'Systran/faster-whisper-small', language: 'de', concurrency: 4 })
    })

    it('names a wrong address, language and concurrency', () => {
      expect(problemsOf({ TRANSCRIBE_URL: 'localhost:8000', TRANSCRIBE_LANGUAGE: 'English', TRANSCRIBE_CONCURRENCY: '0' })).toEqual([
        'TRANSCRIBE_URL must be the http(s) base of an OpenAI-compatible API such as http://localhost:8000/v1 (got "localhost:8000")',
        'TRANSCRIBE_LANGUAGE must be a language code such as en or de (got "English")',
        'TRANSCRIBE_CONCURRENCY must be a whole number from 1 to 32 (got "0")',
      ])
    })
  })

  describe('storage', () => {
    const S3_LOCAL = { S3_BUCKET: 'inspectscribe-files', S3_ENDPOINT: 'http://127.0.0.1:7480/', S3_ACCESS_KEY_ID: 'TESTAK', S3_SECRET_ACCESS_KEY: 'TESTSECRET' }

    it('keeps files on local disk without S3_BUCKET', () => {
      expect(loadConfig({}, '/srv/app').storage).toEqual({ kind: 'local' })
    })

    it('reads an S3-compatible server, addressed by path unless S3_FORCE_PATH_STYLE says otherwise', () => {
      expect(loadConfig(S3_LOCAL, '/srv/app').storage).toEqual({
        kind: 's3',
        bucket: 'inspectscribe-files',
        endpoint: 'http://127.0.0.1:7480',
        region: 'us-east-1',
        accessKeyId: 'TESTAK',
        secretAccessKey: 'TESTSECRET',
        forcePathStyle: true,
      })
      expect(loadConfig({ ...S3_LOCAL, S3_FORCE_PATH_STYLE: 'false', S3_REGION: 'garage' }, '/srv/app').storage).toMatchObject({ forcePathStyle: false })
    })

    it('reads AWS S3 with its region and the machine’s credentials, by virtual host', () => {
      expect(loadConfig({ S3_BUCKET: 'firm.files-2026', S3_REGION: 'eu-west-2' }, '/srv/app').storage).toEqual({
        kind: 's3',
        bucket: 'firm.files-2026',
        endpoint: undefined,
        region: 'eu-west-2',
        accessKeyId: undefined,
        secretAccessKey: undefined,
        forcePathStyle: false,
      })
    })

    it('names S3 settings given without S3_BUCKET, rather than keeping files on local disk quietly', () => {
      expect(problemsOf({ S3_ENDPOINT: 'http://127.0.0.1:7480', S3_REGION: 'us-east-1' })).toEqual([
        'S3_ENDPOINT and S3_REGION are set but S3_BUCKET is not: set S3_BUCKET to keep files in object storage, or unset them to keep them on local disk',
      ])
    })

    it('names a wrong bucket, address, region, a lone key and a wrong path-style switch, all at once', () => {
      expect(problemsOf({ S3_BUCKET: 'My_Files', S3_ENDPOINT: '127.0.0.1:7480', S3_REGION: 'Frankfurt', S3_ACCESS_KEY_ID: 'TESTAK', S3_FORCE_PATH_STYLE: 'yes' })).toEqual([
        'S3_BUCKET must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens, such as inspectscribe-files (got "My_Files")',
        'S3_ENDPOINT must be the http(s) address of an S3-compatible server such as http://127.0.0.1:7480, or unset for AWS S3 (got "127.0.0.1:7480")',
        'S3_REGION must be a region name such as eu-west-2 or us-east-1 (got "Frankfurt")',
        'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: S3_SECRET_ACCESS_KEY is missing (or unset both to use the machine\'s AWS credentials)',
        'S3_FORCE_PATH_STYLE must be true or false (got "yes")',
      ])
    })

    it('requires the region for AWS S3', () => {
      expect(problemsOf({ S3_BUCKET: 'inspectscribe-files' })).toEqual([
        "S3_REGION is required for AWS S3 (S3_ENDPOINT unset): the bucket's region, such as eu-west-2",
      ])
    })
  })
})
