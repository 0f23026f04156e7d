// Prototype of the recommended measure: demux only (ffmpeg -c copy -f null), timestamps read from
// -progress on stdout, demuxer forced by extension, whitelists, memory/CPU/wall-clock limits.
// Usage: node measure-duration.mjs FILE...   (prints seconds, or the error, and the time taken)
import { spawn } from 'node:child_process';
import { createReadStream } from 'node:fs';
import { extname } from 'node:path';

// Extension -> ffmpeg demuxer. `endFix`: add the last packet's duration (see FINDINGS.md: the null
// muxer counts 0 for the last packet of FLAC/Vorbis/Opus, and of AAC when no decoder is opened).
const DEMUXERS = {
  '.mp3': { f: 'mp3' },
  '.wav': { f: 'wav' },
  '.flac': { f: 'flac', flac: true, endFix: true }, // endFix only when read from a pipe
  '.ogg': { f: 'ogg', endFix: true },
  '.oga': { f: 'ogg', endFix: true },
  '.opus': { f: 'ogg', endFix: true },
  '.webm': { f: 'matroska' },        // matroska,webm demuxer; opus start_time is -codec delay
  '.m4a': { f: 'mov', endFix: true },
  '.mp4': { f: 'mov', endFix: true },
  '.3gp': { f: 'mov', endFix: true },
  '.amr': { f: 'amr' },               // AMR-NB and AMR-WB storage format ("#!AMR", "#!AMR-WB")
  '.awb': { f: 'amr' },
};

// FLAC: a full demux pass of a 2-hour FLAC costs ~0.7 s CPU (the parser scans every byte), and the
// demuxer hands the last (possibly partial, undecodable) frame over with its full block duration.
// So: T = STREAMINFO total samples (ffprobe); then seek to 1 s before the end (-sseof, binary search,
// reads a few frames) and take the last packet's pts + duration. Equal to T -> complete file, answer T
// (exact). Otherwise truncated: answer the last packet's start (the partial frame does not decode).
// No total in STREAMINFO (streamed FLAC) -> full pass counting the last packet's duration.
function runText(args, timeoutMs) {
  return new Promise((resolve) => {
    const child = spawn('prlimit', ['--as=536870912', '--cpu=5', '--', ...args],
      { stdio: ['ignore', 'pipe', 'ignore'], timeout: timeoutMs, killSignal: 'SIGKILL' });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (s) => { out += s; if (out.length > 1e5) out = out.slice(-4096); });
    child.on('close', (code) => resolve(code === 0 ? out : ''));
  });
}
async function measureFlac(file, opts) {
  const timeoutMs = opts.timeoutMs ?? 15_000;
  const common = ['-protocol_whitelist', 'file', '-format_whitelist', 'flac'];
  // ffprobe refuses to run with no decoder at all; it opens (does not feed) the FLAC decoder.
  const info = await runText(['ffprobe', '-v', 'error', ...common, '-codec_whitelist', 'flac', '-f', 'flac', '-select_streams', 'a:0',
    '-show_entries', 'stream=duration_ts,sample_rate', '-of', 'csv=p=0', `file:${file}`], timeoutMs);
  const [rate, total] = info.trim().split(',').map(Number);
  if (!(rate > 0 && total > 0)) return measurePackets(file, { ...opts, endFix: true });
  const tail = await runText(['ffmpeg', '-hide_banner', '-nostdin', '-v', 'error', ...common,
    '-codec_whitelist', 'none', '-f', 'flac',
    '-sseof', '-1', '-copyts', '-i', `file:${file}`, '-map', '0:a:0', '-c', 'copy', '-f', 'framecrc', '-'], timeoutMs);
  const last = tail.trim().split('\n').at(-1)?.split(',').map((x) => x.trim());
  if (!last || last.length < 4 || !/^\d+$/.test(last[2])) throw new Error('not measurable: no FLAC frames');
  const pts = Number(last[2]), dur = Number(last[3]); // time base 1/sample_rate
  return { seconds: (pts + dur === total ? total : pts) / rate, warnings: '' };
}

export async function measureDuration(file, opts = {}) {
  const ext = opts.ext ?? extname(file).toLowerCase();
  if (DEMUXERS[ext]?.flac && !opts.fromPipe) return measureFlac(file, opts);
  return measurePackets(file, { ...opts, ext });
}

function measurePackets(file, { ext = extname(file).toLowerCase(), fromPipe = false, endFix,
  timeoutMs = 15_000, memoryBytes = 512 * 1024 * 1024, cpuSeconds = 10 } = {}) {
  const d = { ...DEMUXERS[ext], ...(endFix !== undefined && { endFix }) };
  if (!d.f) return Promise.reject(new Error(`unsupported extension ${ext}`));
  const args = [
    `--as=${memoryBytes}`, `--cpu=${cpuSeconds}`, '--',
    'ffmpeg', '-hide_banner', '-nostdin', '-nostats', '-v', 'error',
    '-protocol_whitelist', 'file,pipe', '-format_whitelist', d.f, '-codec_whitelist', 'none',
    '-max_alloc', String(64 * 1024 * 1024),
    '-f', d.f, '-i', fromPipe ? 'pipe:0' : `file:${file}`,
    '-map', '0:a:0', '-c', 'copy',
    ...(d.endFix ? ['-bsf:a', 'setts=ts=TS+DURATION'] : []),
    '-f', 'null', '-progress', 'pipe:1', '-',
  ];
  return new Promise((resolve, reject) => {
    const child = spawn('prlimit', args, {
      stdio: [fromPipe ? 'pipe' : 'ignore', 'pipe', 'pipe'],
      timeout: timeoutMs, killSignal: 'SIGKILL',
    });
    let out = '', err = '';
    child.stdout.setEncoding('utf8').on('data', (s) => { out += s; if (out.length > 1e5) out = out.slice(-4096); });
    child.stderr.setEncoding('utf8').on('data', (s) => { if (err.length < 4096) err += s; });
    if (fromPipe) {
      child.stdin.on('error', () => {}); // ffmpeg may exit before reading everything
      createReadStream(file).pipe(child.stdin);
    }
    child.on('error', reject);
    child.on('close', (code, signal) => {
      const us = [...out.matchAll(/^out_time_us=(\d+)$/gm)].at(-1)?.[1];
      const ended = /^progress=end$/m.test(out);
      if (signal) return reject(new Error(`killed (${signal}): time or memory limit`));
      if (code !== 0 || !ended || !us || Number(us) <= 0) {
        return reject(new Error(`not measurable: ${err.trim().split('\n').at(-1) || 'no audio packets'}`));
      }
      resolve({ seconds: Number(us) / 1e6, warnings: err.trim() });
    });
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const fromPipe = process.env.PIPE === '1';
  for (const f of process.argv.slice(2)) {
    const t0 = performance.now();
    try {
      const r = await measureDuration(f, { fromPipe });
      console.log(`${f}\t${r.seconds.toFixed(6)}\t${(performance.now() - t0).toFixed(0)} ms${r.warnings ? '\t(warn: ' + r.warnings.split('\n')[0].slice(0, 70) + ')' : ''}`);
    } catch (e) {
      console.log(`${f}\tERROR ${e.message.slice(0, 100)}\t${(performance.now() - t0).toFixed(0)} ms`);
    }
  }
}
