// The soak's verdict on each answer, and its summary. Expected: any 2xx/4xx, and 502/503/504
// (an upstream failed or timed out, or data is not loaded: the world's state, not a bug).
// Never expected: 500 or another 5xx, an answer that is not JSON (except an image from an
// image route, or the text a text route answers), a request never answered.

import type { Result } from 'autocannon';
import type { Kind } from './soak-paths.js';
import { IMAGE_ROUTES, TEXT_ROUTES } from './soak-paths.js';

const EXPECTED_5XX = new Set([502, 503, 504]);
const KEEP = 20;

export interface Answer {
  path: string;
  endpoint: string;
  kind: Kind;
  status: number;
  body: string;
  headers: Record<string, string | string[]>;
}

interface Bad {
  why: string;
  path: string;
  status: number;
  reqId: string;
  body: string;
}

type Row = { n: number; ok: number; client: number; upstream: number; bad: number };

function header(h: Answer['headers'], name: string): string {
  const v = Object.entries(h).find(([k]) => k.toLowerCase() === name)?.[1];
  return Array.isArray(v) ? v[0] : (v ?? '');
}

/** Why an answer is wrong, or undefined when it is fine. */
export function judgeAnswer(a: Pick<Answer, 'path' | 'status' | 'body' | 'headers'>): string | undefined {
  if (a.status >= 500 && !EXPECTED_5XX.has(a.status)) return `unexpected ${a.status}`;
  const type = header(a.headers, 'content-type');
  if (IMAGE_ROUTES.test(a.path) && a.status >= 200 && a.status < 300 && /^image\//.test(type)) return undefined;
  if (a.status === 304) return undefined;
  if (TEXT_ROUTES.test(a.path) && a.status >= 200 && a.status < 300 && /^text\/(markdown|plain|calendar)/.test(type)) return undefined;
  if (!/^application\/(json|problem\+json)/.test(type)) return `not JSON (content-type "${type}")`;
  try {
    JSON.parse(a.body);
  } catch {
    return 'body does not parse as JSON';
  }
  return undefined;
}

/** A pino line in short: its message, the error's type and message, and the first frames in src/. */
export function brief(line: string): string {
  try {
    const l = JSON.parse(line) as { msg?: string; err?: { type?: string; message?: string; stack?: string } };
    const ours = (l.err?.stack ?? '')
      .split('\n')
      .filter((f) => f.includes('/src/'))
      .slice(0, 3)
      .map((f) => f.trim());
    return `${l.msg ?? ''}: ${l.err?.type ?? ''}: ${l.err?.message ?? ''}${ours.length ? ` [${ours.join(' < ')}]` : ' [no frame in src/]'}`;
  } catch {
    return line.slice(0, 400);
  }
}

export class Judge {
  private readonly statuses = new Map<number, number>();
  private readonly byEndpoint = new Map<string, Row>();
  private readonly byKind = new Map<Kind, number>();
  private readonly bad: Bad[] = [];
  /** One answer per endpoint and status, shown with SOAK_VERBOSE=1. */
  private readonly samples = new Map<string, string>();
  private badCount = 0;
  private unexpected5xx = 0;
  private nonJson = 0;
  answered = 0;

  answer(a: Answer): void {
    this.answered++;
    this.statuses.set(a.status, (this.statuses.get(a.status) ?? 0) + 1);
    this.byKind.set(a.kind, (this.byKind.get(a.kind) ?? 0) + 1);
    const row = this.byEndpoint.get(a.endpoint) ?? { n: 0, ok: 0, client: 0, upstream: 0, bad: 0 };
    this.byEndpoint.set(a.endpoint, row);
    row.n++;
    const key = `${a.endpoint} ${a.status}`;
    if (!this.samples.has(key)) {
      const type = header(a.headers, 'content-type');
      const shown = /json|text/.test(type) ? a.body.slice(0, 240) : `(${type}, ${a.body.length} characters)`;
      this.samples.set(key, `GET ${a.path.slice(0, 160)} -> ${a.status} ${shown}`);
    }
    const why = judgeAnswer(a);
    if (why) {
      row.bad++;
      this.badCount++;
      if (why.startsWith('unexpected')) this.unexpected5xx++;
      else this.nonJson++;
      if (this.bad.length < KEEP) this.bad.push({ why, path: a.path, status: a.status, reqId: header(a.headers, 'x-request-id'), body: a.body.slice(0, 300) });
    } else if (a.status < 400) row.ok++;
    else if (a.status < 500) row.client++;
    else row.upstream++;
  }

  /** Prints the summary; returns the reasons the run fails (empty = pass). */
  report(result: Result, serverLog: string, upstream: Record<string, number>, timeoutS: number): string[] {
    const failures: string[] = [];
    const seconds = result.duration;
    console.log('\n| requests | answered | req/s | p50 ms | p99 ms | max ms | timeouts | socket errors |');
    console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
    console.log(
      `| ${result.requests.total} | ${this.answered} | ${(this.answered / seconds).toFixed(1)} | ${result.latency.p50} | ${result.latency.p99} | ${result.latency.max} | ${result.timeouts} | ${result.errors - result.timeouts} |`,
    );
    console.log(
      `\nstatus counts: ${[...this.statuses]
        .sort((a, b) => a[0] - b[0])
        .map(([s, n]) => `${s}: ${n}`)
        .join(', ')}`,
    );
    console.log(`request kinds: ${[...this.byKind].map(([k, n]) => `${k}: ${n}`).join(', ')}`);
    console.log(
      `fake upstream: ${Object.entries(upstream)
        .map(([k, n]) => `${k}: ${n}`)
        .join(', ')}`,
    );
    console.log('\n| endpoint | answers | 2xx/3xx | 4xx | 502/503/504 | wrong |');
    console.log('|---|---:|---:|---:|---:|---:|');
    for (const [e, r] of [...this.byEndpoint].sort((a, b) => a[0].localeCompare(b[0])))
      console.log(`| ${e} | ${r.n} | ${r.ok} | ${r.client} | ${r.upstream} | ${r.bad} |`);

    if (process.env.SOAK_VERBOSE === '1') {
      console.log('\none answer per endpoint and status:');
      for (const k of [...this.samples.keys()].sort()) console.log(`  ${this.samples.get(k)}`);
    }
    if (this.unexpected5xx) failures.push(`${this.unexpected5xx} unexpected 5xx answers`);
    if (this.nonJson) failures.push(`${this.nonJson} answers that are not JSON`);
    if (result.timeouts) failures.push(`${result.timeouts} requests not answered within ${timeoutS} s`);
    if (result.errors - result.timeouts > 0) failures.push(`${result.errors - result.timeouts} requests ended by a socket error`);
    if (this.badCount) this.printBad(serverLog);
    // Errors the server logged outside the answers shown above (background work, a crash).
    const shown = new Set(this.bad.map((b) => b.reqId).filter(Boolean));
    const errors = serverLog.split('\n').filter((l) => /"level":(50|60)/.test(l) && ![...shown].some((id) => l.includes(id)));
    if (errors.length) {
      console.log(`\nother server log lines at error or fatal: ${errors.length}; the first ${Math.min(5, errors.length)}:`);
      for (const l of errors.slice(0, 5)) console.log(`  ${brief(l)}`);
    }
    return failures;
  }

  private printBad(serverLog: string) {
    console.log(`\nwrong answers (${this.badCount}; the first ${this.bad.length}):`);
    const lines = serverLog.split('\n');
    for (const b of this.bad) {
      console.log(`  - ${b.why}: GET ${b.path.slice(0, 200)} -> ${b.status} (request id ${b.reqId || 'none'})\n    body: ${JSON.stringify(b.body)}`);
      const logged = b.reqId ? lines.filter((l) => l.includes(`"${b.reqId}"`)) : [];
      for (const l of logged.slice(0, 3)) console.log(`    server log: ${brief(l)}`);
    }
  }
}
