// Merge results.json (measure.mjs) and recommended.tsv (measure-duration.mjs) into one Markdown table.
import { readFileSync } from 'node:fs';
const res = JSON.parse(readFileSync('results.json', 'utf8'));
const rec = Object.fromEntries(readFileSync('recommended.tsv', 'utf8').trim().split('\n')
  .map((l) => l.split('\t')).map(([f, v]) => [f.replace('fx/', ''), v.startsWith('ERROR') ? 'ERROR' : Number(v)]));
// AMR: ffmpeg's amrnb decoder drops DTX (SID/NO_DATA) frames; the reference is opencore (sox) decoding.
const truthOverride = { 'amr_nb.amr': 17.5, 'amr_nb.3gp': 17.5 };
const f = (v, t) => {
  if (v == null) return '—';
  if (typeof v === 'string') return v.startsWith('ERR') ? 'error' : v;
  if (t == null) return v.toFixed(3);
  const d = v - t, bad = Math.abs(d) > 0.1;
  return `${v.toFixed(3)} (${d >= 0 ? '+' : ''}${d.toFixed(3)})${bad ? ' ✗' : ''}`;
};
console.log('| file | truth (decoded) | **recommended** | ffprobe format | plain copy -progress | copy via pipe | mm header | mm duration:true |');
console.log('|---|---|---|---|---|---|---|---|');
for (const r of res) {
  const t = truthOverride[r.file] ?? r.decoded;
  const tnote = truthOverride[r.file] ? `${t.toFixed(3)}¹` : f(t);
  console.log(`| ${r.file} | ${tnote} | **${f(rec[r.file], t)}** | ${f(r.probe, t)} | ${f(r.copy, t)} | ${f(r.pipe, t)} | ${f(r.mm, t)} | ${f(r.mmFull, t)} |`);
}
