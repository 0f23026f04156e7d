// Load on the busy clerk's dashboard call, side by side with a trivial route of the same server in the
// same run: autocannon from this process, the server in its own.
import autocannon from 'autocannon'

export interface LoadFigures {
  label: string
  requestsPerSecond: number
  p99Ms: number
  kbPerResponse: number
  errors: number
}

export async function measureLoad(label: string, url: string, headers: Record<string, string>, seconds = 10, connections = 4): Promise<LoadFigures> {
  // A browser asks for compressed answers; so does this load.
  const result = await autocannon({ url, headers: { 'accept-encoding': 'gzip, deflate, br', ...headers }, duration: seconds, connections })
  return {
    label,
    requestsPerSecond: result.requests.average,
    p99Ms: result.latency.p99,
    kbPerResponse: result.requests.total > 0 ? result.throughput.total / result.requests.total / 1024 : 0,
    errors: result.errors + result.non2xx,
  }
}
