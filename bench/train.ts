// Benchmark of /train over HTTP, against a raw node:http server sending a body of the same size:
// (1) a cached trains-between answer; (2) uncached answers — a distinct date per request, so every
// request goes through failover to a local fake erail.in and its parser; (3) station search on
// the loaded datameet list, repeated (search cache) and distinct (a database query per request). Upstreams are local fakes serving the
// module's fixtures: this measures our overhead, not erail's.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { load, report, serveApp, startBaseline, type Row } from './lib/http.js';
import { requireShared } from './lib/shared.js';
import { loadConfig } from '../src/config.js';
import { fixtureText } from '../src/modules/train/fixtures/index.js';
import { STATIONS_JOB } from '../src/modules/train/index.js';
import { parseStationsGeoJson } from '../src/modules/train/stations.js';

const DURATION_S = Number(process.argv[2] ?? 5);
const { stations: STATIONS_DIR } = requireShared('npm run bench:train', ['stations']);

const between = fixtureText('erail-between-nzm-tvc.txt');
const stations = readFileSync(`${STATIONS_DIR}/stations.json`);

// What the tests cannot check on their cut of the list (src/modules/train/fixtures): the whole
// list parses, and the default TRAIN_STATIONS_MIN_ROWS accepts it (else a fresh install would
// refuse the real list and keep an empty table).
const list = JSON.parse(stations.toString()) as { features: { properties: { code: string } }[] };
const whole = parseStationsGeoJson(list);
const minRows = loadConfig({}).TRAIN_STATIONS_MIN_ROWS;
console.log(`datameet list: ${list.features.length} features, ${whole.length} stations; default TRAIN_STATIONS_MIN_ROWS ${minRows}`);
if (whole.length < minRows) {
  console.error(`the whole station list yields ${whole.length} stations, fewer than the default TRAIN_STATIONS_MIN_ROWS (${minRows}): it would be refused`);
  process.exit(1);
}

const fake = createServer((req, res) => {
  if (req.url?.startsWith('/stations.json')) {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(stations);
    return;
  }
  res.writeHead(200, { 'content-type': 'text/plain' });
  res.end(between);
});
await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
const fakeUrl = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;

const served = await serveApp({
  TRAIN_ERAIL_URL: fakeUrl,
  TRAIN_PROVIDERS: 'erail',
  TRAIN_STATIONS_URL: `${fakeUrl}/stations.json`,
  CACHE_MAX_ENTRIES: '1000000',
});
await served.app.ctx.scheduler.runNow(STATIONS_JOB);

const cachedPath = '/train?from=NZM&to=TVC&date=20261124';
const sample = await fetch(served.url + cachedPath).then((r) => r.text());
const baseline = await startBaseline(Buffer.byteLength(sample));

/** Distinct dates, one per request: 20261124 plus i days (cache misses). */
const day0 = Date.UTC(2026, 10, 24);
const datePath = (i: number) => {
  const d = new Date(day0 + (i % 40_000) * 86_400_000).toISOString().slice(0, 10).replace(/-/g, '');
  return `/train?from=NZM&to=TVC&date=${d}`;
};

// Warm-up (JIT, pools), not reported: the first case measured would otherwise pay for it.
await load({ url: served.url + cachedPath, durationS: 2 });
await load({ url: baseline.url + '/', durationS: 1 });

const rows: Row[] = [];
rows.push({ name: `baseline node:http (${Buffer.byteLength(sample)} B)`, ...(await load({ url: baseline.url + '/', durationS: DURATION_S })) });
rows.push({ name: '/train cached', ...(await load({ url: served.url + cachedPath, durationS: DURATION_S })) });
rows.push({ name: '/train uncached (fake erail + parse)', ...(await load({ url: served.url + '/', paths: datePath, durationS: DURATION_S })) });
rows.push({ name: '/train/stations?q=delhi (search cache)', ...(await load({ url: served.url + '/train/stations?q=delhi', durationS: DURATION_S })) });
// Every station code once (about 9,000 distinct queries): a database search per request.
const codes = list.features.map((f) => f.properties.code).filter((c) => /^[A-Z]{3,5}$/.test(c));
rows.push({
  name: '/train/stations distinct codes (database)',
  ...(await load({ url: served.url + '/', paths: (i) => `/train/stations?q=${codes[i % codes.length]}`, durationS: DURATION_S })),
});
report('jankari /train — req/s against a raw node:http baseline (same machine, same run)', rows);

await Promise.all([served.close(), baseline.close(), new Promise<void>((r) => fake.close(() => r()))]);
