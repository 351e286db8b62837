// Test support: reads the real captured result pages kept in ../fixtures/serp (a few
// captures cut from public parser test suites; fixtures/PROVENANCE.md says which and under what
// licence). Two containers: gzipped HTML files, and WARC files of Wayback Machine captures
// (archive-query-log), whose response record holds the original HTTP answer.

import { readFileSync } from 'node:fs';
import { gunzipSync, brotliDecompressSync, inflateSync } from 'node:zlib';

const SERP = new URL('../fixtures/serp/', import.meta.url);
const AQL = new URL('archive-query-log/', SERP);

/** A gzipped HTML page under fixtures/serp, as text. */
export function serpPage(relPath: string): string {
  return gunzipSync(readFileSync(new URL(relPath, SERP))).toString('utf8');
}

/** The archive-query-log's expected parse of a capture (its approved JSON). */
export function warcExpected(name: string): { results: { rank: number; title: string | null; url: string | null; snippet: string | null }[] } {
  return JSON.parse(readFileSync(new URL(`expected/${name}.approved.txt`, AQL), 'utf8'));
}

/** The HTML body of the response record of a capture named like "brave-openoffice-1667290210". */
export function warcPage(name: string): string {
  const raw = gunzipSync(readFileSync(new URL(`warcs/${name}.warc.gz`, AQL)));
  let pos = 0;
  while (pos < raw.length) {
    const headEnd = raw.indexOf('\r\n\r\n', pos);
    if (headEnd < 0) break;
    const head = raw.subarray(pos, headEnd).toString('latin1');
    const len = Number(/Content-Length:\s*(\d+)/i.exec(head)?.[1] ?? 0);
    const block = raw.subarray(headEnd + 4, headEnd + 4 + len);
    pos = headEnd + 4 + len;
    while (raw[pos] === 0x0d || raw[pos] === 0x0a) pos++;
    if (/WARC-Type:\s*response/i.test(head)) return httpBody(block);
  }
  throw new Error(`${name}: no response record`);
}

function httpBody(block: Buffer): string {
  const end = block.indexOf('\r\n\r\n');
  const head = block.subarray(0, end).toString('latin1');
  let body = block.subarray(end + 4);
  if (/transfer-encoding:\s*chunked/i.test(head)) body = dechunk(body);
  const enc = /content-encoding:\s*(\S+)/i.exec(head)?.[1]?.toLowerCase();
  try {
    if (enc === 'gzip') body = gunzipSync(body);
    else if (enc === 'br') body = brotliDecompressSync(body);
    else if (enc === 'deflate') body = inflateSync(body);
  } catch {
    // Some captures store the decoded body but keep the header.
  }
  return body.toString('utf8');
}

function dechunk(b: Buffer): Buffer {
  const parts: Buffer[] = [];
  let p = 0;
  while (p < b.length) {
    const lineEnd = b.indexOf('\r\n', p);
    if (lineEnd < 0) break;
    const size = parseInt(b.subarray(p, lineEnd).toString('latin1'), 16);
    if (!Number.isFinite(size) || size === 0) break;
    parts.push(b.subarray(lineEnd + 2, lineEnd + 2 + size));
    p = lineEnd + 2 + size + 2;
  }
  return parts.length ? Buffer.concat(parts) : b;
}

/** A constructed fixture of this module (fixtures/), as text. */
export function fixture(name: string): string {
  return readFileSync(new URL(`../fixtures/${name}`, import.meta.url), 'utf8');
}

/** The query every parser test uses; the clock is pinned so relative dates are stable. */
export const TEST_QUERY = { q: 'kerala monsoon', page: 1, region: 'in', lang: 'en', now: new Date('2026-11-21T12:00:00Z') };

/** A parser's input for a body fetched from `url` with HTTP 200. */
export const pageOf = (body: string, url = 'https://engine.test/search') => ({ body, url, status: 200 });
