// Odd requests for one route, built from the route's own schema: every path parameter, query field
// and body field in turn gets each odd value while the others keep a plain valid-looking value; then
// the whole body is replaced by things that are not the JSON object the route expects.
import { multipart } from '../support/test-app.ts'
import {
  LONG,
  MULTIPART_FILE_FIELDS,
  MULTIPART_TEXT_FIELDS,
  NUL,
  ODD_BODIES,
  ODD_FILE_NAMES,
  ODD_JSON_VALUES,
  ODD_PARAM_VALUES,
  ODD_QUERY_VALUES,
  ODD_WILDCARD_VALUES,
  PLAIN_TEXT_FILE,
} from './odd-values.ts'

export interface JsonSchema {
  type?: string
  properties?: Record<string, JsonSchema>
  required?: string[]
  anyOf?: JsonSchema[]
  const?: unknown
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  items?: JsonSchema
}

export interface OddRequest {
  label: string
  url: string
  payload?: string | Buffer
  headers?: Record<string, string>
  /** The value carries a NUL byte: the answer must refuse it (4xx), not store or act on it. */
  carriesNul?: boolean
  /** A field the schema itself must refuse, named as Fastify names it ("body/email"). */
  refusedField?: string
}

/** Values a person could plausibly type or a client plausibly send, per field name: they take the request past "not found". */
export type KnownGood = Record<string, unknown>

/** A value the schema accepts, or close: the minimum of a number, the first choice of a union, a short string. */
export function sampleOf(schema: JsonSchema): unknown {
  if ('const' in schema) return schema.const
  if (schema.anyOf?.length) return sampleOf(schema.anyOf[0]!)
  switch (schema.type) {
    case 'string':
      return 'x'.repeat(Math.min(Math.max(schema.minLength ?? 1, 1), schema.maxLength ?? 1))
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 1, Math.min(1, schema.maximum ?? 1))
    case 'boolean':
      return true
    case 'array':
      return []
    case 'object':
      return Object.fromEntries((schema.required ?? []).map((name) => [name, sampleOf(schema.properties?.[name] ?? {})]))
    default:
      return 'x'
  }
}

function baseline(schema: JsonSchema | undefined, known: KnownGood): Record<string, unknown> {
  if (!schema?.properties) return {}
  const values = sampleOf(schema) as Record<string, unknown>
  for (const name of Object.keys(values)) if (name in known) values[name] = known[name]
  return values
}

/** A JSON value or URL text holding a NUL byte (written \u0000 in JSON, %00 in a URL). */
const jsonCarriesNul = (json: string) => json.includes('\\u0000')
const urlCarriesNul = (text: string) => text.includes('%00')

/** Every odd request for the route `method url` (url with `:param` and `*` placeholders). */
export function oddRequests(
  method: string,
  url: string,
  schema: { params?: JsonSchema; querystring?: JsonSchema; body?: JsonSchema } | undefined,
  known: KnownGood,
  /** Headers to try in place of the good ones (credentials, cookies). */
  oddHeaders: Record<string, string>[] = [],
): OddRequest[] {
  const paramNames = [...url.matchAll(/:(\w+)/g)].map((match) => match[1]!).concat(url.endsWith('*') ? ['*'] : [])
  const goodParams = Object.fromEntries(paramNames.map((name) => [name, String(known[name] ?? 'x')]))
  const query = baseline(schema?.querystring, known)
  const body = baseline(schema?.body, known)
  const hasBody = !['GET', 'HEAD', 'OPTIONS'].includes(method)

  const path = (params: Record<string, string>) => url.replace(/:(\w+)/g, (_, name: string) => params[name]!).replace(/\*$/, () => params['*']!)
  const queryText = (values: Record<string, unknown>, raw?: [string, string]) => {
    const pairs = Object.entries(values).map(([name, value]) => `${name}=${encodeURIComponent(String(value))}`)
    if (raw) pairs.push(`${raw[0]}=${raw[1]}`)
    return pairs.length ? `?${pairs.join('&')}` : ''
  }
  const goodUrl = path(goodParams) + queryText(query)
  const json = (text: string) => ({ payload: text, headers: { 'content-type': 'application/json' } })
  const goodBody: Pick<OddRequest, 'payload' | 'headers'> = hasBody ? json(JSON.stringify(body)) : {}
  const requests: OddRequest[] = oddHeaders.map((headers) => ({
    label: `headers ${show(JSON.stringify(headers))}`,
    url: goodUrl,
    ...goodBody,
    headers: { ...goodBody.headers, ...headers },
  }))

  for (const name of paramNames) {
    for (const value of name === '*' ? ODD_WILDCARD_VALUES : ODD_PARAM_VALUES) {
      requests.push({ label: `params.${name} = ${show(value)}`, url: path({ ...goodParams, [name]: value }) + queryText(query), ...goodBody, carriesNul: urlCarriesNul(value) })
    }
  }
  for (const name of Object.keys(schema?.querystring?.properties ?? {})) {
    const others = Object.fromEntries(Object.entries(query).filter(([field]) => field !== name))
    for (const value of ODD_QUERY_VALUES) {
      requests.push({ label: `query.${name} = ${show(value)}`, url: path(goodParams) + queryText(others, [name, value]), ...goodBody, carriesNul: urlCarriesNul(value), refusedField: urlCarriesNul(value) ? `querystring/${name}` : undefined })
    }
    requests.push({ label: `query.${name} given twice`, url: path(goodParams) + queryText(others, [name, `1&${name}=2`]), ...goodBody })
  }
  if (!hasBody) return requests

  for (const name of Object.keys(schema?.body?.properties ?? {})) {
    for (const value of ODD_JSON_VALUES) {
      const text = JSON.stringify({ ...body, [name]: '\u0001ODD\u0001' }).replace('"\\u0001ODD\\u0001"', value)
      requests.push({ label: `body.${name} = ${show(value)}`, url: goodUrl, ...json(text), carriesNul: jsonCarriesNul(value), refusedField: jsonCarriesNul(value) ? `body/${name}` : undefined })
    }
  }
  for (const odd of ODD_BODIES) {
    requests.push({ label: `body is ${odd.label}`, url: goodUrl, payload: odd.payload, headers: { ...(odd.contentType && { 'content-type': odd.contentType }), ...(odd.contentEncoding && { 'content-encoding': odd.contentEncoding }) } })
  }
  // One file per form, in each field name in turn: an upload route takes one file and refuses a second.
  const textFields = [...new Set([...MULTIPART_TEXT_FIELDS, ...Object.keys(schema?.body?.properties ?? {})])]
  const plainFields = Object.fromEntries(textFields.map((name) => [name, 'x']))
  for (const fileField of MULTIPART_FILE_FIELDS) {
    for (const field of textFields) {
      for (const value of [NUL, `a${NUL}b`, '', LONG.slice(0, 70_000), '\ud800']) {
        const form = multipart({ ...plainFields, [field]: value }, [{ name: fileField, filename: 'report.txt', content: PLAIN_TEXT_FILE }])
        requests.push({ label: `multipart ${fileField} with field ${field} = ${show(JSON.stringify(value))}`, url: goodUrl, ...form })
      }
    }
    for (const filename of ODD_FILE_NAMES) {
      const form = multipart(plainFields, [{ name: fileField, filename, content: PLAIN_TEXT_FILE }])
      requests.push({ label: `multipart ${fileField} named ${show(JSON.stringify(filename))}`, url: goodUrl, ...form })
    }
  }
  const tooMany = multipart(Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`field${i}`, 'x'])), Array.from({ length: 30 }, () => ({ name: 'file', filename: 'a.txt', content: PLAIN_TEXT_FILE })))
  requests.push({ label: 'multipart with too many parts', url: goodUrl, ...tooMany })
  return requests
}

const show = (value: string) => (value.length > 40 ? `${value.slice(0, 20)}…(${value.length} chars)` : value)
