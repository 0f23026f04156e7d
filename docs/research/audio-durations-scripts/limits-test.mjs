// Check the kill paths of measure-duration.mjs: wall-clock timeout, too-small memory limit, CPU limit.
import { measureDuration } from './measure-duration.mjs';
const cases = [
  ['timeout 150 ms on 2h MP3 (needs ~0.3 s CPU)', 'big/mp3_vbr_noxing_2h.mp3', { timeoutMs: 150 }],
  ['--as=200 MiB (below ffmpeg\'s ~270 MiB of mapped libraries)', 'fx/mp3_cbr.mp3', { memoryBytes: 200 * 2 ** 20 }],
  ['--as=384 MiB on 2h MP3', 'big/mp3_vbr_noxing_2h.mp3', { memoryBytes: 384 * 2 ** 20 }],
];
for (const [name, file, opts] of cases) {
  const t0 = performance.now();
  try { const r = await measureDuration(file, opts); console.log(name, '->', r.seconds); }
  catch (e) { console.log(name, '-> ERROR', e.message.slice(0, 120)); }
  console.log('   after', (performance.now() - t0).toFixed(0), 'ms');
}
