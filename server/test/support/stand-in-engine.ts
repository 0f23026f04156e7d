// A local stand-in for a speech-to-text engine (speaches, whisper.cpp's server, OpenAI): a real HTTP
// server that answers GET /v1/models and POST /v1/audio/transcriptions as they do. It measures the audio
// it receives with ffprobe and answers one fixed sentence every 30 seconds of it, so a test can tell
// which piece's times ended up where. It can fail a number of calls first, hang, or hold each call
// until the test lets it go, and it counts the calls it is answering at once.
import { spawn } from 'node:child_process'
import { createWriteStream } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { pipeline } from 'node:stream/promises'
import multipart from '@fastify/multipart'
import Fastify from 'fastify'

/** The stand-in's words; every segment says them. */
export const STAND_IN_WORDS = 'The kitchen window is cracked.'
/** One segment per this many seconds of audio received. */
export const STAND_IN_SEGMENT_SECONDS = 30

export interface ReceivedCall {
  fields: Record<string, string>
  fileName: string
  bytes: number
  seconds: number
  authorization: string | undefined
}

export interface StandInEngine {
  /** The base a TRANSCRIBE_URL names: http://127.0.0.1:port/v1. */
  url: string
  /** Transcription requests answered with a transcript, in the order they arrived. */
  calls: ReceivedCall[]
  /** All transcription requests that arrived, failed ones included. */
  requests: number
  inFlight: number
  maxInFlight: number
  /** The next `count` transcription requests answer 500 with an engine's error text. */
  failNext(count: number): void
  /** Every transcription request from now on never answers. */
  hang(): void
  /** Transcription requests wait until `release()` lets the oldest go. */
  hold(): void
  held(): number
  release(): void
  /** Stops holding: the calls waiting go, and later ones are answered at once. */
  letGo(): void
  /** Replaces the transcript answer (a nonsense engine). */
  answerWith(body: (seconds: number) => unknown): void
  /** GET /models answers 503 while false (an engine still loading its model). */
  setAvailable(available: boolean): void
  close(): Promise<void>
}

export async function startStandInEngine(options: { apiKey?: string } = {}): Promise<StandInEngine> {
  const folder = await mkdtemp(path.join(tmpdir(), 'stand-in-engine-'))
  const app = Fastify()
  await app.register(multipart, { limits: { fileSize: 1024 * 1024 * 1024, files: 1 } })
  let failures = 0
  let hanging = false
  let holding = false
  let available = true
  let answer: ((seconds: number) => unknown) | null = null
  const waiting: Array<() => void> = []
  let fileCount = 0

  const engine: StandInEngine = {
    url: '',
    calls: [],
    requests: 0,
    inFlight: 0,
    maxInFlight: 0,
    failNext: (count) => void (failures = count),
    hang: () => void (hanging = true),
    hold: () => void (holding = true),
    held: () => waiting.length,
    release: () => waiting.shift()?.(),
    letGo: () => {
      holding = false
      for (const go of waiting.splice(0)) go()
    },
    answerWith: (body) => void (answer = body),
    setAvailable: (value) => void (available = value),
    close: async () => {
      app.server.closeAllConnections()
      await app.close()
      await rm(folder, { recursive: true, force: true })
    },
  }

  const refusesKey = (authorization: string | undefined) => options.apiKey !== undefined && authorization !== `Bearer ${options.apiKey}`

  app.get('/v1/models', async (request, reply) => {
    if (refusesKey(request.headers.authorization)) return reply.code(401).send({ error: { message: 'Incorrect API key provided' } })
    if (!available) return reply.code(503).send({ detail: 'model loading' })
    return reply.header('server', 'stand-in-engine').send({ object: 'list', data: [{ id: 'whisper-1', object: 'model', owned_by: 'stand-in' }] })
  })

  app.post('/v1/audio/transcriptions', async (request, reply) => {
    engine.requests++
    engine.inFlight++
    engine.maxInFlight = Math.max(engine.maxInFlight, engine.inFlight)
    try {
      if (refusesKey(request.headers.authorization)) return await reply.code(401).send({ error: { message: 'Incorrect API key provided' } })
      // The file is read before any answer, as a real engine reads it: the client must send it all.
      const fields: Record<string, string> = {}
      let received: { fileName: string; filePath: string } | null = null
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const filePath = path.join(folder, `${++fileCount}-${path.basename(part.filename)}`)
          await pipeline(part.file, createWriteStream(filePath))
          received = { fileName: part.filename, filePath }
        } else fields[part.fieldname] = String(part.value)
      }
      if (!received) return await reply.code(400).send({ error: { message: 'file is required' } })
      const { size } = await stat(received.filePath)
      if (holding) await new Promise<void>((resolve) => waiting.push(resolve))
      if (hanging) return await new Promise(() => {})
      if (failures > 0) {
        failures--
        await rm(received.filePath)
        return await reply.code(500).send({ detail: 'CUDA out of memory. Tried to allocate 20.00 MiB' })
      }
      const seconds = await probeSeconds(received.filePath)
      await rm(received.filePath)
      if (seconds === null) return await reply.code(400).send({ error: { message: 'Invalid file format.' } })
      engine.calls.push({ fields, fileName: received.fileName, bytes: size, seconds, authorization: request.headers.authorization })
      return await reply.send(answer ? answer(seconds) : verboseJson(seconds))
    } finally {
      engine.inFlight--
    }
  })

  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  engine.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/v1`
  return engine
}

/** OpenAI's verbose_json: one segment of STAND_IN_WORDS per STAND_IN_SEGMENT_SECONDS, with Whisper's leading space. */
export function verboseJson(seconds: number) {
  const segments = []
  for (let start = 0, id = 0; start < seconds; start += STAND_IN_SEGMENT_SECONDS, id++) {
    segments.push({ id, start, end: Math.min(start + STAND_IN_SEGMENT_SECONDS, seconds), text: ` ${STAND_IN_WORDS}` })
  }
  return { task: 'transcribe', language: 'english', duration: seconds, text: segments.map((segment) => segment.text).join(''), segments }
}

function probeSeconds(filePath: string): Promise<number | null> {
  return new Promise((resolve) => {
    const child = spawn('ffprobe', ['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', filePath], { stdio: ['ignore', 'pipe', 'ignore'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('error', () => resolve(null))
    child.on('close', (code) => resolve(code === 0 && Number.isFinite(Number.parseFloat(output)) ? Number.parseFloat(output) : null))
  })
}
