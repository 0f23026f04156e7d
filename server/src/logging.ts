// What the server's log may hold, and how it looks at a terminal. Errors are written field by field from an allow-list, so a
// database failure shows its SQL (with $1 placeholders) and its SQLSTATE code but never the values:
// Drizzle puts every query parameter (e-mails, argon2id hashes, token hashes) into its error's
// message, and PostgreSQL quotes values in its own message and detail. Headers and bodies that carry
// credentials are censored wherever they are logged, and so are the query parameters that carry them
// (the e-mailed links /reset-password?token=… and /signup/continue?token=… are pages this server serves).
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify'
import { DrizzleQueryError } from 'drizzle-orm'
import pinoPretty from 'pino-pretty'

type LoggerOption = FastifyServerOptions['logger']

const REDACTED = '[redacted]'
const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'headers.authorization',
  'headers.cookie',
  'res.headers["set-cookie"]',
  'req.body',
  'body',
]

/** The server's logger options with the safe error serializer and the redactions added. */
export function safeLogging(logger: LoggerOption): LoggerOption {
  if (logger === false || logger === undefined) return logger
  const options = logger === true ? {} : logger
  return {
    ...options,
    serializers: { ...options.serializers, err: serializeError, req: serializeRequest },
    redact: { paths: REDACT_PATHS, censor: REDACTED },
  }
}

/** Query parameter names whose values are credentials: any *token*, code, key, signature. */
const SECRET_PARAMETER = /token|^code$|^key$|signature/i

function decodedName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '))
  } catch {
    return name
  }
}

/** The address as the log shows it: the path and query string, with the values of secret parameters censored. */
export function loggedUrl(url: string): string {
  const queryStart = url.indexOf('?')
  if (queryStart === -1) return url
  const parameters = url
    .slice(queryStart + 1)
    .split('&')
    .map((parameter) => {
      const name = parameter.split('=', 1)[0]!
      return SECRET_PARAMETER.test(decodedName(name)) ? `${name}=${REDACTED}` : parameter
    })
  return `${url.slice(0, queryStart)}?${parameters.join('&')}`
}

/** Fastify's own request serializer, with the address's secret parameters censored. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: loggedUrl(request.url),
    version: request.headers?.['accept-version']?.toString(),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  }
}

/** Fastify's log lines, but the one that quotes an unknown route's address censors it as above. */
export class SafeLogController extends LogController {
  override routeNotFound(request: FastifyRequest, _reply: FastifyReply) {
    if (this.isLogDisabled(request)) return
    request.log.info(`Route ${request.raw.method}:${loggedUrl(request.raw.url ?? '')} not found`)
  }
}

export type LoggedError = {
  type: string
  message: string
  stack: string
  code?: string | number
  statusCode?: number
  /** Only for a failed query: its SQL text, whose values are $n placeholders. */
  query?: string
  /** The database's fields that name the fault without quoting data. */
  severity?: string
  routine?: string
  constraint?: string
  table?: string
  column?: string
  cause?: LoggedError
}

const MAX_CAUSES = 5

export function serializeError(error: unknown, depth = 0): LoggedError {
  if (!(error instanceof Error)) return { type: typeof error, message: '(thrown value is not an Error)', stack: '' }
  const cause = error.cause !== undefined && depth < MAX_CAUSES ? serializeError(error.cause, depth + 1) : undefined

  if (error instanceof DrizzleQueryError) {
    const message = 'Failed query (parameters not logged)'
    return { type: error.constructor.name, message, stack: restack(error, message), query: error.query, cause }
  }
  if (isDatabaseError(error)) {
    // PostgreSQL's (or PGlite's) own error: its message and detail may quote the offending values.
    const { severity, code, routine, constraint, table, column } = error
    const message = `database error ${code} (message not logged)`
    return withoutUndefined({ type: 'DatabaseError', message, stack: restack(error, message), severity, code, routine, constraint, table, column, cause })
  }
  const { code, statusCode } = error as { code?: unknown; statusCode?: unknown }
  return withoutUndefined({
    type: error.constructor.name,
    message: error.message,
    stack: error.stack ?? '',
    code: typeof code === 'string' || typeof code === 'number' ? code : undefined,
    statusCode: typeof statusCode === 'number' ? statusCode : undefined,
    cause,
  })
}

interface DatabaseErrorFields {
  severity: string
  code: string
  routine?: string
  constraint?: string
  table?: string
  column?: string
}

/** The shape pg and PGlite both give a server error (pg-protocol's DatabaseError). */
function isDatabaseError(error: Error): error is Error & DatabaseErrorFields {
  const fields = error as Partial<DatabaseErrorFields>
  return typeof fields.severity === 'string' && typeof fields.code === 'string' && 'routine' in error
}

/** The stack's frames under a new first line: V8 starts the stack with the original message. */
function restack(error: Error, message: string): string {
  const frames = error.stack?.indexOf('\n    at ') ?? -1
  return `${error.constructor.name}: ${message}${frames === -1 ? '' : error.stack!.slice(frames)}`
}

function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T
}

/**
 * For a person at a terminal (`npm start`): readable lines, written in order with the start-up
 * messages (pino-pretty in this thread, not in a worker). The e-mail fields (to, subject, link) are
 * left out because the mailer's messages already show them, the link on a line of its own; requests
 * show only at debug level, one line each, so a page load does not push the sign-up link off the
 * screen. Piped, or in production, the log stays JSON with Fastify's request entries.
 */
export function terminalLogging(level: string, destination: NodeJS.WritableStream & { isTTY?: boolean } = process.stdout) {
  const stream = pinoPretty({ destination, sync: true, colorize: destination.isTTY === true, ignore: 'pid,hostname,link,to,subject', translateTime: 'HH:MM:ss' })
  return { logger: { level, stream }, logController: new OneDebugLinePerRequest() }
}

class OneDebugLinePerRequest extends SafeLogController {
  // The completed line below says all a person at a terminal needs.
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) return super.requestCompleted(error, request, reply)
    reply.log.debug(`${request.method} ${loggedUrl(request.url)} answered ${reply.statusCode} in ${Math.round(reply.elapsedTime)} ms`)
  }
}
