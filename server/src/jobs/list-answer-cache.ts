// The full job list's compressed answers, kept in memory by ETag and content encoding
// (docs/decisions/full-list-from-a-cache.md). Always right without any invalidation: the ETag names the
// format, the clerk, the range and the clerk's job list stamp read from the database for this very
// request, and every change to the clerk's jobs renews the stamp in its own transaction, so an answer
// kept for an old stamp is simply never asked for again and ages out. Being keyed by what the database
// says, it stays right with several server processes, each keeping its own.

import { LRUCache } from 'lru-cache'

export interface ListCacheSetting {
  /** All kept answers together; 0 keeps nothing (every full list is built). */
  totalBytes: number
  /** One answer larger than this is sent but not kept. */
  entryBytes: number
}

/** 32 MB in all, 2 MB an answer: a 5,000-job list is 170-300 KB compressed, so over a hundred lists. */
export const LIST_CACHE_DEFAULT: ListCacheSetting = { totalBytes: 32 * 1024 * 1024, entryBytes: 2 * 1024 * 1024 }

/** The least recently used answers go first once the kept bytes would pass totalBytes. */
export class ListAnswerCache {
  private readonly answers: LRUCache<string, Buffer> | null

  constructor(readonly setting: ListCacheSetting) {
    this.answers = this.enabled
      ? new LRUCache<string, Buffer>({
          maxSize: setting.totalBytes,
          maxEntrySize: this.entryLimit,
          sizeCalculation: (body) => body.length,
        })
      : null
  }

  private get enabled(): boolean {
    return this.setting.totalBytes > 0 && this.setting.entryBytes > 0
  }

  /** The largest answer worth copying while it is sent: 0 when nothing is kept. */
  get entryLimit(): number {
    return this.enabled ? Math.min(this.setting.entryBytes, this.setting.totalBytes) : 0
  }

  /** The bytes of every answer kept, never above totalBytes. */
  get bytes(): number {
    return this.answers?.calculatedSize ?? 0
  }

  get(key: string): Buffer | undefined {
    return this.answers?.get(key)
  }

  /** Keeps the answer unless it is over the entry cap (lru-cache then keeps nothing for the key). */
  set(key: string, body: Buffer): void {
    this.answers?.set(key, body)
  }
}
