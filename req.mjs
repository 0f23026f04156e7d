import { createReadStream } from 'node:fs'
import http from 'node:http'
import { pipeline } from 'node:stream/promises'
let peak = 0
const before = process.memoryUsage()
const t = setInterval(() => { if (globalThis.gc) gc(); const m = process.memoryUsage(); peak = Math.max(peak, m.arrayBuffers - before.arrayBuffers) }, 5)
const req = http.request('http://127.0.0.1:45123/', { method: 'POST' })
const done = new Promise(r => req.on('response', res => { let s=''; res.on('data', c => s += c); res.on('end', () => r(s)) }))
await pipeline(createReadStream('/tmp/engine/large.wav'), req)
console.log(await done)
clearInterval(t)
console.log('http.request arrayBuffers', (peak / 1e6).toFixed(1), 'MB')
