// npm run bench:qr — QR images per second in process for a 200-character text: our drawQr (PNG
// and SVG, with its ETag hash) against the bare qrcode library call it wraps (the baseline, same
// process, interleaved rounds). Target: ≥ 1,000 PNG images/s.

import QRCode from 'qrcode';
import { drawQr, type Drawing } from '../src/modules/qr/service.js';

const TEXT = 'https://example.org/'.padEnd(200, 'x');
const D: Drawing = { format: 'png', size: 256, margin: 4, ecc: 'M', dark: '000000', light: 'ffffff' };
const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 2);

async function rate(f: (i: number) => Promise<unknown>): Promise<number> {
  const until = performance.now() + seconds * 1000;
  let n = 0;
  const t = performance.now();
  while (performance.now() < until) await f(n++);
  return n / ((performance.now() - t) / 1000);
}

const cases: [string, (i: number) => Promise<unknown>][] = [
  ['baseline: qrcode toBuffer (png)', (i) => QRCode.toBuffer(TEXT + i, { errorCorrectionLevel: 'M', margin: 4, width: 256, type: 'png' })],
  ['drawQr png', (i) => drawQr(TEXT + i, D)],
  ['baseline: qrcode toString (svg)', (i) => QRCode.toString(TEXT + i, { errorCorrectionLevel: 'M', margin: 4, type: 'svg' })],
  ['drawQr svg', (i) => drawQr(TEXT + i, { ...D, format: 'svg' })],
];
const results = new Map<string, number[]>();
for (let round = 0; round < 3; round++) for (const [name, f] of cases) results.set(name, [...(results.get(name) ?? []), await rate(f)]);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
console.log(`QR images per second, ${TEXT.length}-character text, 3 interleaved rounds of ${seconds} s`);
console.log('| case | images/s (median) | ratio to its baseline |\n|---|---:|---:|');
for (const [name] of cases) {
  const base = name.includes('svg') ? 'baseline: qrcode toString (svg)' : 'baseline: qrcode toBuffer (png)';
  console.log(`| ${name} | ${Math.round(median(results.get(name)!))} | ${(median(results.get(name)!) / median(results.get(base)!)).toFixed(2)} |`);
}
console.log('target: drawQr png >= 1000 images/s');
