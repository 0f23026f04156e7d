// What the page's own IndexedDB keeps of the signed-in clerk's Create Job draft (read the way the
// portal stores it: src/lib/clerk-drafts.ts), for e2e checks that a draft was kept, restored or erased.
import type { Page } from '@playwright/test'

export interface KeptInPage {
  address: string
  files: { name: string; sha256: string }[]
}

/**
 * What the page's own IndexedDB keeps for the signed-in clerk: the draft's address and each file's
 * name and the SHA-256 of its stored Blob, hashed in the page (crypto.subtle). Null when nothing is kept.
 */
export function keptInPage(page: Page): Promise<KeptInPage | null> {
  return page.evaluate(async () => {
    const token = sessionStorage.getItem('auth_token') ?? ''
    const clerk = String((JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as { sub: unknown }).sub)
    const request = (r: IDBRequest) => new Promise<unknown>((resolve, reject) => ((r.onsuccess = () => resolve(r.result)), (r.onerror = () => reject(r.error))))
    const db = (await request(indexedDB.open('inspectscribe'))) as IDBDatabase
    try {
      const tx = db.transaction(['clerkDrafts', 'clerkFiles'], 'readonly')
      const record = (await request(tx.objectStore('clerkDrafts').get(clerk))) as { value: { propertyAddress: string; audioFiles: { id: string; name: string }[] } } | undefined
      if (!record) return null
      const files = []
      for (const file of record.value.audioFiles) {
        const stored = (await request(db.transaction('clerkFiles').objectStore('clerkFiles').get([clerk, file.id]))) as { blob: Blob }
        const digest = await crypto.subtle.digest('SHA-256', await stored.blob.arrayBuffer())
        files.push({ name: file.name, sha256: [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('') })
      }
      return { address: record.value.propertyAddress, files }
    } finally {
      db.close()
    }
  })
}
