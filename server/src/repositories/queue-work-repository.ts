// The work queue's pieces as `npm run ops -- queue` shows them: the work not done yet or failed, read
// from pg-boss's own tables (its API lists no jobs across queues). A failed piece stays in `job` for 12
// hours and then moves to `archive` (kept 7 days): both are read. pg-boss's internal queues (the
// clock's) are left out.
import { sql } from 'drizzle-orm'
import type { OpsQueueEntry, OpsQueueState } from '@contract/ops.ts'
import type { Db } from '../db/database.ts'
import { QUEUE_SCHEMA } from '../db/queue-schema.ts'

/** pg-boss's states, in the operator's words. */
const STATE_WORDS: Record<string, OpsQueueState> = { created: 'waiting', active: 'running', retry: 'retrying', failed: 'failed' }

interface Row {
  queue: string
  id: string
  state: string
  since: Date | string
  age_seconds: number
  tries: number
  max_tries: number
  payload: Record<string, unknown> | null
  error: string | null
}

export const queueWorkRepository = {
  /** Oldest first: what has waited longest comes first. */
  async listForOps(db: Db, limit = 500): Promise<OpsQueueEntry[]> {
    const schema = sql.raw(QUEUE_SCHEMA)
    const columns = sql`name as queue, id::text as id, state::text as state,
      case state when 'active' then started_on when 'failed' then completed_on else created_on end as since,
      -- pg-boss counts a retry when it is fetched: a piece waiting for its retry has not begun it.
      case state when 'created' then retry_count else retry_count + 1 end as tries, retry_limit + 1 as max_tries, data as payload, output->>'message' as error`
    const result = (await db.execute(sql`
      select *, floor(extract(epoch from now() - since))::int as age_seconds from (
        select ${columns} from ${schema}.job where state in ('created', 'active', 'retry', 'failed') and name not like '\_\_pgboss\_\_%'
        union all
        select ${columns} from ${schema}.archive where state = 'failed' and name not like '\_\_pgboss\_\_%'
      ) as work
      order by since, id
      limit ${limit}
    `)) as unknown as { rows: Row[] }
    return result.rows.map((row) => ({
      queue: row.queue,
      id: row.id,
      state: STATE_WORDS[row.state]!,
      since: new Date(row.since).toISOString(),
      ageSeconds: Math.max(0, row.age_seconds),
      tries: row.tries,
      maxTries: row.max_tries,
      payload: row.payload ?? {},
      ...(row.error ? { error: row.error } : {}),
    }))
  },
}
