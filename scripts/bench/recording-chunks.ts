// One hour of recording kept on the device, in Chromium (issue 25): the portal's own chunk store
// (src/lib/recording-chunks.ts, bundled as it is with esbuild) writes 3,600 one-second chunks of Opus
// WebM's size (6 KB: 48 kbit/s) to IndexedDB, as the recorder does on each MediaRecorder
// `dataavailable`, with the page recording every long task (PerformanceObserver 'longtask': tasks over
// 50 ms). The page is a blank document answered by Playwright, so IndexedDB is real and nothing else
// runs on the main thread.
//
// The budget is about recording, where a chunk arrives once a second: the first and the last minute
// of the hour are written at that pace, and their longest task is what the budget judges (the last
// minute with the whole hour already in the store). The 58 minutes between are written as fast as the
// writes go, to fill the store in seconds; their long tasks are printed for information only: 120
// writes a second keep the browser's IndexedDB backend busy on the same cores, which a recorder never
// does (a Chromium trace showed each of those long tasks to be one write's completion running the loop's
// next turn: no heavy step of the store's own). Before the last minute the page's garbage is collected
// (DevTools' HeapProfiler.collectGarbage): the filling made 3,480 Blobs in 18 s, garbage a recorder
// makes over an hour and the browser collects as it goes; left in the heap, its collection fell into
// the paced minute (up to 90 ms tasks, none with the collection first). The same loop writing nothing
// runs last, as a control (first, its 3,600 Blobs' garbage fell into the first minute).
import path from 'node:path'
import { build } from 'esbuild'
import { chromium } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumPath } from '../../tests/e2e/support/chromium.ts'

/** Long tasks while some chunks were written. */
export interface WriteStretch {
  chunks: number
  /** Wall time to write them, in ms. */
  writeMs: number
  /** The longest task (0: none over 50 ms), and how many there were. */
  longestTaskMs: number
  longTasks: number
  /** Each long task: when it started (ms after the stretch's first write) and how long it took. */
  tasks: { atMs: number; ms: number }[]
}

export interface RecordingChunksFigures {
  chunks: number
  chunkBytes: number
  /** The first and the last minute, a chunk a second: what the budget judges. */
  firstMinute: WriteStretch
  lastMinute: WriteStretch
  /** The minutes between, as fast as the writes go (for information). */
  filling: WriteStretch
  /**
   * The control, in the same page before it: the same loop (random bytes, a Blob a chunk, one await a
   * chunk) writing nothing: what making the chunks costs without the store.
   */
  control: WriteStretch
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const CHUNKS = 3600
/** A minute of chunks, each written a second after the one before, as the recorder writes them. */
const PACED_CHUNKS = 60
const RECORDER_INTERVAL_MS = 1000
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
    const devtools = await page.context().newCDPSession(page)
    await page.exposeFunction('benchCollectGarbage', async () => {
      await devtools.send('HeapProfiler.collectGarbage')
    })
    const figures = await page.evaluate(
      async ({ chunks, chunkBytes, pacedChunks, intervalMs }) => {
        const tasks: { start: number; ms: number }[] = []
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, ms: entry.duration })
        }).observe({ type: 'longtask' })
        const store = (window as unknown as { benchChunkStore: { appendChunk: (clerk: string, id: string, seq: number, blob: Blob) => Promise<void>; beginRecording: (clerk: string, meta: object) => Promise<void> } }).benchChunkStore
        const clerk = 'clerk@example.com'
        const id = crypto.randomUUID()
        await store.beginRecording(clerk, { id, name: 'Recording 1', mimeType: 'audio/webm;codecs=opus', extension: 'webm', startedAt: Date.now() })
        const bytes = new Uint8Array(chunkBytes)
        const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
        /** The recorder's loop over chunks [from, to): a chunk arrives (every `everyMs`, or at once), it is kept, the next one. */
        const stretch = async (from: number, to: number, everyMs: number, keep: (seq: number, blob: Blob) => Promise<void>) => {
          const started = performance.now()
          for (let seq = from; seq < to; seq += 1) {
            if (everyMs > 0) await pause(started + (seq - from) * everyMs - performance.now())
            crypto.getRandomValues(bytes)
            await keep(seq, new Blob([bytes], { type: 'audio/webm;codecs=opus' }))
          }
          const writeMs = performance.now() - started
          // Long tasks are reported after they end: one more turn of the event loop lets the last arrive.
          await pause(0)
          const during = tasks.filter((task) => task.start >= started && task.start <= started + writeMs).map((task) => ({ atMs: Math.round(task.start - started), ms: Math.round(task.ms) }))
          return { chunks: to - from, writeMs, longestTaskMs: Math.max(0, ...during.map((task) => task.ms)), longTasks: during.length, tasks: during }
        }
        const keep = (seq: number, blob: Blob) => store.appendChunk(clerk, id, seq, blob)
        const collect = (window as unknown as { benchCollectGarbage: () => Promise<void> }).benchCollectGarbage
        const firstMinute = await stretch(0, pacedChunks, intervalMs, keep)
        const filling = await stretch(pacedChunks, chunks - pacedChunks, 0, keep)
        await collect()
        const lastMinute = await stretch(chunks - pacedChunks, chunks, intervalMs, keep)
        const control = await stretch(0, chunks, 0, () => Promise.resolve())
        return { chunks, chunkBytes, firstMinute, lastMinute, filling, control }
      },
      { chunks: CHUNKS, chunkBytes: CHUNK_BYTES, pacedChunks: PACED_CHUNKS, intervalMs: RECORDER_INTERVAL_MS },
    )
    return figures
  } finally {
    await browser.close()
  }
}
