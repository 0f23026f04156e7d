// One real server for the whole run, serving the built portal. Its address reaches the tests
// through the environment, which Playwright passes on to its workers.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { startServer } from './server.ts'

export default async function globalSetup() {
  if (!existsSync(path.resolve(import.meta.dirname, '../../../dist/index.html'))) {
    throw new Error('The portal is not built: run `npm run build` first (npm test does it for you).')
  }
  const server = await startServer()
  process.env.E2E_BASE_URL = server.url
  return () => server.stop()
}
