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
    ])
    expect(
      problemsOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://portal.example.com', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://u:p@mail:587' }),
    ).toEqual([])
  })

  it('trusts no proxy unless TRUST_PROXY says which: a hop count or the proxies’ addresses', () => {
    expect(loadConfig({}, '/srv/app').trustProxy).toBe(false)
    expect(loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'https://p.example.com', JWT_SECRET: 'x'.repeat(32), SMTP_URL: 'smtp://mail' }).trustProxy).toBe(false)
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
})
