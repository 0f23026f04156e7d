// One lock per resumable upload across every server process sharing one PostgreSQL (issue 25): tus
// must never let two requests write the same upload at once, and the in-memory locker only sees its
// own process. Implements @tus/utils' Locker:
//
// - Each process keeps ONE dedicated connection and takes session-level advisory locks on it
//   (pg_try_advisory_lock(space, hashtext(id))). Session locks are re-entrant within a session, so the
//   process first claims the id in its own map: only one request of a process ever asks PostgreSQL for
//   an id, and the advisory lock then keeps out the other processes. A crashed process's connection
//   closes and PostgreSQL frees its locks at once: nothing to sweep.
// - A request that finds the upload locked asks the holder to let go, as tus wants (the holder is most
//   likely a connection that died half-way): in this process by calling the holder's RequestRelease, in
//   another process by NOTIFY on a channel every process LISTENs to on its lock connection. The holder's
//   request then stops writing (its offset saved), unlocks, and the waiting request takes the lock.
// - Waiting polls pg_try_advisory_lock (never pg_advisory_lock, which would block the one connection
//   that all of the process's locks share) until the lock comes or `acquireTimeoutMs` passes.
// It lives in db/ because it opens a connection of its own and runs SQL, which only db/ and the
// repositories may (server layers, eslint.config.js).
import pg from 'pg'
import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/server'

/** The first key of the uploads' advisory locks; distinct from the migrations' and the folders' (db/). */
const UPLOAD_LOCK_SPACE = 0x7e5a6b1d
const RELEASE_CHANNEL = 'resumable_upload_lock_release'
/** How often a waiting request tries again. Short: a holder asked to let go does so within a few ms. */
const RETRY_MS = 25

interface Holder {
  requestRelease: RequestRelease
}

export interface PostgresLocker extends Locker {
  /** Ends the lock connection (the process's advisory locks go with it). */
  close(): Promise<void>
}

export function createPostgresLocker(connectionUrl: string, { acquireTimeoutMs = 30_000, onError = (_error: unknown) => {} } = {}): PostgresLocker {
  const holders = new Map<string, Holder>()
  let connection: Promise<pg.Client> | null = null
  let closed = false

  const connect = (): Promise<pg.Client> => {
    connection ??= (async () => {
      const client = new pg.Client({ connectionString: connectionUrl })
      client.on('error', (error) => {
        // The connection is gone, and PostgreSQL has freed this process's locks with it; the next
        // lock opens a new one. Requests holding a lock now finish their write unguarded: tus's
        // Upload-Offset check still refuses any PATCH that does not start where the file ends.
        onError(error)
        connection = null
      })
      client.on('notification', (message) => {
        const holder = message.payload ? holders.get(message.payload) : undefined
        if (holder) void holder.requestRelease()
      })
      await client.connect()
      await client.query(`listen ${RELEASE_CHANNEL}`)
      return client
    })().catch((error: unknown) => {
      connection = null
      throw error
    })
    return connection
  }

  const tryAdvisoryLock = async (id: string): Promise<boolean> => {
    const client = await connect()
    const result = await client.query<{ locked: boolean }>('select pg_try_advisory_lock($1, hashtext($2)) as locked', [UPLOAD_LOCK_SPACE, id])
    return result.rows[0]?.locked === true
  }

  const askOthersToRelease = async (id: string) => {
    const client = await connect()
    await client.query('select pg_notify($1, $2)', [RELEASE_CHANNEL, id])
  }

  const newLock = (id: string): Lock => {
    let held = false
    return {
      async lock(stopSignal: AbortSignal, requestRelease: RequestRelease) {
        const giveUpAt = Date.now() + acquireTimeoutMs
        for (;;) {
          if (stopSignal.aborted || Date.now() > giveUpAt) throw ERRORS.ERR_LOCK_TIMEOUT
          const local = holders.get(id)
          if (local) {
            await local.requestRelease()
          } else {
            // Claimed in the map before the query, so no other request of this process asks too.
            const claim: Holder = { requestRelease }
            holders.set(id, claim)
            let locked = false
            try {
              locked = await tryAdvisoryLock(id)
            } finally {
              if (!locked && holders.get(id) === claim) holders.delete(id)
            }
            if (locked) {
              held = true
              return
            }
            await askOthersToRelease(id)
          }
          await delay(RETRY_MS, stopSignal)
        }
      },

      async unlock() {
        if (!held) throw new Error('Releasing an unlocked lock!')
        held = false
        try {
          const client = await connect()
          await client.query('select pg_advisory_unlock($1, hashtext($2))', [UPLOAD_LOCK_SPACE, id])
        } finally {
          holders.delete(id)
        }
      },
    }
  }

  return {
    newLock,
    async close() {
      if (closed) return
      closed = true
      const client = await connection?.catch(() => null)
      connection = null
      await client?.end().catch(() => undefined)
    },
  }
}

/** Waits `ms`, or less when the request is stopped (the loop then gives up). */
function delay(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })
}
