// Whether the page's own IndexedDB holds an offline copy of a job list (read the way the portal
// stores it: src/app/query-persistence.tsx, store jobsCaches of src/lib/local-db.ts), for e2e checks
// that the list was kept before the network goes. A copy is a Blob of JSON text (a string from older releases).
import type { Page } from '@playwright/test'

/** True once some clerk's stored copy holds at least one job. */
export function jobListStoredInPage(page: Page): Promise<boolean> {
  return page.evaluate(async () => {
    // Opening a database that does not exist would create an empty one under the portal's name.
    if (!(await indexedDB.databases()).some((database) => database.name === 'inspectscribe')) return false
    const request = (r: IDBRequest) => new Promise<unknown>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))))
    const db = (await request(indexedDB.open('inspectscribe'))) as IDBDatabase
    try {
      if (!db.objectStoreNames.contains('jobsCaches')) return false
      const records = (await request(db.transaction('jobsCaches').objectStore('jobsCaches').getAll())) as { value: string | Blob }[]
      const texts = await Promise.all(records.map((record) => (typeof record.value === 'string' ? record.value : record.value.text())))
      return texts.some((text) => text.includes('"job_id"'))
    } finally {
      db.close()
    }
  })
}
