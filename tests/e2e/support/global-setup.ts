// One real server for the whole run, serving the built portal and sending mail to a real SMTP
// server. Their addresses reach the tests through the environment, which workers inherit.
import { existsSync } from 'node:fs'
import path from 'node:path'
import { startMailbox } from './mailbox.ts'
import { createEmbeddedDatabaseTemplate, startServer } from './server.ts'

export default async function globalSetup() {
  if (!existsSync(path.resolve(import.meta.dirname, '../../../dist/index.html'))) {
    throw new Error('The portal is not built: run `npm run build` first (npm test does it for you).')
  }
  const removeTemplate = await createEmbeddedDatabaseTemplate()
  const mailbox = await startMailbox()
  // The tests reach the server as clients behind a proxy on this machine (TRUST_PROXY=loopback), so
  // helpers that make accounts through the API can each come from their own address: the suite
  // makes more accounts than the per-address sign-up budget allows one address an hour.
  const server = await startServer({ env: { SMTP_URL: mailbox.smtpUrl, TRUST_PROXY: 'loopback' } })
  process.env.E2E_BASE_URL = server.url
  process.env.E2E_MAILDIR = mailbox.dir
  process.env.E2E_DATA_DIR = server.dataDir
  return async () => {
    await server.stop()
    await mailbox.stop()
    await removeTemplate()
  }
}
