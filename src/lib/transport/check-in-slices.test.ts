import { describe, expect, it, vi } from 'vitest'
import { Type, type TSchema } from 'typebox'
import { Value } from 'typebox/value'
import { CHECK_SLICE, checkInSlices } from './check-in-slices'

const Job = Type.Object({ job_id: Type.Number(), property_address: Type.String() })
const JobList = Type.Array(Job)
const jobs = (count: number) => Array.from({ length: count }, (_, i) => ({ job_id: i + 1, property_address: `${i + 1} Kingsway, Leeds` }))
const check = (schema: TSchema, value: unknown) => Value.Check(schema, value)

describe('checkInSlices', () => {
  it('accepts a long list whose every item matches', async () => {
    await expect(checkInSlices(check, JobList, jobs(CHECK_SLICE * 4 + 3))).resolves.toBe(true)
  })

  it('refuses a long list whose one item, in its last slice, breaks the schema', async () => {
    const list: unknown[] = jobs(CHECK_SLICE * 4 + 3)
    list[CHECK_SLICE * 4 + 1] = { job_id: 'not a number', property_address: '1 Kingsway, Leeds' }
    await expect(checkInSlices(check, JobList, list)).resolves.toBe(false)
  })

  it('checks only the first slice before giving the main thread back, then the rest', async () => {
    const counted = vi.fn(check)
    const checking = checkInSlices(counted, JobList, jobs(CHECK_SLICE * 3))
    expect(counted).toHaveBeenCalledTimes(1)
    await expect(checking).resolves.toBe(true)
    expect(counted).toHaveBeenCalledTimes(3)
  })

  it('checks a list with a rule about the whole list in one go', async () => {
    // Every slice would be within 600 items; the whole list is not.
    await expect(checkInSlices(check, Type.Array(Job, { maxItems: 600 }), jobs(1000))).resolves.toBe(false)
  })

  it('checks a value that is not a list as it is', async () => {
    await expect(checkInSlices(check, JobList, { job_id: 1 })).resolves.toBe(false)
    await expect(checkInSlices(check, Job, { job_id: 1, property_address: '1 Kingsway, Leeds' })).resolves.toBe(true)
  })
})
