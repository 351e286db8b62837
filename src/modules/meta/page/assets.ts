// The landing page's static files, served by the service itself (no CDN): its own script and
// stylesheet (./data, copied into dist/ by the build) and uPlot's (from node_modules). Read
// once per app; each URL carries a hash of its content (?v=), so browsers may keep a file a
// year and still fetch the new one the day the page links a new version.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createHash } from 'node:crypto';
import type { App } from '../../../core/module.js';
import { keepEncodings } from '../../../core/http/compression.js';
import { strongEtag } from '../../../core/http/conditional.js';

/** A year: the URL changes with the content, so a cached copy is never wrong. */
export const ASSET_MAX_AGE_S = 31_536_000;

export interface Asset {
  /** Path without the version, e.g. /assets/landing.js. */
  path: string;
  /** What the page links: the path with ?v=<content hash>. */
  url: string;
  type: string;
  body: Buffer;
  etag: string;
}

const here = (file: string) => new URL(`./data/${file}`, import.meta.url);
const uplotFile = (file: string) => createRequire(import.meta.url).resolve(`uplot/dist/${file}`);

function asset(path: string, type: string, body: Buffer): Asset {
  const v = createHash('sha256').update(body).digest('base64url').slice(0, 10);
  // Sent again and again: each compressed coding is made once.
  keepEncodings(body);
  return { path, url: `${path}?v=${v}`, type, body, etag: strongEtag(body) };
}

export interface LandingAssets {
  script: Asset;
  style: Asset;
  uplotScript: Asset;
  uplotStyle: Asset;
}

export function loadLandingAssets(): LandingAssets {
  return {
    script: asset('/assets/landing.js', 'text/javascript; charset=utf-8', readFileSync(here('landing.js'))),
    style: asset('/assets/landing.css', 'text/css; charset=utf-8', readFileSync(here('landing.css'))),
    uplotScript: asset('/assets/uplot.js', 'text/javascript; charset=utf-8', readFileSync(uplotFile('uPlot.iife.min.js'))),
    uplotStyle: asset('/assets/uplot.css', 'text/css; charset=utf-8', readFileSync(uplotFile('uPlot.min.css'))),
  };
}

/** GET /assets/*: hidden from the listing and the OpenAPI document (they are the page's, not the API's). */
export function assetRoutes(app: App, assets: LandingAssets): void {
  for (const a of Object.values(assets)) {
    // The ETag is computed once here rather than hashed on every answer.
    app.get(a.path, { schema: { hide: true }, config: { maxAgeS: ASSET_MAX_AGE_S } }, async (_req, reply) =>
      reply.header('etag', a.etag).type(a.type).send(a.body),
    );
  }
}
