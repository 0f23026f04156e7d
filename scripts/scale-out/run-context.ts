// What every scenario of the run shares: the cluster, the checks, a read-only look at the database (the
// run checks what was written; it never writes the product's rows), and the clerks' lookups.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type pg from 'pg'
import PostalMime from 'postal-mime'
import type { Checks } from './checks.ts'
import type { ClerkClient } from './clerk-client.ts'
import type { Cluster } from './cluster.ts'
import { waitFor } from './wait-for.ts'

export interface Lookups {
  inventory: number
  ai: number
  priority: number
}

export interface RunContext {
  cluster: Cluster
  checks: Checks
  db: pg.Client
  lookups: Lookups
  /** Every clerk the run made, for the closing checks (ledger, jobs). */
  clerks: ClerkClient[]
  /** What each clerk should hold at the end, in cents: payments credited minus jobs charged. */
  expectedCents: Map<string, number>
}

let clerkCount = 0
/** A clerk address no earlier run against the same database used. */
export function clerkEmail(label: string): string {
  clerkCount += 1
  return `${label}.${Date.now().toString(36)}${clerkCount}@example.com`
}

/** The processes' addresses (127.0.0.1:port) nginx sent the access log's lines from `since` on to. */
export async function upstreamsSince(cluster: Cluster, since: number, pathPrefix: string): Promise<Set<string>> {
  const lines = (await cluster.nginx.accessLog()).slice(since).filter((line) => line.path.startsWith(pathPrefix))
  return new Set(lines.flatMap((line) => line.upstreams))
}

/**
 * Waits until nginx sends requests to every process again: a process killed and restarted is left out
 * for fail_timeout (deploy/nginx.conf's passive health), and checks that need requests spread over the
 * processes must not start before.
 */
export async function untilAllServe(cluster: Cluster): Promise<void> {
  const since = (await cluster.nginx.accessLog()).length
  const expected = cluster.processes.map((product) => `127.0.0.1:${product.port}`)
  await waitFor('nginx to send requests to every process', async () => {
    await fetch(`${cluster.nginx.url}/api/health/ready`)
    const served = await upstreamsSince(cluster, since, '/api/health/ready')
    return expected.every((address) => served.has(address))
  }, { timeoutMs: 60_000, intervalMs: 200 })
}

/** The messages the SMTP catcher holds for `to` with this subject. */
export async function mailsTo(mailDir: string, to: string, subject: string): Promise<number> {
  let count = 0
  for (const file of await readdir(mailDir)) {
    const mail = await PostalMime.parse(await readFile(path.join(mailDir, file)))
    if (mail.subject === subject && mail.to?.some((address) => address.address?.toLowerCase() === to.toLowerCase())) count++
  }
  return count
}

export async function jobCharges(db: pg.Client, jobId: number): Promise<number[]> {
  const rows = await db.query<{ amount_cents: string }>(`select amount_cents from credit_entries where job_id = $1 and kind = 'job_charge'`, [jobId])
  return rows.rows.map((row) => Number(row.amount_cents))
}
