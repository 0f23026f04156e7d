// How the sweeps remove what expired: a batch at a time, so a long backlog never loads all at once.

/** Rows a sweep reads per query. */
export const SWEEP_BATCH = 100

/**
 * Asks `expired` for up to SWEEP_BATCH rows and `remove`s each, one after another, until a batch comes
 * back short; answers how many were removed. `remove` must take the row out of what `expired` answers
 * (it deletes it), or the same rows would come back.
 */
export async function removeInBatches<Row>(expired: (limit: number) => Promise<Row[]>, remove: (row: Row) => Promise<void>): Promise<number> {
  let removed = 0
  for (;;) {
    const batch = await expired(SWEEP_BATCH)
    for (const row of batch) {
      await remove(row)
      removed += 1
    }
    if (batch.length < SWEEP_BATCH) return removed
  }
}
