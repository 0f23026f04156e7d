// The odd values the robustness test sends: what a careless client, a broken proxy or an attacker
// could put in a field, a path, a query string or a whole body.
export const NUL = '\u0000'
export const LONG = 'x'.repeat(100_000)

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
  // The first ms of year 10000, which JavaScript writes in a form PostgreSQL refuses.
  '253402300800000',
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
  // Names of properties every plain object inherits: a lookup keyed by a path part must not find them.
  'constructor',
  'toString',
  '__proto__',
  'hasOwnProperty',
  'valueOf',
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
export const ODD_BODIES: { label: string; contentType?: string; contentEncoding?: string; payload: string | Buffer }[] = [
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
export const MULTIPART_TEXT_FIELDS = ['template_name', 'note']
export const MULTIPART_FILE_FIELDS = ['template_file', 'file']
export const ODD_FILE_NAMES = [`a${NUL}b.txt`, '../../../etc/passwd.txt', `${'x'.repeat(5_000)}.txt`, '', '.txt', '%00.txt', 'CON.txt', 'a/b\\c.txt']
export const PLAIN_TEXT_FILE = 'Kitchen: clean.\n'
