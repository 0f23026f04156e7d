import { startCluster } from './cluster.ts'
const c = await startCluster({ processes: 1 })
try {
  console.log(c.startProblems)
  console.log((await fetch(`${c.nginx.url}/api/health/ready`)).status)
} finally { console.log(c.processes[0]!.output().slice(-3000)); await c.stop() }
