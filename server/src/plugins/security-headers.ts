// Security headers on every answer, through helmet: a Content Security Policy the portal, its service
// worker and Fluent UI work under, nosniff, no framing, no referrer, and HSTS in production.
// docs/decisions/server-security-logs-start-up.md gives the reasons for each choice.
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import type { FastifyInstance } from 'fastify'
import fastifyHelmet from '@fastify/helmet'

/** The one document the portal frames (the terms dialog shows it); only the portal may frame it. */
export const TERMS_PAGE_PATH = '/terms-and-conditions.html'

// Stripe.js, as Stripe documents its CSP: the script (and its subdomains), its iframes, and its API.
const STRIPE = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
}

export interface SecurityHeaderOptions {
  production: boolean
  /** Card payments through Stripe.js: on when the Stripe keys are set (off in test mode). */
  stripe: boolean
  /** The portal's own inline scripts, each as its CSP source (`'sha256-…'`): inlineScriptSources. */
  inlineScripts?: string[]
}

type Directives = Record<string, string[] | null>

export function contentSecurityPolicy({ production, stripe, inlineScripts = [] }: SecurityHeaderOptions): Directives {
  const self = "'self'"
  return {
    'default-src': [self],
    'base-uri': [self],
    'connect-src': [self, ...(stripe ? STRIPE.connect : [])],
    'font-src': [self],
    'form-action': [self],
    'frame-ancestors': ["'none'"],
    'frame-src': [self, ...(stripe ? STRIPE.frame : [])],
    'img-src': [self, 'data:'],
    'manifest-src': [self],
    'object-src': ["'none'"],
    // Inline scripts only by their hash: the prerendered documents' loader (scripts/screen-scripts.ts).
    'script-src': [self, ...inlineScripts, ...(stripe ? STRIPE.script : [])],
    'script-src-attr': ["'none'"],
    // Fluent UI's Griffel inserts <style> elements at run time, and the shell that carries any nonce
    // is precached by the service worker, so a per-response nonce cannot work: inline styles stay
    // allowed. Scripts stay strict, which is what stops injected code.
    'style-src': [self, "'unsafe-inline'"],
    'worker-src': [self],
    // Over HTTPS only: on a plain-HTTP development server it would send every request to https://.
    'upgrade-insecure-requests': production ? [] : null,
  }
}

export async function registerSecurityHeaders(app: FastifyInstance, options: SecurityHeaderOptions): Promise<void> {
  const directives = contentSecurityPolicy(options)
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: { ...directives, 'frame-ancestors': [(request: IncomingMessage) => (isTermsPage(request) ? "'self'" : "'none'")] },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    strictTransportSecurity: options.production ? { maxAge: 365 * 24 * 60 * 60, includeSubDomains: true } : false,
  })
  // X-Frame-Options for browsers without frame-ancestors; helmet has set DENY by now.
  app.addHook('onRequest', (request, reply, done) => {
    if (isTermsPage(request.raw)) reply.raw.setHeader('x-frame-options', 'SAMEORIGIN')
    done()
  })
}

const INLINE_SCRIPT = /<script\b(?![^>]*\ssrc=)[^>]*>([\s\S]*?)<\/script>/g

/**
 * The CSP sources of the inline scripts in the built portal's documents (the HTML files at the top of
 * `portalDir`), read once at start: the build writes the prerendered documents' loader into them. None
 * without a portal.
 */
export function inlineScriptSources(portalDir: string): string[] {
  if (!existsSync(portalDir)) return []
  const sources = new Set<string>()
  for (const file of readdirSync(portalDir).filter((name) => name.endsWith('.html'))) {
    for (const [, code] of readFileSync(path.join(portalDir, file), 'utf8').matchAll(INLINE_SCRIPT)) {
      if (code!.trim()) sources.add(`'sha256-${createHash('sha256').update(code!).digest('base64')}'`)
    }
  }
  return [...sources]
}

function isTermsPage(request: IncomingMessage): boolean {
  return (request.url ?? '').split('?')[0] === TERMS_PAGE_PATH
}
