import { createReadStream } from 'node:fs'
import { request } from '/work/wt-engine/node_modules/undici/index.js'
let peak = 0
const before = process.memoryUsage()
const t = setInterval(() => { if (globalThis.gc) gc(); const m = process.memoryUsage(); peak = Math.max(peak, m.arrayBuffers - before.arrayBuffers) }, 5)
const res = await request('http://127.0.0.1:45123/', { method: 'POST', body: createReadStream('/tmp/engine/large.wav') })
console.log(await res.body.text())
clearInterval(t)
console.log('undici.request arrayBuffers', (peak / 1e6).toFixed(1), 'MB')
