// A 1 GiB WAV through tus over loopback (issue 25): the real server process (as `npm start` runs it) on a
// free port, the file streamed from disk in one PATCH to /api/uploads (tus-js-client's default, one
// request for the whole file), and again in 50 MiB PATCHes (a client that cuts its requests). Beside
// it, in the same run, a plain loopback copy: the same file sent as one HTTP PUT to a bare Node HTTP
// server in a process of its own that only writes the body to a file on the same disk. The server's
// CPU seconds while it receives (user + system, from /proc/<pid>/stat) are given per GiB. Everything
// is made in a temporary folder and removed.
import { spawn } from 'node:child_process'
import { createReadStream } from 'node:fs'
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { DEMO_CLERK } from '../../server/src/db/seed-data.ts'
import { startServer, writeBigWav } from './calculate-cost-upload.ts'

export interface TusUploadFigures {
  fileBytes: number
  /** One PATCH with the whole file, created to last byte acknowledged. */
  onePatchMs: number
  onePatchCpuS: number
  /** 50 MiB PATCHes, one after another. */
  chunkedMs: number
  chunkedCpuS: number
  chunkBytes: number
  /** The same file PUT to a bare HTTP server that writes it to disk. */
  plainCopyMs: number
  /**
   * One PATCH of the whole file whose connection is cut once half the file has been handed to the
   * socket, then resumed from the offset HEAD answers: the bytes sent beyond the file's size.
   */
  resumedExtraBytes: number
  /** The offset the server had kept when the cut one was resumed. */
  resumedFromOffset: number
}

const CHUNK_BYTES = 50 * 1024 ** 2
/** Linux's clock ticks a second (USER_HZ), which /proc/<pid>/stat counts in. */
const TICKS_PER_SECOND = 100

/** The process's CPU time so far (user + system), in seconds. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8')
  // Fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND
}

/** Sends `length` bytes of `file` from `start` in one request; resolves with the status and headers. */
function send(url: string, method: string, headers: Record<string, string | number>, file: string, start: number, length: number) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }>((resolve, reject) => {
    const sending = request(url, { method, headers: { ...headers, 'content-length': length } }, (response) => {
      let body = ''
      response.setEncoding('utf8').on('data', (text: string) => (body += text))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body }))
    })
    sending.on('error', reject)
    pipeline(createReadStream(file, { start, end: start + length - 1, highWaterMark: 1024 * 1024 }), sending).catch(reject)
  })
}

/**
 * Sends the file from 0 in one PATCH and destroys the connection once at least `cutAt` bytes have been
 * handed to the socket; resolves with how many were (all counted as sent, whether or not they arrived).
 */
function sendAndCut(url: string, headers: Record<string, string | number>, file: string, fileBytes: number, cutAt: number): Promise<number> {
  return new Promise((resolve) => {
    let handed = 0
    const sending = request(url, { method: 'PATCH', headers: { ...headers, 'upload-offset': 0, 'content-type': 'application/offset+octet-stream', 'content-length': fileBytes } })
    sending.on('error', () => resolve(handed))
    sending.on('close', () => resolve(handed))
    const reading = createReadStream(file, { highWaterMark: 1024 * 1024 })
    reading.on('data', (chunk) => {
      handed += chunk.length
      if (sending.write(chunk) === false) reading.pause()
      if (handed >= cutAt) {
        reading.destroy()
        sending.destroy()
      }
    })
    sending.on('drain', () => reading.resume())
  })
}

/** A bare HTTP server in a process of its own: each PUT's body written to one file, answered 204. */
async function startPlainReceiver(target: string) {
  const script = `
    const http = require('node:http'); const fs = require('node:fs'); const { pipeline } = require('node:stream/promises')
    const server = http.createServer(async (req, res) => { await pipeline(req, fs.createWriteStream(process.argv[1])); res.writeHead(204).end() })
    server.listen(0, '127.0.0.1', () => console.log('listening ' + server.address().port))`
  const child = spawn(process.execPath, ['-e', script, target], { stdio: ['ignore', 'pipe', 'inherit'] })
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      const match = /listening (\d+)/.exec(chunk.toString())
      if (match) resolve(Number(match[1]))
    })
    child.once('exit', (code) => reject(new Error(`the plain receiver exited with code ${code}`)))
  })
  return { url: `http://127.0.0.1:${port}/`, stop: () => child.kill('SIGTERM') }
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

export async function measureTusUpload(): Promise<TusUploadFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-tus-'))
  const server = await startServer(path.join(folder, 'data'))
  const receiver = await startPlainReceiver(path.join(folder, 'plain-copy.wav'))
  try {
    const wav = path.join(folder, 'inspection.wav')
    await writeBigWav(wav)
    const fileBytes = (await stat(wav)).size

    const plainCopyMs = await timed(() => send(receiver.url, 'PUT', {}, wav, 0, fileBytes))
    await rm(path.join(folder, 'plain-copy.wav'))

    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_CLERK.email, password: DEMO_CLERK.password }) })
    const { token } = (await login.json()) as { token: string }
    const tusHeaders = { 'tus-resumable': '1.0.0', authorization: `Bearer ${token}` }

    /** Creates an upload and sends the file in PATCHes of `chunk` bytes; answers the time and the server's CPU seconds. */
    const upload = async (chunk: number) => {
      const cpuBefore = await cpuSeconds(server.pid)
      const ms = await timed(async () => {
        const created = await fetch(`${server.url}/api/uploads`, {
          method: 'POST',
          headers: { ...tusHeaders, 'upload-length': String(fileBytes), 'upload-metadata': `filename ${Buffer.from('three-hour inspection.wav').toString('base64')}` },
        })
        if (created.status !== 201) throw new Error(`tus creation answered ${created.status}: ${await created.text()}`)
        const location = new URL(created.headers.get('location')!, server.url).toString()
        for (let offset = 0; offset < fileBytes; offset += chunk) {
          const length = Math.min(chunk, fileBytes - offset)
          const answer = await send(location, 'PATCH', { ...tusHeaders, 'upload-offset': offset, 'content-type': 'application/offset+octet-stream' }, wav, offset, length)
          if (answer.status !== 204) throw new Error(`tus PATCH answered ${answer.status}: ${answer.body}`)
        }
        // Taken back at once, so the next run has the disk to itself.
        await fetch(location, { method: 'DELETE', headers: tusHeaders })
      })
      return { ms, cpuS: (await cpuSeconds(server.pid)) - cpuBefore }
    }
    const onePatch = await upload(fileBytes)
    const chunked = await upload(CHUNK_BYTES)

    // A resumed upload: cut at half, HEAD for the server's offset, the rest from there.
    const created = await fetch(`${server.url}/api/uploads`, {
      method: 'POST',
      headers: { ...tusHeaders, 'upload-length': String(fileBytes), 'upload-metadata': `filename ${Buffer.from('cut inspection.wav').toString('base64')}` },
    })
    const location = new URL(created.headers.get('location')!, server.url).toString()
    const sentBeforeCut = await sendAndCut(location, tusHeaders, wav, fileBytes, fileBytes / 2)
    // tus answers HEAD once the cut PATCH has let go of the upload's lock, with what it kept.
    const head = await fetch(location, { method: 'HEAD', headers: tusHeaders })
    const resumedFromOffset = Number(head.headers.get('upload-offset'))
    const rest = await send(location, 'PATCH', { ...tusHeaders, 'upload-offset': resumedFromOffset, 'content-type': 'application/offset+octet-stream' }, wav, resumedFromOffset, fileBytes - resumedFromOffset)
    if (rest.status !== 204) throw new Error(`the resuming PATCH answered ${rest.status}: ${rest.body}`)
    await fetch(location, { method: 'DELETE', headers: tusHeaders })
    const resumedExtraBytes = sentBeforeCut + (fileBytes - resumedFromOffset) - fileBytes

    return { fileBytes, onePatchMs: onePatch.ms, onePatchCpuS: onePatch.cpuS, chunkedMs: chunked.ms, chunkedCpuS: chunked.cpuS, chunkBytes: CHUNK_BYTES, plainCopyMs, resumedExtraBytes, resumedFromOffset }
  } finally {
    receiver.stop()
    await server.stop()
    await rm(folder, { recursive: true, force: true })
  }
}
