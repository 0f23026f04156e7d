// Compare duration methods on every file given (default: ./fx/*).
// Usage: node measure.mjs [files...]  -> Markdown table on stdout, JSON in results.json
import { spawn } from 'node:child_process';
import { createReadStream, readdirSync, writeFileSync } from 'node:fs';
import { parseFile } from '/work/main/node_modules/music-metadata/lib/index.js';

function run(cmd, args, { stdinFile, countStdout = false, timeoutMs = 60_000 } = {}) {
  return new Promise((resolve) => {
    const t0 = process.hrtime.bigint();
    const child = spawn(cmd, args, { stdio: [stdinFile ? 'pipe' : 'ignore', 'pipe', 'pipe'] });
    let out = '', err = '', bytes = 0;
    child.stdout.on('data', (d) => { if (countStdout) bytes += d.length; else out += d; });
    child.stderr.on('data', (d) => { err += d; });
    if (stdinFile) {
      const rs = createReadStream(stdinFile);
      rs.pipe(child.stdin);
      child.stdin.on('error', () => {}); // EPIPE if ffmpeg stops reading early
    }
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      resolve({ code, signal, out, err, bytes, ms: Number(process.hrtime.bigint() - t0) / 1e6 });
    });
  });
}

const FF = ['-hide_banner', '-nostdin', '-v', 'error'];
// Last out_time_us of the -progress key=value blocks (the block ending with progress=end).
const lastOutTime = (text) => {
  const all = [...text.matchAll(/^out_time_us=(\d+)$/gm)];
  return all.length ? Number(all.at(-1)[1]) / 1e6 : null;
};
const lastStatsTime = (text) => {
  const all = [...text.matchAll(/time=(\d+):(\d+):(\d+\.\d+)/g)];
  if (!all.length) return null;
  const m = all.at(-1);
  return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
};

async function measure(file) {
  const r = { file: file.split('/').pop() };
  // (a) ffprobe container duration
  const a = await run('ffprobe', ['-v', 'error', '-show_entries', 'format=duration:stream=sample_rate', '-of', 'json', file]);
  let rate = null;
  try {
    const j = JSON.parse(a.out);
    r.probe = j.format?.duration ? Number(j.format.duration) : null;
    rate = Number(j.streams?.[0]?.sample_rate) || null;
  } catch { r.probe = null; }
  r.probeMs = a.ms;
  // (b) demux only: -c copy -f null, -progress pipe:1; stats line (-stats) on stderr as a cross-check
  const b = await run('ffmpeg', [...FF, '-stats', '-i', file, '-map', '0:a:0', '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-']);
  r.copy = lastOutTime(b.out);
  r.copyStats = lastStatsTime(b.err);
  r.copyEnd = /progress=end/.test(b.out);
  r.copyErr = b.err.replace(/size=.*\r?/g, '').trim().split('\n').filter(Boolean).slice(0, 2).join(' | ');
  r.copyMs = b.ms;
  // (b') same, reading from a pipe (as during an upload)
  const p = await run('ffmpeg', [...FF, '-i', 'pipe:0', '-map', '0:a:0', '-c', 'copy', '-f', 'null', '-progress', 'pipe:1', '-'], { stdinFile: file });
  r.pipe = lastOutTime(p.out);
  r.pipeErr = p.err.trim().split('\n').filter(Boolean).slice(0, 1).join(' | ');
  r.pipeMs = p.ms;
  // (c) decoded truth: count decoded samples (s16le mono at the decoder's own rate)
  const c = await run('ffmpeg', [...FF, '-i', file, '-map', '0:a:0', '-ac', '1', '-c:a', 'pcm_s16le', '-f', 's16le', '-'], { countStdout: true });
  r.decoded = rate ? c.bytes / 2 / rate : null;
  r.decodedMs = c.ms;
  r.decodeErr = c.err.trim().split('\n').filter(Boolean).slice(0, 1).join(' | ');
  // (c') decode with -progress out_time (what ffmpeg's own clock says after decoding)
  const c2 = await run('ffmpeg', [...FF, '-i', file, '-map', '0:a:0', '-f', 'null', '-progress', 'pipe:1', '-']);
  r.decodeProgress = lastOutTime(c2.out);
  // (d) music-metadata, header only and with duration: true
  for (const [key, opts] of [['mm', {}], ['mmFull', { duration: true }]]) {
    const t0 = process.hrtime.bigint();
    try {
      const meta = await parseFile(file, opts);
      r[key] = meta.format.duration ?? null;
    } catch (e) { r[key] = 'ERR: ' + e.message.slice(0, 40); }
    r[key + 'Ms'] = Number(process.hrtime.bigint() - t0) / 1e6;
  }
  return r;
}

const files = process.argv.slice(2).length ? process.argv.slice(2)
  : readdirSync('fx').filter((f) => f !== 'base48k.wav').sort().map((f) => 'fx/' + f);
const results = [];
for (const f of files) results.push(await measure(f));
writeFileSync('results.json', JSON.stringify(results, null, 2));

const fmt = (v, truth) => {
  if (v === null || v === undefined) return '—';
  if (typeof v === 'string') return v;
  const d = truth != null ? v - truth : 0;
  const flag = truth != null && Math.abs(d) > 0.1 ? ' **✗**' : '';
  return v.toFixed(3) + (truth != null ? ` (${d >= 0 ? '+' : ''}${d.toFixed(3)})` : '') + flag;
};
console.log('| file | decoded (truth) | ffprobe format | copy -progress | copy via pipe | music-metadata | mm duration:true | decode -progress |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of results) {
  const t = r.decoded;
  console.log(`| ${r.file} | ${fmt(t)} | ${fmt(r.probe, t)} | ${fmt(r.copy, t)} | ${fmt(r.pipe, t)} | ${fmt(r.mm, t)} | ${fmt(r.mmFull, t)} | ${fmt(r.decodeProgress, t)} |`);
}
console.log('\n| file | ffprobe ms | copy ms | pipe ms | decode ms | mm ms | mm full ms | copy stderr | pipe stderr |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of results) {
  console.log(`| ${r.file} | ${r.probeMs.toFixed(0)} | ${r.copyMs.toFixed(0)} | ${r.pipeMs.toFixed(0)} | ${r.decodedMs.toFixed(0)} | ${r.mmMs.toFixed(0)} | ${r.mmFullMs.toFixed(0)} | ${r.copyErr.slice(0, 80)} | ${r.pipeErr.slice(0, 80)} |`);
}
