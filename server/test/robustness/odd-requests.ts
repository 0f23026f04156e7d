// Odd requests for one route, built from the route's own schema: every path parameter, query field
// and body field in turn gets each odd value while the others keep a plain valid-looking value; then
// the whole body is replaced by things that are not the JSON object the route expects.
import { multipart } from '../support/test-app.ts'

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

const NUL = '\u0000'
const LONG = 'x'.repeat(100_000)

/** Body field values, as raw JSON text so that numbers JSON.stringify cannot write (1e400) are sent too. */
export const ODD_JSON_VALUES: string[] = [
  JSON.stringify(NUL),
  JSON.stringify(`a${NUL}b`),
  JSON.stringify(''),
  JSON.stringify('   '),
  JSON.stringify(LONG),
  '"\\ud800"',
  JSON.stringify('../../etc/passwd'),
  JSON.stringify('%00%E0%A4%A'),
  JSON.stringify("'; drop table users; --"),
  JSON.stringify('2147483648'),
  '-1',
  '0',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '-9007199254740993',
  '8640000000000001',
  '-8640000000000001',
  '1e308',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  'true',
  'null',
  '[]',
  '["a","b"]',
  '[2147483648]',
  '[-1]',
  '[1e400]',
  JSON.stringify([NUL]),
  '[[1]]',
  `[${Array.from({ length: 2000 }, (_, i) => i + 1).join(',')}]`,
  '{}',
  JSON.stringify({ a: NUL }),
  '{"__proto__":{"polluted":true}}',
]

/** Query field values, written as they appear in the URL (already %-encoded, or deliberately not). */
export const ODD_QUERY_VALUES: string[] = [
  '%00',
  'a%00b',
  '',
  '-1',
  '0',
  '1.5',
  '2147483648',
  '9007199254740993',
  '8640000000000001',
  '-8640000000000001',
  '1e400',
  '-1e400',
  'abc',
  'true',
  '%5B%5D',
  'x'.repeat(10_000),
  '%E0%A4%A',
  '%ZZ',
  '%ED%A0%80',
]

/** Path segment values, as they appear in the URL. */
export const ODD_PARAM_VALUES: string[] = [
  '%00',
  'a%00b',
  '0',
  '-1',
  '1.5',
  '2147483647',
  '2147483648',
  '9007199254740993',
  '99999999999999999999999',
  '1e400',
  'abc',
  '%E0%A4%A',
  '%',
  '%ED%A0%80',
  '..',
  '%2e%2e',
  '%20',
  'x'.repeat(300),
]

/** The wildcard (rest of the path) also gets paths. */
export const ODD_WILDCARD_VALUES: string[] = [
  ...ODD_PARAM_VALUES,
  'a/../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  'a//b',
  'a/%00/b',
  'clerks/%E0%A4%A/x.wav',
  'x/'.repeat(600),
]

/** Whole bodies that are not the JSON object a route expects. */
const ODD_BODIES: { label: string; contentType?: string; contentEncoding?: string; payload: string | Buffer }[] = [
  { label: 'truncated JSON', contentType: 'application/json', payload: '{"a":' },
  { label: 'not JSON', contentType: 'application/json', payload: 'not json' },
  { label: 'JSON with trailing text', contentType: 'application/json', payload: '{"a":1}}' },
  { label: 'a NUL byte as JSON', contentType: 'application/json', payload: NUL },
  { label: 'JSON array', contentType: 'application/json', payload: '[]' },
  { label: 'JSON string', contentType: 'application/json', payload: '"text"' },
  { label: 'JSON null', contentType: 'application/json', payload: 'null' },
  { label: 'JSON number', contentType: 'application/json', payload: '1e400' },
  { label: 'empty JSON body', contentType: 'application/json', payload: '' },
  { label: 'deeply nested JSON', contentType: 'application/json', payload: '['.repeat(50_000) + ']'.repeat(50_000) },
  { label: 'deeply nested __proto__', contentType: 'application/json', payload: '{"__proto__":'.repeat(5_000) + '1' + '}'.repeat(5_000) },
  { label: 'JSON over 1 MiB', contentType: 'application/json', payload: JSON.stringify({ a: 'x'.repeat(1024 * 1024 + 10) }) },
  { label: 'UTF-16 JSON', contentType: 'application/json; charset=utf-16', payload: '{}' },
  { label: 'plain text', contentType: 'text/plain', payload: 'hello' },
  { label: 'XML', contentType: 'application/xml', payload: '<a/>' },
  { label: 'a form', contentType: 'application/x-www-form-urlencoded', payload: 'a=b' },
  { label: 'a nonsense content type', contentType: ';;;', payload: '{}' },
  { label: 'JSON said to be gzipped', contentType: 'application/json', contentEncoding: 'gzip', payload: '{}' },
  { label: 'JSON in an unknown encoding', contentType: 'application/json', contentEncoding: 'nonsense', payload: '{}' },
  { label: 'multipart without a boundary', contentType: 'multipart/form-data', payload: 'x' },
  { label: 'multipart that is not multipart', contentType: 'multipart/form-data; boundary=zzz', payload: 'garbage\r\n' },
  { label: 'multipart cut short', contentType: 'multipart/form-data; boundary=zzz', payload: '--zzz\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nab' },
  { label: 'multipart with a bad part header', contentType: 'multipart/form-data; boundary=zzz', payload: '--zzz\r\nContent-Disposition\r\n\r\nab\r\n--zzz--\r\n' },
]

/** Multipart field and file names the app's upload forms use, and odd file names to send in them. */
const MULTIPART_TEXT_FIELDS = ['template_name', 'note']
const MULTIPART_FILE_FIELDS = ['template_file', 'file']
const ODD_FILE_NAMES = [`a${NUL}b.txt`, '../../../etc/passwd.txt', `${'x'.repeat(5_000)}.txt`, '', '.txt', '%00.txt', 'CON.txt', 'a/b\\c.txt']
const PLAIN_TEXT_FILE = 'Kitchen: clean.\n'

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
