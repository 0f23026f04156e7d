import { describe, expect, it } from 'vitest'
import { removeInBatches, SWEEP_BATCH } from './remove-in-batches.ts'

describe('removeInBatches', () => {
  it('removes a backlog longer than a batch, one batch at a time, and answers how many went', async () => {
    const rows = Array.from({ length: 2 * SWEEP_BATCH + 50 }, (_, index) => index)
    const asked: number[] = []
    const removed = await removeInBatches(
      async (limit) => {
        asked.push(limit)
        return rows.slice(0, limit)
      },
      async (row) => {
        rows.splice(rows.indexOf(row), 1)
      },
    )
    expect(removed).toBe(2 * SWEEP_BATCH + 50)
    expect(rows).toEqual([])
    expect(asked).toEqual([SWEEP_BATCH, SWEEP_BATCH, SWEEP_BATCH])
  })

  it('asks once when nothing expired', async () => {
    let asked = 0
    expect(await removeInBatches(async () => (asked++, []), async () => {})).toBe(0)
    expect(asked).toBe(1)
  })
})
