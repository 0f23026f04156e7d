// The job list's refresh as the portal makes it every 60 s: with the ETag of the list it holds, while
// nothing changed (304, the list not built), timed one request at a time; and the full answer's size on
// the wire in each encoding a browser may be sent (counted before any decompression).
import http from 'node:http'
import autocannon from 'autocannon'

export interface RefreshFigures {
  medianMs: number
  p99Ms: number
  /** Requests per second at 4 connections, every one a 304. */
  requestsPerSecond: number
  non304: number
}

/** The answer's status, headers and bytes as sent, with no decompression. */
function rawGet(url: string, headers: Record<string, string>): Promise<{ status: number; etag: string | undefined; bytes: number }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0
        response.on('data', (chunk: Buffer) => (bytes += chunk.length))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, etag: response.headers.etag, bytes }))
        response.on('error', reject)
      })
      .on('error', reject)
  })
}

/** 200 sequential unchanged refreshes (after 20 to warm up), then 10 s at 4 connections. */
export async function measureUnchangedRefresh(url: string, authorization: string): Promise<RefreshFigures> {
  const browser = { authorization, 'accept-encoding': 'gzip, deflate, br', 'cache-control': 'no-cache', pragma: 'no-cache' }
  const { etag } = await rawGet(url, browser)
  if (!etag) throw new Error('the dashboard answered no ETag')
  const conditional = { ...browser, 'if-none-match': etag }
  const times: number[] = []
  for (let i = 0; i < 220; i++) {
    const started = performance.now()
    const { status } = await rawGet(url, conditional)
    if (status !== 304) throw new Error(`an unchanged refresh answered ${status}, not 304`)
    if (i >= 20) times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  const load = await autocannon({ url, headers: conditional, duration: 10, connections: 4 })
  return {
    medianMs: times[Math.floor(times.length / 2)]!,
    p99Ms: times[Math.floor(times.length * 0.99)]!,
    requestsPerSecond: load.requests.average,
    non304: load.errors + (load.requests.total - (load.statusCodeStats?.['304']?.count ?? 0)),
  }
}

/** The full list's bytes on the wire: as a browser asks (brotli), gzip only, and uncompressed. */
export async function measureAnswerSizes(url: string, authorization: string): Promise<{ brKb: number; gzipKb: number; plainKb: number }> {
  const kb = async (encoding: string) => (await rawGet(url, { authorization, 'accept-encoding': encoding })).bytes / 1024
  return { brKb: await kb('gzip, deflate, br'), gzipKb: await kb('gzip'), plainKb: await kb('identity') }
}
