// GET /api/health/ready asks the storage every few seconds and gives up on it after 2 s; on S3 the
// question itself must end too, or a storage that takes connections and never answers piles the
// questions up on the client's connections, which the clerks' uploads and downloads share.
import { createServer, type Server, type Socket } from 'node:net'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createS3Client } from '../../src/storage/s3-client.ts'
import { createS3Storage } from '../../src/storage/s3-storage.ts'

let silent: Server
const sockets = new Set<Socket>()
let endpoint: string

beforeEach(async () => {
  // Takes every connection and never says a word.
  silent = createServer((socket) => {
    // Read (and ignore) what arrives, so that the client closing the connection is seen.
    socket.resume()
    sockets.add(socket)
    socket.on('close', () => sockets.delete(socket))
  })
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
  const address = silent.address()
  endpoint = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
})

afterEach(async () => {
  for (const socket of sockets) socket.destroy()
  await new Promise((resolve) => silent.close(resolve))
})

it('gives up asking a storage that never answers, and lets go of its connection', async () => {
  const client = createS3Client({ kind: 's3', bucket: 'b', endpoint, region: 'us-east-1', accessKeyId: 'k', secretAccessKey: 's', forcePathStyle: true })
  const storage = createS3Storage(client, 'b', { readyLimitMs: 200 })
  await expect(storage.ready()).rejects.toThrow()
  // The question's connection is closed, not left waiting for an answer.
  await expect.poll(() => sockets.size).toBe(0)
  client.destroy()
})
