// The full job list's compression, done by its route rather than by @fastify/compress (which the route
// turns off with `compress: false`), so that the compressed bytes can be kept as they are made
// (list-answer-cache.ts). Same negotiation and the same settings as @fastify/compress uses for every
// other answer (app.ts registers it with its defaults): brotli at quality 4, gzip and deflate at zlib's
// default level, chosen from Accept-Encoding by @fastify/accept-negotiator, the plugin's own negotiator.
import { pipeline, Transform, type Readable, type TransformCallback } from 'node:stream'
import zlib from 'node:zlib'
import negotiate from '@fastify/accept-negotiator'

export type ListEncoding = 'br' | 'gzip' | 'deflate'

/** @fastify/compress's order of preference on Node 20 (it adds zstd only where Node has it). */
const SUPPORTED = ['br', 'gzip', 'deflate', 'identity'] as const

const COMPRESSORS: Record<ListEncoding, () => Transform> = {
  br: () => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }),
  gzip: () => zlib.createGzip(),
  deflate: () => zlib.createDeflate(),
}

/**
 * The encoding to answer in, or undefined for the plain answer: as @fastify/compress chooses (`*` and
 * x-gzip count as gzip; no header, no acceptable coding or an x-no-compression header: plain).
 */
export function negotiateListEncoding(headers: Record<string, string | string[] | undefined>): ListEncoding | undefined {
  const accepted = headers['accept-encoding']
  if (typeof accepted !== 'string' || headers['x-no-compression'] !== undefined) return undefined
  const chosen = negotiate(accepted.toLowerCase().replace(/\*|x-gzip/gu, 'gzip'), [...SUPPORTED])
  return chosen === null || chosen === 'identity' ? undefined : chosen
}

/**
 * Passes the compressed chunks on and keeps a copy of them, up to a cap; when the compressed answer
 * is complete (the list was read to its end), hands the whole copy over. A stream destroyed before
 * that (the client has gone) never completes, so it hands nothing over.
 */
class CompressedCopy extends Transform {
  private chunks: Buffer[] = []
  private bytes = 0

  constructor(
    private readonly cap: number,
    private readonly onComplete: (body: Buffer) => void,
  ) {
    super()
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    this.bytes += chunk.length
    // Over the cap, nothing more is kept; the answer still goes to the client whole.
    if (this.bytes <= this.cap) this.chunks.push(chunk)
    else this.chunks = []
    done(null, chunk)
  }

  override _flush(done: TransformCallback): void {
    if (this.bytes <= this.cap) this.onComplete(Buffer.concat(this.chunks, this.bytes))
    this.chunks = []
    done()
  }
}

/** Where a compressed list is kept once complete: `onComplete` gets it if it was made within `cap` bytes. */
export interface KeptCopy {
  cap: number
  onComplete: (body: Buffer) => void
}

/** The list's JSON stream compressed; with `keep`, a copy of the whole compressed answer is handed over. */
export function compressListStream(json: Readable, encoding: ListEncoding, keep?: KeptCopy): Readable {
  // A client that goes destroys the last stream; pipeline then destroys the ones before it, down to the
  // list's stream, whose generator stops reading pages (dashboard-stream.ts). A failed read destroys the
  // last one with its error, which Fastify handles and logs as for any streamed answer, so the callback
  // has nothing to add.
  const compressor = COMPRESSORS[encoding]()
  if (!keep) {
    pipeline(json, compressor, () => {})
    return compressor
  }
  const copy = new CompressedCopy(keep.cap, keep.onComplete)
  pipeline(json, compressor, copy, () => {})
  return copy
}
