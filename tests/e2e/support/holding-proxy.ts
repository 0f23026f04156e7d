// A proxy in front of the real server that can hold chosen requests until the test lets them go, to
// put the browser in a given order of events (Playwright's own routing would bypass the service
// worker). Closing it makes the origin unreachable, like a lost signal.
import http, { type IncomingMessage } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface Hold {
  /** Resolves when the first matching request has arrived (and is being held). */
  reached: Promise<void>
  release(): void
}

export interface HoldingProxy {
  url: string
  hold(matches: (request: IncomingMessage) => boolean): Hold
  close(): Promise<void>
}

interface ActiveHold {
  matches: (request: IncomingMessage) => boolean
  arrived: () => void
  released: Promise<void>
}

export async function startHoldingProxy(targetUrl: string): Promise<HoldingProxy> {
  const target = new URL(targetUrl)
  const holds: ActiveHold[] = []
  const server = http.createServer(async (request, response) => {
    for (const hold of holds.filter((h) => h.matches(request))) {
      hold.arrived()
      await hold.released
    }
    const upstream = http.request(
      { host: target.hostname, port: target.port, path: request.url, method: request.method, headers: request.headers },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers)
        answer.pipe(response)
      },
    )
    upstream.on('error', () => response.destroy())
    request.pipe(upstream)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    hold(matches) {
      let arrived!: () => void
      let release!: () => void
      const reached = new Promise<void>((resolve) => (arrived = resolve))
      const released = new Promise<void>((resolve) => (release = resolve))
      holds.push({ matches, arrived, released })
      return { reached, release }
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve))
      server.closeAllConnections()
      await closed
    },
  }
}
