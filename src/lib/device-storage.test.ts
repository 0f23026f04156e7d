import { afterEach, describe, expect, it, vi } from 'vitest'
import { askToKeepStorage, fitsInRoom, forgetPersistAskedForTests, ROOM_MARGIN_BYTES, roomLeft } from './device-storage'

const GB = 1024 ** 3
/** A stand-in for navigator.storage. */
const storage = (over: Partial<StorageManager>) => over as StorageManager

describe('device storage', () => {
  afterEach(() => forgetPersistAskedForTests())

  it('asks for persistent storage once per page, and says whether it was granted', async () => {
    const persist = vi.fn(() => Promise.resolve(true))
    expect(await askToKeepStorage(storage({ persist }))).toBe(true)
    expect(await askToKeepStorage(storage({ persist }))).toBe(true)
    expect(persist).toHaveBeenCalledTimes(1)
  })

  it('takes a refusal, a failure or a browser without navigator.storage as not granted', async () => {
    expect(await askToKeepStorage(storage({ persist: () => Promise.resolve(false) }))).toBe(false)
    forgetPersistAskedForTests()
    expect(await askToKeepStorage(storage({ persist: () => Promise.reject(new Error('no')) }))).toBe(false)
    forgetPersistAskedForTests()
    expect(await askToKeepStorage(undefined)).toBe(false)
  })

  it('measures the room left as quota less usage, or null when the browser does not say', async () => {
    expect(await roomLeft(storage({ estimate: () => Promise.resolve({ quota: 4 * GB, usage: 0.8 * GB }) }))).toBe(3.2 * GB)
    expect(await roomLeft(storage({ estimate: () => Promise.resolve({ quota: GB, usage: 2 * GB }) }))).toBe(0)
    expect(await roomLeft(storage({ estimate: () => Promise.resolve({}) }))).toBeNull()
    expect(await roomLeft(storage({ estimate: () => Promise.reject(new Error('no')) }))).toBeNull()
    expect(await roomLeft(undefined)).toBeNull()
  })

  it(`fits a file only with ${ROOM_MARGIN_BYTES / 1024 / 1024} MB to spare, and any file when the room is unknown`, () => {
    expect(fitsInRoom(GB, GB + ROOM_MARGIN_BYTES)).toBe(true)
    expect(fitsInRoom(GB, GB + ROOM_MARGIN_BYTES - 1)).toBe(false)
    expect(fitsInRoom(50 * GB, null)).toBe(true)
  })
})
