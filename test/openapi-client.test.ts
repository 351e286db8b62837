// /openapi.json as a client generator reads it: TypeScript types generated from the served
// document (openapi-typescript), a client written against them (test/client/usage.ts)
// type-checked with the project's tsc, then run against the app over HTTP. A wrong parameter,
// a missing response schema or a field typed wrongly breaks the compile or the calls.

import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { promisify } from 'node:util';
import openapiTS from 'openapi-typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from './helpers/app.js';
import { offlineUpstreams } from './helpers/server-process.js';

const run = promisify(execFile);
const DIR = new URL('./client/', import.meta.url);
const TSC = new URL('../node_modules/.bin/tsc', import.meta.url).pathname;

describe('a TypeScript client generated from /openapi.json', () => {
  let t: Awaited<ReturnType<typeof testApp>>;
  let base: string;

  beforeAll(async () => {
    t = await testApp(offlineUpstreams());
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    const doc = await (await fetch(`${base}/openapi.json`)).json();
    mkdirSync(DIR, { recursive: true });
    // Generated on every run from the document this build serves (git ignores it).
    writeFileSync(new URL('api.d.ts', DIR), await openapiTS(doc as never, { exportType: true }));
  });
  afterAll(async () => {
    await t?.close();
  });

  it('compiles a client that uses three endpoints and is refused wrong parameters', async () => {
    const usage = new URL('usage.ts', DIR).pathname;
    const args = [
      '--ignoreConfig',
      '--noEmit',
      '--strict',
      '--target',
      'es2022',
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--skipLibCheck',
      usage,
    ];
    const out = await run(TSC, args).then(
      () => '',
      (err: { stdout?: string; stderr?: string }) => `${err.stdout ?? ''}${err.stderr ?? ''}`,
    );
    expect(out).toBe('');
  });

  it('calls them and reads the typed answers', async () => {
    // Not a literal import: the project's own typecheck must not follow it to the generated types.
    const usage = new URL('client/usage.ts', DIR.href.replace(/client\/$/, '')).pathname;
    const { callThree } = (await import(/* @vite-ignore */ usage)) as { callThree(base: string): Promise<Record<string, unknown>> };
    const got = await callThree(base);
    expect(got.lifePath).toBeTypeOf('number');
    expect(got.master).toBeTypeOf('boolean');
    expect(got.bankName).toBe('State Bank of India');
    expect(Array.isArray(got.missing)).toBe(true);
    expect(got.version).toBe(4);
    expect(got.countryCode).toBe('US');
    expect(got.badStatus).toBe(400);
    expect(got.badParam).toBe('dob');
  });
});
