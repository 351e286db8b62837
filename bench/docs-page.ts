// npm run bench:docs — how soon /docs shows its operation list in headless Chromium, on a quiet
// host and on a busy one (every core spinning and the disk writing, test/helpers/busy.ts),
// against baselines served in the same run from the same OpenAPI document:
//   - static: a plain HTML list of the operations (the floor: HTML and nothing else);
//   - swagger-ui: the Swagger UI the service served before (stock bundle, StandaloneLayout);
//   - redoc, scalar: the two other reference UIs considered (docs/decisions/api-docs-page.md).
// Each page counts as rendered when the text of every operation's path is in the page.
// Also printed: bytes on the wire (Chromium asks with Accept-Encoding: gzip, deflate, br) and
// axe-core's critical and serious rules at 1280 px.
//
// Swagger UI comes from node_modules (@fastify/swagger-ui/static or swagger-ui-dist) when it is
// there, else from BENCH_SWAGGER_UI_DIR (a folder with swagger-ui-bundle.js, e.g. the `dist` of
// `npm pack swagger-ui-dist`); Redoc and Scalar are not dependencies either: get them with
//   cd /tmp && npm pack redoc@2.5.4 @scalar/api-reference@1.46.4 && tar xzf … (one folder each)
// and point BENCH_REDOC at redoc's bundles/redoc.standalone.js, BENCH_SCALAR at scalar's
// dist/browser/standalone.js. A UI whose files are missing is skipped (said so in the output).
// Options: --runs=N (default 3), --quiet-only. Chromium: BROWSER_PATH or /usr/bin/chromium.

import { existsSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';
import { busyHost } from '../test/helpers/busy.js';
import { testApp } from '../test/helpers/app.js';

const BROWSER = process.env.BROWSER_PATH || '/usr/bin/chromium';
const RUNS = Number(process.argv.find((a) => a.startsWith('--runs='))?.split('=')[1] ?? 3);
const QUIET_ONLY = process.argv.includes('--quiet-only');
const LIMIT_MS = 180_000;
const require = createRequire(import.meta.url);

function swaggerDir(): string | undefined {
  for (const id of ['@fastify/swagger-ui/package.json', 'swagger-ui-dist/package.json']) {
    try {
      const root = dirname(require.resolve(id));
      const dir = existsSync(join(root, 'static')) ? join(root, 'static') : root;
      if (existsSync(join(dir, 'swagger-ui-bundle.js'))) return dir;
    } catch {}
  }
  return process.env.BENCH_SWAGGER_UI_DIR;
}

// The service, with every module, answering /docs and /openapi.json.
const t = await testApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const appBase = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const docText = await (await fetch(`${appBase}/openapi.json`)).text();
const doc = JSON.parse(docText) as { paths: Record<string, Record<string, { summary?: string }>> };
const ops = Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ method, path, summary: op.summary ?? '' })));
const paths = ops.map((o) => o.path);

// The baselines' server: each file compressed once with Brotli, as the service does.
const files = new Map<string, { type: string; body: Buffer }>();
const put = (path: string, type: string, body: string | Buffer) => files.set(path, { type, body: brotliCompressSync(body) });
put('/openapi.json', 'application/json', docText);
put(
  '/static.html',
  'text/html',
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>operations</title></head><body><main><h1>Operations</h1><ul>${ops.map((o) => `<li>${o.method.toUpperCase()} ${o.path}: ${o.summary.replace(/</g, '&lt;')}</li>`).join('')}</ul></main></body></html>`,
);
const skipped: string[] = [];
const ui: Record<string, string> = { 'jankari /docs': `${appBase}/docs` };
const sw = swaggerDir();
if (sw) {
  for (const f of ['swagger-ui-bundle.js', 'swagger-ui-standalone-preset.js']) put(`/sw/${f}`, 'text/javascript', readFileSync(join(sw, f)));
  put('/sw/swagger-ui.css', 'text/css', readFileSync(join(sw, 'swagger-ui.css')));
  put(
    '/swagger.html',
    'text/html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Swagger UI</title><link rel="stylesheet" href="/sw/swagger-ui.css"></head><body><div id="swagger-ui"></div><script src="/sw/swagger-ui-bundle.js"></script><script src="/sw/swagger-ui-standalone-preset.js"></script><script>window.ui = SwaggerUIBundle({ url: '/openapi.json', dom_id: '#swagger-ui', presets: [SwaggerUIBundle.presets.apis, SwaggerUIStandalonePreset], layout: 'StandaloneLayout' })</script></body></html>`,
  );
} else skipped.push('swagger-ui (no @fastify/swagger-ui or swagger-ui-dist in node_modules)');
const redoc = process.env.BENCH_REDOC;
if (redoc && existsSync(redoc)) {
  put('/redoc.js', 'text/javascript', readFileSync(redoc));
  put(
    '/redoc.html',
    'text/html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Redoc</title></head><body><redoc spec-url="/openapi.json"></redoc><script src="/redoc.js"></script></body></html>`,
  );
} else skipped.push('redoc (set BENCH_REDOC)');
const scalar = process.env.BENCH_SCALAR;
if (scalar && existsSync(scalar)) {
  put('/scalar.js', 'text/javascript', readFileSync(scalar));
  put(
    '/scalar.html',
    'text/html',
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Scalar</title></head><body><div id="app"></div><script src="/scalar.js"></script><script>Scalar.createApiReference('#app', { url: '/openapi.json' })</script></body></html>`,
  );
} else skipped.push('scalar (set BENCH_SCALAR)');

const server = createServer((req, res) => {
  const f = files.get(new URL(req.url ?? '/', 'http://x').pathname);
  if (!f) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': `${f.type}; charset=utf-8`, 'content-encoding': 'br' }).end(f.body);
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
ui.static = `${base}/static.html`;
if (files.has('/swagger.html')) ui['swagger-ui'] = `${base}/swagger.html`;
if (files.has('/redoc.html')) ui.redoc = `${base}/redoc.html`;
if (files.has('/scalar.html')) ui.scalar = `${base}/scalar.html`;

/** One cold load: ms until every operation's path is in the page's text, and bytes on the wire. */
async function load(browser: Browser, url: string): Promise<{ ms: number; bytes: number }> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  try {
    const page = await context.newPage();
    const sizes: Promise<number>[] = [];
    page.on('requestfinished', (r) => sizes.push(r.sizes().then((s) => s.responseBodySize + s.responseHeadersSize)));
    const start = performance.now();
    await page.goto(url, { waitUntil: 'commit', timeout: LIMIT_MS });
    await page.waitForFunction((want) => want.every((p) => document.body?.textContent?.includes(p)), paths, { polling: 50, timeout: LIMIT_MS });
    const ms = performance.now() - start;
    await page.waitForLoadState('networkidle').catch(() => {});
    return { ms, bytes: (await Promise.all(sizes)).reduce((a, b) => a + b, 0) };
  } catch (e) {
    console.log(`  ${url}: ${(e as Error).message.split('\n')[0]}`);
    return { ms: Number.NaN, bytes: Number.NaN };
  } finally {
    await context.close().catch(() => {});
  }
}

let axeSource = '';
try {
  axeSource = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');
} catch {
  skipped.push('axe-core checks (axe-core is not installed: npm install)');
}
/** axe-core's critical and serious rules on the rendered page. */
async function axe(browser: Browser, url: string): Promise<string[]> {
  // The page's own policy would refuse axe's injected script.
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, bypassCSP: true });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForFunction((want) => want.every((p) => document.body?.textContent?.includes(p)), paths, { polling: 100, timeout: LIMIT_MS }).catch(() => {});
  await page.addScriptTag({ content: axeSource });
  const found = (await page.evaluate(async () => {
    const r = await (window as unknown as { axe: { run: () => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }).axe.run();
    return r.violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.impact} ${v.id} (${v.nodes.length})`);
  })) as string[];
  await context.close();
  return found;
}

/** A failed load (NaN) counts as the slowest. */
const median = (xs: number[]) => {
  const m = [...xs].map((x) => (Number.isNaN(x) ? Number.POSITIVE_INFINITY : x)).sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  return Number.isFinite(m) ? m : Number.NaN;
};
const fmt = (ms: number) => (Number.isNaN(ms) ? 'failed' : `${Math.round(ms)} ms`);

async function measure(label: string): Promise<void> {
  // A browser of its own per measurement: one that crashed under load does not end the run.
  const browser = await launch();
  console.log(`\n${label}: median of ${RUNS} cold loads, time to every operation's path on screen`);
  const got: Record<string, { ms: number; bytes: number }> = {};
  for (const [name, url] of Object.entries(ui)) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) runs.push(await load(browser, url));
    got[name] = { ms: median(runs.map((r) => r.ms)), bytes: median(runs.map((r) => r.bytes)) };
  }
  const floor = got.static!.ms;
  const own = got['jankari /docs']!.ms;
  for (const [name, r] of Object.entries(got)) {
    console.log(
      `  ${name.padEnd(14)} ${fmt(r.ms).padStart(10)}  ${String(r.bytes).padStart(9)} bytes on the wire  ${(r.ms / floor).toFixed(2)}× the static list's time, ${(r.ms / own).toFixed(2)}× jankari /docs's`,
    );
  }
  await browser.close().catch(() => {});
}

const launch = () =>
  chromium.launch({ executablePath: BROWSER, args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'] });
const browser = await launch();
console.log(
  `${ops.length} operations; /openapi.json ${Buffer.byteLength(docText)} bytes; /docs ${Buffer.byteLength(await (await fetch(`${appBase}/docs`)).text())} bytes of HTML`,
);
if (skipped.length) console.log(`skipped: ${skipped.join('; ')}`);
if (axeSource) {
  console.log('\naxe-core critical and serious rules at 1280 px:');
  for (const [name, url] of Object.entries(ui)) console.log(`  ${name.padEnd(14)} ${(await axe(browser, url)).join(', ') || 'none'}`);
}
await browser.close();
await measure('quiet host');
if (!QUIET_ONLY) {
  const busy = busyHost();
  try {
    await measure('busy host: every core spinning, the disk writing');
  } finally {
    await busy.stop();
  }
}
server.close();
await t.close();
