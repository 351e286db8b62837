// npm run bench — the foundation's HTTP overhead: a raw node:http server (baseline) with a
// JSON body the size of /health's, then /health, then /numerology with a different
// name/dob on every request (nothing cacheable). Ratios are against the baseline.
// BENCH_SECONDS sets each run's length (default 8).

import { load, report, serveApp, startBaseline, type Row } from './lib/http.js';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 8);
const NAMES = ['Asha Rani', 'Rohan Mehta', 'Meera Iyer', 'Vikram Singh', 'Priya Nair', 'Arjun Das', 'Kavya Reddy', 'Sanjay Gupta'];

function numerologyPath(i: number): string {
  const name = encodeURIComponent(`${NAMES[i % NAMES.length]} ${String.fromCharCode(65 + (i % 26))}`);
  const d = 1 + (i % 28);
  const m = 1 + (Math.floor(i / 28) % 12);
  const y = 1950 + (Math.floor(i / 336) % 60);
  return `/numerology?name=${name}&dob=${String(d).padStart(2, '0')}-${String(m).padStart(2, '0')}-${y}&gender=${i % 2 ? 'M' : 'F'}`;
}

const app = await serveApp();
const healthBody = await (await fetch(`${app.url}/health`)).text();
const baseline = await startBaseline(Buffer.byteLength(healthBody));
const rows: Row[] = [];
try {
  // Warm both servers so JIT and connection setup do not count.
  await load({ url: baseline.url, durationS: 1 });
  await load({ url: `${app.url}/health`, durationS: 1 });
  rows.push({ name: 'baseline node:http', ...(await load({ url: baseline.url, durationS: seconds })) });
  rows.push({ name: '/health', ...(await load({ url: `${app.url}/health`, durationS: seconds })) });
  const probe = await fetch(app.url + numerologyPath(0));
  if (probe.status === 200) {
    rows.push({ name: '/numerology (uncached, varying input)', ...(await load({ url: app.url, paths: numerologyPath, durationS: seconds })) });
  } else {
    console.log(`/numerology answered ${probe.status}; not measured`);
  }
} finally {
  await baseline.close();
  await app.close();
}
report(`HTTP overhead (${seconds} s each, 50 connections, body ${Buffer.byteLength(healthBody)} B)`, rows);
console.log('targets: /health >= 0.75, /numerology >= 0.50 of baseline');
