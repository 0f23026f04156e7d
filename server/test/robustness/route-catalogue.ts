// Every route the real application registers, read from the application itself: Fastify announces
// each new instance on the `fastify.initialization` diagnostics channel before any plugin runs, so an
// `onRoute` hook added there sees every route, its method, full URL and schema. A route added later
// is covered by the robustness test without anyone listing it.
import { subscribe, unsubscribe } from 'node:diagnostics_channel'
import type { FastifyInstance, FastifySchema } from 'fastify'

export interface CatalogedRoute {
  method: string
  url: string
  schema: FastifySchema | undefined
}

/** Runs `build` and returns what it built with the routes registered while it ran. */
export async function catalogRoutes<T>(build: () => Promise<T>): Promise<{ built: T; routes: CatalogedRoute[] }> {
  const routes: CatalogedRoute[] = []
  const listen = (message: unknown) => {
    const { fastify } = message as { fastify: FastifyInstance }
    fastify.addHook('onRoute', (route) => {
      for (const method of [route.method].flat()) routes.push({ method, url: route.url, schema: route.schema })
    })
  }
  subscribe('fastify.initialization', listen)
  try {
    return { built: await build(), routes }
  } finally {
    unsubscribe('fastify.initialization', listen)
  }
}
