// Test support for the transport's tests against real HTTP servers on loopback.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

/** An origin on loopback that nothing listens on: a connection there is refused, as offline. */
export async function closedOrigin(): Promise<string> {
  const closed = createServer()
  await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve))
  const port = (closed.address() as AddressInfo).port
  await new Promise((resolve) => closed.close(resolve))
  return `http://127.0.0.1:${port}`
}
