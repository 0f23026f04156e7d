// When the answer's checker (TypeBox's Value, a chunk of its own in the build) is loaded: with the
// request, so both travel at once, not once the answer has arrived. A real server on loopback holds the
// answer until the checker module has been asked for; the module stands in through vi.mock only to
// tell when it is first imported, and is the real one.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it, vi } from 'vitest'
import { TemplateList } from '@contract/templates.ts'
import { apiRequestIfChanged } from './request'

const checker = vi.hoisted(() => ({ imported: false }))
vi.mock('typebox/value', async (importOriginal) => {
  checker.imported = true
  return importOriginal()
})

let server: Server
let answer: (() => void) | null = null

beforeAll(async () => {
  server = createServer((_request, response) => {
    answer = () => {
      response.writeHead(200, { 'content-type': 'application/json' })
      response.end(JSON.stringify([{ id: 7, template_name: 'Check-in', template_file: 'clerks/c1/t.docx' }]))
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const realFetch = globalThis.fetch
  vi.stubGlobal('fetch', (input: string, init?: RequestInit) => realFetch(new URL(input, origin), init))
})

afterAll(() => {
  vi.unstubAllGlobals()
  server.close()
})

it('starts loading the checker while the answer is still on its way, and checks the answer with it', async () => {
  const call = apiRequestIfChanged('/templates', null, { schema: TemplateList, auth: false })
  // The server has the request and has not answered: the checker is already being loaded.
  await vi.waitFor(() => expect(answer).not.toBeNull())
  await vi.waitFor(() => expect(checker.imported).toBe(true))
  answer!()
  await expect(call).resolves.toEqual({ modified: true, etag: null, answer: [{ id: 7, template_name: 'Check-in', template_file: 'clerks/c1/t.docx' }] })
})
