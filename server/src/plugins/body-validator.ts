// Which validator checks which part of a request (issue 24 item 8). A JSON body arrives typed, so it is
// taken as sent: `{"email": 5}` or `{"job_ids": ["1"]}` is refused (400), never quietly turned into what
// the schema asks. Query strings, path parameters and headers are text by nature, so their numbers and
// booleans are still read from text, as Fastify does by default (coerceTypes: 'array').
// Both are Fastify's own compiler (@fastify/ajv-compiler) with the app's `ajv` options, so shared
// schemas, formats and the keywords of validation.ts work alike in both.
import { AjvCompiler } from '@fastify/ajv-compiler'
import type { FastifySchemaCompiler, FastifyServerOptions } from 'fastify'

type ValidatorFactory = NonNullable<NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildValidator']>
// The pool's compilers as they are at run time (the package's own types describe a plain ajv compile).
type AjvOptions = { customOptions?: Record<string, unknown> }
type BuildFromPool = (externalSchemas: unknown, options: AjvOptions) => FastifySchemaCompiler<unknown>

/** Fastify's `schemaController.compilersFactory.buildValidator`: bodies without coercion, the other parts with it. */
export function bodyWithoutCoercion(): ValidatorFactory {
  const fromPool = AjvCompiler() as unknown as BuildFromPool
  const factory: BuildFromPool = (externalSchemas, options) => {
    const coercing = fromPool(externalSchemas, options)
    const exact = fromPool(externalSchemas, { ...options, customOptions: { ...options.customOptions, coerceTypes: false } })
    return (route) => (route.httpPart === 'body' ? exact : coercing)(route)
  }
  return factory as unknown as ValidatorFactory
}
