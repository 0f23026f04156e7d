// Builds the HTTP application: external plugins, then the error handler, then the API routes under
// /api, then the portal with its SPA fallback. The caller owns listening and process signals.
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify'
import fastifyCompress from '@fastify/compress'
import fastifyCookie from '@fastify/cookie'
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox'
import type { Config } from './config.ts'
import type { Database } from './db/database.ts'
import { createAccessTokens, resolveJwtSecret } from './auth/access-tokens.ts'
import { createMailer, type Mailer } from './email/mailer.ts'
import { registerAuthenticate } from './plugins/authenticate.ts'
import { registerErrorHandler } from './plugins/error-handler.ts'
import { registerPortal } from './plugins/portal.ts'
import { healthRoutes } from './routes/health.ts'
import { lookupRoutes } from './routes/lookups.ts'
import { authRoutes } from './routes/auth.ts'
import { profileRoutes } from './routes/profile.ts'

declare module 'fastify' {
  interface FastifyInstance {
    config: Config
    database: Database
    mailer: Mailer
  }
}

export interface AppOptions {
  config: Config
  /** Opened and migrated by the caller; the app closes it when it closes. */
  database: Database
  logger?: FastifyServerOptions['logger']
  /** Tests replace the e-mail transport to read what was sent. */
  mailer?: Mailer
}

export async function buildApp({ config, database, logger, mailer }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Behind a load balancer the client's address comes from X-Forwarded-For (rate limits need it).
    trustProxy: config.production,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<TypeBoxTypeProvider>()

  app.decorate('config', config)
  app.decorate('database', database)
  app.decorate('mailer', mailer ?? createMailer(config.mail, app.log))
  app.addHook('onClose', async () => {
    app.mailer.close()
    await database.close()
  })

  await app.register(fastifyCompress, { global: true, threshold: 1024 })
  await app.register(fastifyCookie)
  registerErrorHandler(app)
  registerAuthenticate(app, createAccessTokens(await resolveJwtSecret(database.db, config.jwtSecret)))

  await app.register(
    async (api) => {
      await api.register(healthRoutes)
      await api.register(lookupRoutes, { prefix: '/lookup' })
      await api.register(authRoutes, { prefix: '/auth' })
      await api.register(profileRoutes, { prefix: '/profile' })
    },
    { prefix: '/api' },
  )

  await registerPortal(app, config.portalDir)
  return app
}
