// What the main thread did with the blocking time of the first-paint item's loads (issue 28): each
// top-level task after the first contentful paint, its blocking part as Lighthouse's simulation
// counts it (4x its duration, less 50 ms), shared among causes in proportion to V8's CPU samples
// taken during the task. A sample's cause is read from its stack, innermost frame first, each frame
// mapped back to its source module through the build's source maps.
//
//   FIRST_PAINT_REPORTS=/tmp/reports npm run bench -- first-paint      # keeps traces with CPU samples
//   npx vite build --sourcemap hidden --outDir /tmp/maps                # the same chunks, with maps
//   npx tsx scripts/bench/trace-breakdown.ts /tmp/reports /tmp/maps
//
// The machine is shared, so absolute times say little: compare shares, and builds run alternately.
// docs/research/my-jobs-tablet.md.
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping'
import { BLOCKING_AFTER_MS, CPU_SLOWDOWN, type TaskTraceEvent } from './main-thread-cpu.ts'

interface TraceEvent extends TaskTraceEvent {
  /** A CPU profile's, shared by its chunks. */
  id?: string
  args?: Record<string, unknown> & { name?: string; data?: Record<string, unknown> }
}
interface CallFrame {
  functionName: string
  url?: string
  lineNumber: number
  columnNumber: number
}
interface ProfileNode {
  id: number
  parent?: number
  callFrame: CallFrame
}
interface Frame {
  source: string
  name: string
}

/** Causes named by the issue and the traces, matched on a frame's source module. First match wins. */
const CAUSES: [string, RegExp][] = [
  ['TypeBox checks', /node_modules\/typebox\//],
  ['Tabster (focus manager)', /node_modules\/(tabster|keyborg)\//],
  ["Fluent's overflow (the status tabs' measure)", /priority-overflow|react-overflow/],
  ['restoring the persisted query cache', /query-persist|query-persistence/],
  ["the offline list (Dexie, IndexedDB)", /node_modules\/dexie\/|src\/lib\/local-db|jobs-cache|offline-list/],
  ["the service worker's registration", /workbox-window|sw-bridge/],
  ["Griffel (styles computed and inserted)", /node_modules\/@griffel\/|rtl-css-js|stylis/],
  ['TanStack Query', /node_modules\/@tanstack\//],
  ['React Router', /node_modules\/react-router/],
]

class SourceMaps {
  private readonly maps = new Map<string, TraceMap | null>()
  constructor(private readonly buildDir: string) {}

  frame(callFrame: CallFrame): Frame {
    const url = callFrame.url ?? ''
    // Lighthouse's own evaluations name a script, not a URL.
    if (!url.includes('/assets/')) return { source: URL.canParse(url) ? new URL(url).pathname : url, name: callFrame.functionName }
    const file = path.basename(new URL(url).pathname)
    const map = this.mapOf(file)
    const position = map ? originalPositionFor(map, { line: callFrame.lineNumber + 1, column: callFrame.columnNumber }) : null
    // A chunk's top level (no position in the map) is the evaluation of its modules.
    return position?.source ? { source: position.source, name: position.name ?? callFrame.functionName } : { source: `module evaluation: ${file}`, name: '' }
  }

  private mapOf(file: string): TraceMap | null {
    if (!this.maps.has(file)) {
      const mapFile = path.join(this.buildDir, 'assets', `${file}.map`)
      this.maps.set(file, existsSync(mapFile) ? new TraceMap(readFileSync(mapFile, 'utf8')) : null)
    }
    return this.maps.get(file)!
  }
}

function causeOf(stack: Frame[], leafName: string): string {
  for (const frame of stack) for (const [cause, pattern] of CAUSES) if (pattern.test(frame.source)) return cause
  if (stack.some((frame) => /react-dom/.test(frame.source))) {
    if (stack.some((frame) => /hydrat/i.test(frame.name))) return 'React: hydrating'
    if (stack.some((frame) => /^commit/.test(frame.name))) return 'React: commit (effects, DOM)'
    return 'React: rendering'
  }
  const ours = stack.find((frame) => /(^|\/)(src|contract)\//.test(frame.source) && !frame.source.includes('node_modules'))
  if (ours) return `our code: ${ours.source.replace(/.*?\/(src|contract)\//, '$1/')}`
  const evaluation = stack.find((frame) => frame.source.startsWith('module evaluation'))
  if (evaluation) return 'module evaluation'
  // The loader is written into the prerendered document: its frames' source is the document's address.
  if (stack.some((frame) => /\/(login|my-jobs)$/.test(frame.source))) return "the prerendered page's loader"
  if (leafName === '(program)') return 'the browser (parse, style, layout, paint)'
  if (leafName === '(garbage collector)') return 'garbage collection'
  if (stack.some((frame) => frame.source.includes('@fluentui'))) return 'Fluent (other)'
  return 'other'
}

/** Blocking milliseconds by cause, and their sum, for one Lighthouse trace. */
export function blockingByCause(traceFile: string, buildDir: string): { totalMs: number; causes: Map<string, number> } {
  const raw = JSON.parse(readFileSync(traceFile, 'utf8')) as { traceEvents?: TraceEvent[] } | TraceEvent[]
  const events = Array.isArray(raw) ? raw : (raw.traceEvents ?? [])
  const paint = events.find((event) => event.name === 'firstContentfulPaint')
  if (!paint) throw new Error(`${traceFile} has no first contentful paint`)
  const pid = paint.pid
  const main = events.find((event) => event.name === 'thread_name' && event.pid === pid && event.args?.name === 'CrRendererMain')
  if (!main) throw new Error(`${traceFile} has no renderer main thread`)
  // The main thread's own profile, and its chunks by the profile's id (a profiler thread writes them): the
  // page's workers (the list's reader) have profiles of their own in the same process.
  const profile = events.find((event) => event.name === 'Profile' && event.pid === pid && event.tid === main.tid)
  if (!profile) throw new Error(`${traceFile} has no CPU samples: keep reports with FIRST_PAINT_REPORTS`)

  const nodes = new Map<number, ProfileNode>()
  const samples: { ts: number; node: number }[] = []
  let ts = Number((profile.args?.data as { startTime: number }).startTime)
  for (const chunk of events.filter((event) => event.name === 'ProfileChunk' && event.pid === pid && event.id === profile.id)) {
    const data = chunk.args?.data as { cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] }
    for (const node of data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    ;(data.cpuProfile?.samples ?? []).forEach((node, index) => {
      ts += data.timeDeltas?.[index] ?? 0
      samples.push({ ts, node })
    })
  }
  samples.sort((a, b) => a.ts - b.ts)

  const maps = new SourceMaps(buildDir)
  const causeOfNode = new Map<number, string>()
  const causeOfSample = (id: number): string => {
    if (!causeOfNode.has(id)) {
      const stack: Frame[] = []
      for (let node = nodes.get(id); node; node = node.parent === undefined ? undefined : nodes.get(node.parent)) {
        if (node.callFrame.functionName !== '(root)' && node.callFrame.functionName !== '(program)' && node.callFrame.functionName !== '(garbage collector)') stack.push(maps.frame(node.callFrame))
      }
      causeOfNode.set(id, causeOf(stack, nodes.get(id)?.callFrame.functionName ?? ''))
    }
    return causeOfNode.get(id)!
  }

  const causes = new Map<string, number>()
  let totalMs = 0
  const tasks = events.filter((event) => event.name === 'RunTask' && event.ph === 'X' && event.pid === pid && event.tid === main.tid && event.ts >= paint.ts)
  for (const task of tasks) {
    const end = task.ts + (task.dur ?? 0)
    const blockingMs = ((task.dur ?? 0) * CPU_SLOWDOWN) / 1000 - BLOCKING_AFTER_MS
    if (blockingMs <= 0) continue
    totalMs += blockingMs
    const inside = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end)
    const local = new Map<string, number>()
    inside.forEach((sample, index) => {
      const cause = causeOfSample(sample.node)
      local.set(cause, (local.get(cause) ?? 0) + (inside[index + 1]?.ts ?? end) - sample.ts)
    })
    const sampled = [...local.values()].reduce((sum, us) => sum + us, 0)
    if (sampled === 0) causes.set('(no samples)', (causes.get('(no samples)') ?? 0) + blockingMs)
    for (const [cause, us] of local) causes.set(cause, (causes.get(cause) ?? 0) + (blockingMs * us) / sampled)
  }
  return { totalMs, causes }
}

function main(): void {
  const [reports, buildDir] = process.argv.slice(2)
  if (!reports || !buildDir) throw new Error('Usage: tsx scripts/bench/trace-breakdown.ts <FIRST_PAINT_REPORTS folder> <build with source maps>')
  const byRoute = new Map<string, { runs: number; totalMs: number; causes: Map<string, number> }>()
  for (const file of readdirSync(reports).filter((name) => name.endsWith('.trace.json')).sort()) {
    const route = file.replace(/-\d+\.trace\.json$/, '')
    const result = blockingByCause(path.join(reports, file), buildDir)
    const sum = byRoute.get(route) ?? { runs: 0, totalMs: 0, causes: new Map<string, number>() }
    sum.runs += 1
    sum.totalMs += result.totalMs
    for (const [cause, ms] of result.causes) sum.causes.set(cause, (sum.causes.get(cause) ?? 0) + ms)
    byRoute.set(route, sum)
  }
  for (const [route, sum] of byRoute) {
    console.log(`/${route}: ${sum.runs} runs, blocking after the first paint (4x the observed tasks) ${(sum.totalMs / sum.runs).toFixed(0)} ms a run`)
    for (const [cause, ms] of [...sum.causes].sort((a, b) => b[1] - a[1])) {
      console.log(`  ${((100 * ms) / sum.totalMs).toFixed(1).padStart(5)} %  ${(ms / sum.runs).toFixed(0).padStart(5)} ms  ${cause}`)
    }
  }
}

if (import.meta.url === `file://${path.resolve(process.argv[1] ?? '')}`) main()
