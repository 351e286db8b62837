// Capture of live answers: `npm run probe -- --save <dir>` wraps the upstream client so every
// answer a probe reads is kept as received, then written in the layout our fixtures use
// (src/modules/<module>/fixtures/captured/<upstream>/…) with an index and a generated
// PROVENANCE.md, so a deployment with internet can hand real fixtures back in one command.
// Tests read them back with readCaptures (and can serve them again from a fake upstream).

import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { UpstreamFetch } from './http.js';
import { asUpstreamError } from './provider.js';

/** One answer as it arrived, or the failure that came instead of one. */
export interface CapturedAnswer {
  upstream: string;
  /** The URL asked, and the one answered (after redirects). */
  requested: string;
  url: string;
  /** When the answer arrived, ISO 8601 UTC. */
  at: string;
  status: number | null;
  content_type: string | null;
  /** The body as received (decoded from its transfer encoding, nothing else); absent for a failure. */
  body?: Buffer;
  sha256?: string;
  /** The failure kind and message when no answer came. */
  failure?: string;
}

/** A client that hands every answer (and every failure) to `keep`, then returns it untouched. */
export function recordingFetch(inner: UpstreamFetch, keep: (a: CapturedAnswer) => void, now: () => Date = () => new Date()): UpstreamFetch {
  return async (upstream, req) => {
    try {
      const res = await inner(upstream, req);
      keep({
        upstream,
        requested: req.url,
        url: res.url,
        at: now().toISOString(),
        status: res.status,
        content_type: res.headers['content-type'] ?? null,
        body: res.body,
        sha256: sha256(res.body),
      });
      return res;
    } catch (err) {
      const ue = asUpstreamError(upstream, err);
      keep({
        upstream,
        requested: req.url,
        url: req.url,
        at: now().toISOString(),
        status: ue.details.status ?? null,
        content_type: null,
        failure: `${ue.kind}: ${ue.message}`,
      });
      throw err;
    }
  };
}

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The file extension an answer's content type calls for. */
function extensionOf(contentType: string | null, body: Buffer | undefined): string {
  const t = (contentType ?? '').toLowerCase();
  if (t.includes('json')) return 'json';
  if (t.includes('html')) return 'html';
  if (t.includes('pdf') || body?.subarray(0, 5).toString('latin1') === '%PDF-') return 'pdf';
  if (t.includes('xml')) return 'xml';
  if (t.includes('csv')) return 'csv';
  if (t.startsWith('text/')) return 'txt';
  return 'bin';
}

/** A file name from a URL's host and path: "www.goodreturns.in-petrol-price.html" style, short. */
function slugOf(url: string): string {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return 'answer';
  }
  const s = `${u.hostname}${u.pathname}${u.search}`
    .replace(/\.(html?|json|pdf)$/i, '')
    .replace(/[^A-Za-z0-9.]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return s.slice(0, 80) || 'answer';
}

/** What the index of a module's captures lists for one answer (the body is the file beside it). */
export type CaptureEntry = Omit<CapturedAnswer, 'body'> & { file: string | null; module: string };

export interface SaveOptions {
  /** The module each upstream belongs to (answers of an unknown upstream go under "other"). */
  moduleOf: (upstream: string) => string;
  /** Written into PROVENANCE.md: what asked (e.g. "npm run probe -- --save"). */
  how: string;
}

/** The folder a module's captures go to under `root`, as the repository lays fixtures out. */
export const captureDir = (root: string, module: string) => join(root, 'src', 'modules', module, 'fixtures', 'captured');

/** Writes every answer under `root` in the fixtures' layout; returns the files written. */
export async function saveCaptures(root: string, answers: readonly CapturedAnswer[], opts: SaveOptions): Promise<string[]> {
  const byModule = new Map<string, CapturedAnswer[]>();
  for (const a of answers) {
    const m = opts.moduleOf(a.upstream);
    byModule.set(m, [...(byModule.get(m) ?? []), a]);
  }
  const written: string[] = [];
  for (const [module, list] of byModule) {
    const dir = captureDir(root, module);
    const entries: CaptureEntry[] = [];
    const seen = new Map<string, number>();
    for (const a of list) {
      let file: string | null = null;
      if (a.body) {
        const base = `${a.upstream}/${slugOf(a.url)}`;
        const n = (seen.get(base) ?? 0) + 1;
        seen.set(base, n);
        file = `${base}${n > 1 ? `-${n}` : ''}.${extensionOf(a.content_type, a.body)}`;
        await mkdir(join(dir, a.upstream), { recursive: true });
        await writeFile(join(dir, file), a.body);
        written.push(join(dir, file));
      }
      const { body: _body, ...meta } = a;
      entries.push({ ...meta, module, file });
    }
    await mkdir(dir, { recursive: true });
    await writeFile(join(dir, 'index.json'), `${JSON.stringify(entries, null, 1)}\n`);
    await writeFile(join(dir, 'PROVENANCE.md'), provenance(module, entries, opts.how));
    written.push(join(dir, 'index.json'), join(dir, 'PROVENANCE.md'));
  }
  return written;
}

function provenance(module: string, entries: readonly CaptureEntry[], how: string): string {
  const lines = entries.map((e) =>
    e.file
      ? `| \`${e.file}\` | ${e.upstream} | ${e.url} | ${e.at} | ${e.status} | ${e.content_type ?? ''} | \`${e.sha256}\` |`
      : `| (no body) | ${e.upstream} | ${e.requested} | ${e.at} | ${e.status ?? ''} | ${e.failure ?? ''} | |`,
  );
  return [
    `# Captured answers of the ${module} module`,
    '',
    `CAPTURED, not constructed: each file is an upstream's answer body exactly as received (after transfer`,
    `decoding), written by \`${how}\`. Nothing was cut or edited; \`index.json\` holds the same facts.`,
    "Before committing, check each source's terms (see the module's provider headers): we keep a capture",
    'as a test fixture of the parser, not as data we serve.',
    '',
    '| file | upstream | URL answered | received (UTC) | status | content type | SHA-256 |',
    '|---|---|---|---|---|---|---|',
    ...lines,
    '',
  ].join('\n');
}

/** A module's captures read back: each entry of its index with the body of its file. */
export async function readCaptures(fixturesDir: string): Promise<(CaptureEntry & { body?: Buffer })[]> {
  const dir = join(fixturesDir, 'captured');
  let index: CaptureEntry[];
  try {
    index = JSON.parse(await readFile(join(dir, 'index.json'), 'utf8')) as CaptureEntry[];
  } catch {
    return [];
  }
  const out: (CaptureEntry & { body?: Buffer })[] = [];
  for (const e of index) out.push(e.file ? { ...e, body: await readFile(join(dir, e.file)) } : e);
  return out;
}
