// The full job list's compressed answers, kept in memory by ETag and content encoding (decisions.md,
// "Performance: the full list from a cache"). Always right without any invalidation: the ETag names the
// format, the clerk, the range and the clerk's job list stamp read from the database for this very
// request, and every change to the clerk's jobs renews the stamp in its own transaction, so an answer
// kept for an old stamp is simply never asked for again and ages out. Being keyed by what the database
// says, it stays right with several server processes, each keeping its own.
//
// A small LRU by bytes on a Map (insertion order is the age) rather than the lru-cache package: that is
// not one of this project's dependencies (the copy in node_modules is Babel's, version 5).

export interface ListCacheSetting {
  /** All kept answers together; 0 keeps nothing (every full list is built). */
  totalBytes: number
  /** One answer larger than this is sent but not kept. */
  entryBytes: number
}

/** 32 MB in all, 2 MB an answer: a 5,000-job list is 170-300 KB compressed, so over a hundred lists. */
export const LIST_CACHE_DEFAULT: ListCacheSetting = { totalBytes: 32 * 1024 * 1024, entryBytes: 2 * 1024 * 1024 }

export class ListAnswerCache {
  private readonly answers = new Map<string, Buffer>()
  private keptBytes = 0

  constructor(readonly setting: ListCacheSetting) {}

  get enabled(): boolean {
    return this.setting.totalBytes > 0 && this.setting.entryBytes > 0
  }

  /** The bytes of every answer kept, never above totalBytes. */
  get bytes(): number {
    return this.keptBytes
  }

  get(key: string): Buffer | undefined {
    const body = this.answers.get(key)
    if (body) {
      // Used again: now the youngest.
      this.answers.delete(key)
      this.answers.set(key, body)
    }
    return body
  }

  /** Keeps the answer unless it is over the entry cap, dropping the least recently used to fit. */
  set(key: string, body: Buffer): void {
    if (!this.enabled || body.length > Math.min(this.setting.entryBytes, this.setting.totalBytes)) return
    this.delete(key)
    for (const [oldest] of this.answers) {
      if (this.keptBytes + body.length <= this.setting.totalBytes) break
      this.delete(oldest)
    }
    this.answers.set(key, body)
    this.keptBytes += body.length
  }

  private delete(key: string): void {
    const body = this.answers.get(key)
    if (!body) return
    this.answers.delete(key)
    this.keptBytes -= body.length
  }
}
