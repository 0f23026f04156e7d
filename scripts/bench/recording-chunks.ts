// One hour of recording kept on the device, in Chromium (issue 25): the portal's own chunk store
// (src/lib/recording-chunks.ts, bundled as it is with esbuild) writes 3,600 one-second chunks of Opus
// WebM's size (6 KB: 48 kbit/s) to IndexedDB, one after another as the recorder does on each
// MediaRecorder `dataavailable`, but as fast as the writes go (an hour in well under a minute), with
// the page recording every long task (PerformanceObserver 'longtask': tasks over 50 ms). The page is
// a blank document answered by Playwright, so IndexedDB is real and nothing else
// runs on the main thread. The same loop writing nothing runs first as a control (what making the
// chunks costs, without the store). On a shared machine a task is long also when the page is not given
// a core: the bench prints when each long task came, and the run's load average belongs beside it.
import path from 'node:path'
import { build } from 'esbuild'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/support/chromium.ts'

export interface RecordingChunksFigures {
  chunks: number
  chunkBytes: number
  /** Wall time to write them all, in ms. */
  writeMs: number
  /** The longest task while they were written (0: none over 50 ms), and how many there were. */
  longestTaskMs: number
  longTasks: number
  /** Each long task: when it started (ms after the first write) and how long it took. */
  tasks: { atMs: number; ms: number }[]
  /**
   * The control, in the same page before it: the same loop (random bytes, a Blob a chunk, one await a
   * chunk) writing nothing: what making the chunks costs without the store.
   */
  control: { loopMs: number; longestTaskMs: number; longTasks: number }
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const CHUNKS = 3600
/** One second of Opus at 48 kbit/s in WebM. */
const CHUNK_BYTES = 6000
/** localhost: a secure context, as the portal's own origin is; Playwright answers it, nothing listens. */
const ORIGIN = 'http://localhost:9'

/** The chunk store as the portal builds it, exposed on window for the bench. */
async function bundledChunkStore(): Promise<string> {
  const result = await build({
    stdin: {
      contents: "import { appendChunk, beginRecording } from './src/lib/recording-chunks'\nwindow.benchChunkStore = { appendChunk, beginRecording }",
      resolveDir: ROOT,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    plugins: [
      {
        name: 'portal-alias',
        setup(builder) {
          builder.onResolve({ filter: /^@\// }, (args) => builder.resolve(`./${args.path.slice(2)}`, { resolveDir: path.join(ROOT, 'src'), kind: args.kind }))
        },
      },
    ],
  })
  return result.outputFiles[0]!.text
}

export async function measureRecordingChunks(): Promise<RecordingChunksFigures> {
  const script = await bundledChunkStore()
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS })
  try {
    const page = await browser.newPage()
    await page.route(`${ORIGIN}/**`, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>bench</title>' }))
    await page.goto(`${ORIGIN}/`)
    await page.addScriptTag({ content: script })
    // tsx keeps function names with a helper the page does not have; the evaluated function's own use it.
    await page.addScriptTag({ content: 'window.__name = (fn) => fn' })
    return await page.evaluate(
      async ({ chunks, chunkBytes }) => {
        const tasks: { start: number; ms: number }[] = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, ms: entry.duration })
        }).observe({ type: 'longtask' })
        const store = (window as unknown as { benchChunkStore: { appendChunk: (clerk: string, id: string, seq: number, blob: Blob) => Promise<void>; beginRecording: (clerk: string, meta: object) => Promise<void> } }).benchChunkStore
        const clerk = 'clerk@example.com'
        const id = crypto.randomUUID()
        await store.beginRecording(clerk, { id, name: 'Recording 1', mimeType: 'audio/webm;codecs=opus', extension: 'webm', startedAt: Date.now() })
        const bytes = new Uint8Array(chunkBytes)
        /** The recorder's loop: a chunk arrives, it is kept, the next one. */
        const run = async (keep: (seq: number, blob: Blob) => Promise<void>) => {
          const started = performance.now()
          for (let seq = 0; seq < chunks; seq += 1) {
            crypto.getRandomValues(bytes)
            await keep(seq, new Blob([bytes], { type: 'audio/webm;codecs=opus' }))
          }
          const ms = performance.now() - started
          // Long tasks are reported after they end: one more turn of the event loop lets the last arrive.
          await new Promise((resolve) => setTimeout(resolve, 0))
          const during = tasks.filter((task) => task.start >= started).map((task) => ({ atMs: Math.round(task.start - started), ms: Math.round(task.ms) }))
          return { ms, during }
        }
        const control = await run(() => Promise.resolve())
        const written = await run((seq, blob) => store.appendChunk(clerk, id, seq, blob))
        return {
          chunks,
          chunkBytes,
          writeMs: written.ms,
          longestTaskMs: Math.max(0, ...written.during.map((task) => task.ms)),
          longTasks: written.during.length,
          tasks: written.during,
          control: { loopMs: control.ms, longestTaskMs: Math.max(0, ...control.during.map((task) => task.ms)), longTasks: control.during.length },
        }
      },
      { chunks: CHUNKS, chunkBytes: CHUNK_BYTES },
    )
  } finally {
    await browser.close()
  }
}
