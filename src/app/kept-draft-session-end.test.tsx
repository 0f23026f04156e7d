// The Create Job draft kept on the device outlives the end of a session: logout, the inactivity
// logout and a 403 all end it with clearSession, on which the signed-in frame wipes the offline job
// list (./query-persistence.tsx). The draft must stay for the clerk's next sign-in (issue 12: losing a
// draft because the tablet sat idle is the failure it prevents).
import { Blob as NodeBlob } from 'node:buffer'
import { act, render } from '@testing-library/react'
import { QueryClientProvider } from '@tanstack/react-query'
import { Type } from 'typebox'
import { describe, expect, it } from 'vitest'
import { keepClerkDraft, readClerkDraft } from '@/lib/clerk-drafts'
import { localDb } from '@/lib/local-db'
import { clearSession, saveSession } from '@/lib/session'
import { createTestQueryClient } from '@/test/fake-portal-api'
import { JOBS_CACHE_BUSTER, QueryPersistence, jobsCacheKey } from './query-persistence'

const tokenFor = (sub: string) => `h.${btoa(JSON.stringify({ sub, exp: 4_102_444_800 }))}.s`

describe('the end of a session', () => {
  it('wipes the offline job list and leaves the clerk’s kept draft and its files', async () => {
    saveSession(tokenFor('7'), 'CLERK')
    await keepClerkDraft('7', [{ id: 'f1', blob: new NodeBlob(['kitchen audio']) as unknown as Blob }], () => ({ propertyAddress: '14 Willow Crescent' }))
    // A fresh copy, which no sweep would remove: only the wipe does.
    const copy = { buster: JOBS_CACHE_BUSTER, timestamp: Date.now(), clientState: { queries: [], mutations: [] } }
    await localDb.jobsCaches.put({ id: jobsCacheKey('7'), value: JSON.stringify(copy) })
    render(
      <QueryClientProvider client={createTestQueryClient()}>
        <QueryPersistence>
          <p>Signed in</p>
        </QueryPersistence>
      </QueryClientProvider>,
    )
    act(() => clearSession())
    await expect.poll(() => localDb.jobsCaches.get(jobsCacheKey('7'))).toBeUndefined()
    const kept = await readClerkDraft('7', Type.Object({ propertyAddress: Type.String() }))
    expect(kept?.value).toEqual({ propertyAddress: '14 Willow Crescent' })
    expect(await kept?.files.get('f1')?.text()).toBe('kitchen audio')
  })
})
