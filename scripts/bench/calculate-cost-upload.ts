// Calculate-cost for a 1 GB WAV over loopback: the real server process (as `npm start` runs it) on a
// free port, the file streamed from disk as real multipart over HTTP (Node's http), answered once it
// is stored and measured. Beside it, in the same run, the same file copied on the same disk: a plain
// stream copy (what one Node process can move) and fs.copyFile (the kernel's own copy). The server's
// memory is read from /proc while it uploads: the peak resident size (VmRSS sampled every 20 ms) against
// its size just before, so a server that held the file would show ~1 GB more. Everything is made in a
// temporary folder and removed.
import { spawn } from 'node:child_process'
import { createReadStream, createWriteStream } from 'node:fs'
import { copyFile, mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import { DEMO_CLERK } from '../../server/src/db/seed-data.ts'
import { builtServerEntry } from '../../tests/e2e/support/server.ts'
import { ROOT } from './paths.ts'

export interface UploadFigures {
  fileBytes: number
  /** The answer's audio_duration and the length the WAV was made with, in seconds. */
  answeredSeconds: number
  madeSeconds: number
  uploadMs: number
  streamCopyMs: number
  kernelCopyMs: number
  rssBeforeMb: number
  rssPeakMb: number
}

const SAMPLE_RATE = 48_000
/** 16-bit mono PCM: 96,000 bytes a second, so 1 GiB of samples is a little over 3 hours. */
const DATA_BYTES = 1024 ** 3

/** A WAV of DATA_BYTES of a quiet tone, written in 1 MiB blocks (never whole in memory). */
export async function writeBigWav(file: string): Promise<number> {
  const header = Buffer.alloc(44)
  header.write('RIFF', 0, 'ascii')
  header.writeUInt32LE(36 + DATA_BYTES, 4)
  header.write('WAVEfmt ', 8, 'ascii')
  header.writeUInt32LE(16, 16)
  header.writeUInt16LE(1, 20)
  header.writeUInt16LE(1, 22)
  header.writeUInt32LE(SAMPLE_RATE, 24)
  header.writeUInt32LE(SAMPLE_RATE * 2, 28)
  header.writeUInt16LE(2, 32)
  header.writeUInt16LE(16, 34)
  header.write('data', 36, 'ascii')
  header.writeUInt32LE(DATA_BYTES, 40)
  const block = Buffer.alloc(1024 * 1024)
  for (let i = 0; i < block.length / 2; i++) block.writeInt16LE(Math.round(1000 * Math.sin((2 * Math.PI * 440 * i) / SAMPLE_RATE)), i * 2)
  await pipeline(
    (async function* () {
      yield header
      for (let written = 0; written < DATA_BYTES; written += block.length) yield block
    })(),
    createWriteStream(file),
  )
  return DATA_BYTES / 2 / SAMPLE_RATE
}

/** A field of /proc/<pid>/status in MB (VmRSS, VmHWM). */
export async function procMb(pid: number, field: string): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  const kb = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1])
  return kb / 1024
}

export async function startServer(dataDir: string) {
  const entry = await builtServerEntry()
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn', DEMO_ACCOUNT: 'true' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /is ready at (http:\/\/\S+)/.exec(output)
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'))
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', (code) => reject(new Error(`the server exited with code ${code}:\n${output}`)))
  })
  const stop = async () => {
    if (child.exitCode !== null) return
    const exited = new Promise((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    await exited
  }
  return { url, pid: child.pid!, stop }
}

/** POSTs the file as one `audio_files` part, streamed from disk; resolves with the status and body. */
function postAudio(url: string, token: string, reportTypeId: number, file: string, size: number): Promise<{ status: number; body: string }> {
  const boundary = `----inspectscribebench${Date.now()}`
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="report_type_id"\r\n\r\n${reportTypeId}\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="audio_files"; filename="three-hour inspection.wav"\r\nContent-Type: audio/wav\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  return new Promise((resolve, reject) => {
    const sending = request(
      `${url}/api/clerk/calculate-cost`,
      {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + size + tail.length },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8').on('data', (text: string) => (body += text))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body }))
      },
    )
    sending.on('error', reject)
    pipeline(
      (async function* () {
        yield head
        yield* createReadStream(file, { highWaterMark: 1024 * 1024 })
        yield tail
      })(),
      sending,
    ).catch(reject)
  })
}

async function timed(work: () => Promise<unknown>): Promise<number> {
  const started = performance.now()
  await work()
  return performance.now() - started
}

export async function measureCalculateCostUpload(): Promise<UploadFigures> {
  const folder = await mkdtemp(path.join(tmpdir(), 'inspectscribe-bench-upload-'))
  const server = await startServer(path.join(folder, 'data'))
  try {
    const wav = path.join(folder, 'inspection.wav')
    const madeSeconds = await writeBigWav(wav)
    const fileBytes = (await stat(wav)).size

    const streamCopyMs = await timed(() => pipeline(createReadStream(wav, { highWaterMark: 1024 * 1024 }), createWriteStream(path.join(folder, 'stream-copy.wav'))))
    await rm(path.join(folder, 'stream-copy.wav'))
    const kernelCopyMs = await timed(() => copyFile(wav, path.join(folder, 'kernel-copy.wav')))
    await rm(path.join(folder, 'kernel-copy.wav'))

    const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: DEMO_CLERK.email, password: DEMO_CLERK.password }) })
    const { token } = (await login.json()) as { token: string }
    const [reportType] = (await (await fetch(`${server.url}/api/lookup/report-types`)).json()) as { id: number }[]

    const rssBeforeMb = await procMb(server.pid, 'VmRSS')
    let rssPeakMb = rssBeforeMb
    const sampler = setInterval(() => {
      procMb(server.pid, 'VmRSS').then((mb) => (rssPeakMb = Math.max(rssPeakMb, mb)), () => {})
    }, 20)
    let answer = { status: 0, body: '' }
    const uploadMs = await timed(async () => (answer = await postAudio(server.url, token, reportType!.id, wav, fileBytes)))
    clearInterval(sampler)
    rssPeakMb = Math.max(rssPeakMb, await procMb(server.pid, 'VmRSS'))
    if (answer.status !== 200) throw new Error(`calculate-cost answered ${answer.status}: ${answer.body}`)
    const answeredSeconds = (JSON.parse(answer.body) as { audio_duration: number }).audio_duration
    return { fileBytes, answeredSeconds, madeSeconds, uploadMs, streamCopyMs, kernelCopyMs, rssBeforeMb, rssPeakMb }
  } finally {
    await server.stop()
    await rm(folder, { recursive: true, force: true })
  }
}
