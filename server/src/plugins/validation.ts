// How request schemas are checked: Fastify's ajv with two guards added, and validation messages that
// keep Fastify's form ("body/email must NOT have more than 100 characters", naming the field) while
// the rules of contract/input-rules.ts read in plain words instead of as a regular expression.
import type { FastifySchemaValidationError, FastifyServerOptions } from 'fastify'
import { NO_NUL_PATTERN } from '@contract/input-rules.ts'

/** Fastify's `ajv` option. */
export const AJV_OPTIONS: FastifyServerOptions['ajv'] = {
  // A JSON number too large for a double (1e400) parses as Infinity: strictNumbers refuses it as a number.
  customOptions: { strictNumbers: true },
  // contract/input-rules.ts's `finite` keyword refuses the Infinity that ajv's own coercion makes of
  // "1e400" in a query string or path, for which it then skips minimum and maximum. It is declared for
  // every type, not as a number keyword, because ajv runs number keywords only on finite numbers.
  onCreate: (ajv) => {
    ajv.addKeyword({ keyword: 'finite', schemaType: 'boolean', errors: false, validate: (finite: boolean, data: unknown) => !finite || typeof data !== 'number' || Number.isFinite(data) })
  },
}

function plainMessage(error: FastifySchemaValidationError): string | undefined {
  if (error.keyword === 'pattern' && error.params.pattern === NO_NUL_PATTERN) return 'must not contain the NUL character (U+0000)'
  if (error.keyword === 'finite') return 'must be a number within range'
  return error.message
}

/** Fastify's `schemaErrorFormatter` option: Fastify's own wording, but for the two rules above. */
export function schemaErrorFormatter(errors: FastifySchemaValidationError[], dataVar: string): Error {
  return new Error(errors.map((error) => `${dataVar}${error.instancePath} ${plainMessage(error)}`).join(', '))
}
