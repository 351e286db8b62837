// `npm run crawl` offline, as a self-hoster first runs it: a few progress lines and one line
// per source for each price group, a job whose upstream is unreachable reported in one line
// without stopping the others, and exit 1 because nothing was stored.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { offlineUpstreams } from './helpers/server-process.js';

const run = promisify(execFile);
const TSX = new URL('../node_modules/.bin/tsx', import.meta.url).pathname;
const CRAWL = new URL('../src/crawl.ts', import.meta.url).pathname;

async function crawl(args: string[], extra: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  const env = { ...process.env, ...offlineUpstreams(), DATABASE_URL: 'sqlite::memory:', LOG_LEVEL: 'error', ...extra };
  return run(TSX, [CRAWL, ...args], { env }).then(
    (r) => ({ code: 0, out: r.stdout }),
    (err: { code: number; stdout: string }) => ({ code: err.code, out: err.stdout }),
  );
}

describe('npm run crawl, offline', () => {
  it('prints a summary line per source, not a line per failed page, and goes on past a failing job', async () => {
    const { code, out } = await crawl(['fuel', 'train-stations', 'commodities']);
    expect(code).toBe(1);
    const lines = out.trim().split('\n').filter(Boolean);
    const failed = lines.filter((l) => /FAILED/.test(l));
    expect(failed).toHaveLength(1);
    // The host that failed, not the provider id (datameet) written as if it were one.
    expect(failed[0]).toMatch(/^train-stations: FAILED — 127\.0\.0\.1:9 could not be reached/);
    expect(lines).toContain('fuel-crawl: running…');
    expect(lines.filter((l) => /^\s+goodreturns-fuel\s+0 prices, \d+ error\(s\)/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /^\s+ndtv-fuel\s+0 prices/.test(l))).toHaveLength(1);
    expect(lines.filter((l) => /^\s+ibja\s+0 prices/.test(l))).toHaveLength(1);
    expect(lines.some((l) => l.startsWith('commodities: NOT stored'))).toBe(true);
    // Four progress lines a group at most: 28 fuel pages and 437 commodity pages.
    expect(lines.filter((l) => l.startsWith('[')).length).toBeLessThanOrEqual(8);
    expect(lines.length).toBeLessThan(25);
  });

  // Issue 44: a machine without internet is seeded from files, through each job's own parser
  // and gates. The files are the project's small captures of each data set (the gates lowered to
  // their size) and the shipped RDAP snapshot.
  it.each([
    ['ifsc-import', '../src/modules/ifsc/fixtures/razorpay-ifsc-constructed.csv', /^ifsc-import: stored \d+ branches$/],
    ['train-stations', '../src/modules/train/fixtures/datameet-stations-cut.json', /^train-stations: stored \d+ stations$/],
    ['crypto-coin-list', '../src/modules/crypto/fixtures/coingecko-coins-list.json', /^crypto-coin-list: stored \d+ coins$/],
    ['domain-rdap-bootstrap', '../src/modules/domain/data/iana-rdap-dns.json', /^domain-rdap-bootstrap: (updated|unchanged), \d+ services/],
  ])('imports %s from a local file with --file, offline', async (job, file, line) => {
    let path = new URL(file, import.meta.url).pathname;
    // The IFSC capture opens with a line saying it is constructed; the real file has none.
    if (path.endsWith('.csv')) {
      const copy = join(await mkdtemp(join(tmpdir(), 'jankari-seed-')), 'IFSC.csv');
      await writeFile(copy, (await readFile(path, 'utf8')).replace(/^#.*\n/, ''));
      path = copy;
    }
    const { code, out } = await crawl([job, '--file', path], { IFSC_DATASET_MIN_ROWS: '1', TRAIN_STATIONS_MIN_ROWS: '1' });
    expect(out.trim().split('\n').filter(Boolean)).toContainEqual(expect.stringMatching(line));
    expect(code).toBe(0);
  });

  it('refuses --file for a job that imports nothing, naming the ones that do', async () => {
    const { code } = await crawl(['fuel', '--file', '/nonexistent']);
    expect(code).toBe(2);
  });

  it('says what it runs with --help', async () => {
    const { code, out } = await crawl(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/^usage: npm run crawl/);
    expect(out).toContain('--file');
    for (const job of ['ifsc-import', 'train-stations', 'crypto-coin-list', 'domain-rdap-bootstrap', 'liquor-import']) expect(out).toContain(`  ${job}: `);
  });
});
