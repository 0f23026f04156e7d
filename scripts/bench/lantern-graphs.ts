// Lighthouse's simulated LCP of the first-paint item's loads, taken apart (issue 28): the nodes of
// Lantern's optimistic and pessimistic LCP graphs with their simulated start and end, and the LCP again
// with some requests taken out of the graph (their dependents keep their other dependencies), to price a
// request before trying to remove it. In the pessimistic graph every request made after the document
// waits for a warm connection, and the load has one: requests before the list's paint run one behind
// another, about 190 ms each on the simulated slow 4G whatever their size (research §17).
//
//   FIRST_PAINT_REPORTS=/tmp/reports npm run bench -- first-paint        # keeps the report, trace and devtools log
//   npx tsx scripts/bench/lantern-graphs.ts /tmp/reports/my-jobs-after-1  # one load's graphs
//   WITHOUT='favicon|manifest' npx tsx scripts/bench/lantern-graphs.ts /tmp/reports/my-jobs-after-*.json
//                                                                          # the LCP of each load, with and without
// docs/research/my-jobs-tablet.md.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { LanternLargestContentfulPaint } from 'lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js'
import { PageDependencyGraph } from 'lighthouse/core/computed/page-dependency-graph.js'
import { PageDependencyGraph as GraphBuilder } from 'lighthouse/core/lib/lantern/page-dependency-graph.js'

/** What this script reads of Lantern's nodes. */
interface GraphNode {
  type: 'network' | 'cpu'
  startTime: number
  record?: { url: string; resourceType?: string; transferSize: number }
  event?: { dur: number }
  didPerformLayout?(): boolean
  getEvaluateScriptURLs?(): Set<string>
  isMainDocument?(): boolean
  traverse(callback: (node: GraphNode) => void): void
}
interface Estimate {
  timeInMs: number
  nodeTimings: Map<GraphNode, { startTime: number; endTime: number }>
}
interface LanternResult {
  timing: number
  optimisticEstimate: Estimate
  pessimisticEstimate: Estimate
}
type Request<T> = { request(data: unknown, context: unknown): Promise<T> }

/** One load's LCP as Lighthouse simulates it, the requests whose URL matches `without` taken out first. */
async function simulatedLcp(base: string, without: RegExp | null): Promise<LanternResult> {
  const lhr = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as { configSettings: unknown; requestedUrl: string; finalDisplayedUrl: string }
  const data = {
    trace: JSON.parse(readFileSync(`${base}.trace.json`, 'utf8')) as unknown,
    devtoolsLog: JSON.parse(readFileSync(`${base}.devtools.json`, 'utf8')) as unknown,
    gatherContext: { gatherMode: 'navigation' },
    settings: lhr.configSettings,
    URL: { requestedUrl: lhr.requestedUrl, mainDocumentUrl: lhr.finalDisplayedUrl, finalDisplayedUrl: lhr.finalDisplayedUrl },
    simulator: null,
  }
  const context = { computedCache: new Map(), settings: lhr.configSettings }
  // The graph is computed once per context: changed here, the LCP below is simulated on the changed graph.
  const graph = await (PageDependencyGraph as unknown as Request<GraphNode>).request(data, context)
  if (without) {
    const taken: GraphNode[] = []
    graph.traverse((node) => {
      if (node.type === 'network' && without.test(node.record!.url)) taken.push(node)
    })
    for (const node of taken) (GraphBuilder as unknown as { _pruneNode(node: GraphNode): void })._pruneNode(node)
  }
  return (LanternLargestContentfulPaint as unknown as Request<LanternResult>).request(data, context)
}

function describeNode(node: GraphNode): string {
  if (node.type === 'network') return `${node.record!.resourceType ?? ''} ${node.record!.url.replace(/^https?:\/\/[^/]+/, '')} ${node.record!.transferSize} B`
  const scripts = [...(node.getEvaluateScriptURLs?.() ?? [])].map((url) => path.basename(url))
  return `CPU ${(node.event!.dur / 1000).toFixed(1)} ms observed${scripts.length ? `, evaluates ${scripts.join(', ')}` : ''}${node.didPerformLayout?.() ? ', lays out' : ''}`
}

function printGraph(name: string, estimate: Estimate): void {
  console.log(`${name}: ${estimate.timeInMs.toFixed(0)} ms`)
  for (const [node, timing] of [...estimate.nodeTimings].sort((a, b) => a[1].startTime - b[1].startTime)) {
    console.log(`  ${timing.startTime.toFixed(0).padStart(6)} ${timing.endTime.toFixed(0).padStart(6)}  ${describeNode(node)}`)
  }
}

async function main(): Promise<void> {
  // A report named by any of its three files, or without its extension.
  const bases = [...new Set(process.argv.slice(2).map((file) => file.replace(/(\.trace|\.devtools)?\.json$/, '')))]
  if (bases.length === 0) throw new Error('Usage: tsx scripts/bench/lantern-graphs.ts <report without .json>... (FIRST_PAINT_REPORTS)')
  const without = process.env.WITHOUT ? new RegExp(process.env.WITHOUT) : null
  if (bases.length === 1 && !without) {
    const result = await simulatedLcp(bases[0]!, null)
    console.log(`LCP ${result.timing.toFixed(0)} ms (the mean of the two graphs')`)
    printGraph('optimistic', result.optimisticEstimate)
    printGraph('pessimistic', result.pessimisticEstimate)
    return
  }
  const lcps: [number, number][] = []
  for (const base of bases) {
    const [as, changed] = [await simulatedLcp(base, null), without ? await simulatedLcp(base, without) : null]
    lcps.push([as.timing, changed?.timing ?? as.timing])
    console.log(`${path.basename(base)}: LCP ${as.timing.toFixed(0)} ms${changed ? `, without ${without}: ${changed.timing.toFixed(0)} ms` : ''}`)
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
  console.log(`median ${median(lcps.map(([as]) => as)).toFixed(0)} ms${without ? `, without: ${median(lcps.map(([, changed]) => changed)).toFixed(0)} ms` : ''}`)
}

await main()
