// npm run bench:weather-domain — /weather and /domain over HTTP against the raw node:http
// baseline (same body size), with Open-Meteo and the RDAP servers faked on 127.0.0.1 (no
// internet): answers served from the cache, and answers that go to the (instant) fake
// upstream with a different place or name on every request. --seconds=N per run (default 6).

import { readFileSync } from 'node:fs';
import { fakeUpstream } from '../test/helpers/fake-upstream.js';
import { load, report, serveApp, startBaseline, type Row } from './lib/http.js';

const seconds = Number(process.argv.find((a) => a.startsWith('--seconds='))?.split('=')[1] ?? 6);
const meteoAnswer = JSON.parse(
  readFileSync(new URL('../src/modules/weather/fixtures/open-meteo.json', import.meta.url), 'utf8'),
).response_with_all_four_vars_example;
const google = readFileSync(new URL('../src/modules/domain/fixtures/rdap.verisign.com-domain-google.com.json', import.meta.url), 'utf8');
const snapshot = JSON.parse(readFileSync(new URL('../src/modules/domain/data/iana-rdap-dns.json', import.meta.url), 'utf8'));

const upstream = await fakeUpstream((req) => {
  if (req.path === '/v1/forecast') return { body: meteoAnswer };
  if (req.path === '/dns.json') {
    // The shipped IANA snapshot with .com pointed at this fake registry.
    const services = snapshot.services.map(([l, u]: [string[], string[]]) => [l.filter((x) => x !== 'com'), u]);
    services.push([['com'], [`${upstream.url}/com/`]]);
    return { body: { ...snapshot, publication: '2099-01-01T00:00:00Z', services } };
  }
  if (req.path === '/com/domain/google.com') return { body: google, headers: { 'content-type': 'application/rdap+json' } };
  return { status: 404, body: { errorCode: 404, title: 'Not Found' } };
});
const app = await serveApp({ OPEN_METEO_URL: upstream.url, RDAP_BOOTSTRAP_URL: `${upstream.url}/dns.json`, CACHE_MAX_ENTRIES: '1000000' });
await app.app.ctx.scheduler.runNow('domain-rdap-bootstrap');
const weatherBody = await (await fetch(`${app.url}/weather?city=mumbai`)).text();
const domainBody = await (await fetch(`${app.url}/domain?name=google.com`)).text();
const baseline = await startBaseline(Buffer.byteLength(weatherBody));

const coords = (i: number) => `/weather?lat=${(8 + (i % 2000) * 0.01).toFixed(2)}&lon=${(70 + Math.floor(i / 2000) * 0.01).toFixed(2)}`;
const names = (i: number) => `/domain?name=bench-${i}-unregistered.com`;
const rows: Row[] = [];
try {
  await load({ url: baseline.url, durationS: 1 });
  await load({ url: `${app.url}/weather?city=mumbai`, durationS: 1 });
  rows.push({ name: 'baseline node:http', ...(await load({ url: baseline.url, durationS: seconds })) });
  rows.push({ name: '/weather?city=mumbai (cached)', ...(await load({ url: `${app.url}/weather?city=mumbai`, durationS: seconds })) });
  rows.push({ name: '/domain?name=google.com (cached)', ...(await load({ url: `${app.url}/domain?name=google.com`, durationS: seconds })) });
  rows.push({ name: '/weather coordinates (uncached, fake upstream)', ...(await load({ url: app.url, paths: coords, durationS: seconds })) });
  rows.push({ name: '/domain new names (uncached, fake registry)', ...(await load({ url: app.url, paths: names, durationS: seconds })) });
} finally {
  await baseline.close();
  await app.close();
  await upstream.close();
}
report(`/weather and /domain (${seconds} s each, 50 connections; bodies ${Buffer.byteLength(weatherBody)} B and ${Buffer.byteLength(domainBody)} B)`, rows);
