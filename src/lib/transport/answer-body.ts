// An answer's body as the transport reads it, whether the page reads it (request.ts) or the list's
// worker does (answer-reader.ts): JSON parsed, anything else as text.

/** JSON parsed when the answer says it is JSON (undefined when it does not parse); anything else as text. */
export function bodyFromText(text: string, contentType: string | null): unknown {
  if (!(contentType ?? '').includes('application/json')) return text
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}
