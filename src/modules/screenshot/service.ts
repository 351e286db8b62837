// The /screenshot use case: check the URL, shoot it with the guarded browser, encode, cache.
// Shots are cached 15 minutes per normalised URL and options (bytes as base64, so the Redis
// store holds them too); a stale copy is served for an hour more when the browser fails.

import { createHash } from 'node:crypto';
import { sharp } from '../../lib/raster/index.js';
import { type Config, parseHostPort } from '../../config.js';
import type { CacheNamespace } from '../../core/cache/index.js';
import { invalidParam } from '../../core/errors.js';
import type { AppContext } from '../../core/module.js';
import { userUrl } from '../../core/net/index.js';
import { isOn } from '../../core/schema.js';
import { BrowserPool, type BrowserPoolOptions, browserApiError } from '../../lib/browser/index.js';
import { LIMITS, type ImageFormat, type ScreenshotQuery } from './schemas.js';

const TTL_MS = 15 * 60_000;
const STALE_MS = 60 * 60_000;
const DEFAULT_QUALITY = 80;
const CONTENT_TYPE: Record<ImageFormat, string> = { png: 'image/png', jpeg: 'image/jpeg', webp: 'image/webp' };

/** One shot as cached. */
export interface StoredShot {
  /** The image, base64. */
  body: string;
  contentType: string;
  etag: string;
  finalUrl: string;
  status: number | null;
  width: number;
  height: number;
  /** When it was taken (ISO). */
  takenAt: string;
}

export interface ShotAnswer {
  shot: StoredShot;
  cached: boolean;
  stale: boolean;
}

/** The options a shot depends on, checked and defaulted. */
interface Shot {
  url: URL;
  width: number;
  height: number;
  fullPage: boolean;
  format: ImageFormat;
  quality?: number;
  delayMs: number;
  dark: boolean;
}

export class ScreenshotService {
  readonly pool: BrowserPool;
  private readonly shots: CacheNamespace;

  constructor(private readonly ctx: AppContext) {
    const cfg = ctx.config;
    this.pool = new BrowserPool({
      executablePath: cfg.BROWSER_PATH,
      ...remoteBrowser(cfg),
      contexts: cfg.BROWSER_CONTEXTS,
      timeoutMs: cfg.BROWSER_TIMEOUT_MS,
      allowHosts: cfg.FETCH_ALLOW_HOSTS,
      log: ctx.log,
      onVisit: (outcome, queueSeconds) => ctx.metrics.browserVisit(outcome, queueSeconds),
    });
    this.shots = ctx.cache.namespace('screenshot', { ttlMs: TTL_MS, staleMs: STALE_MS });
  }

  /** The image of a page, from the cache when fresh. Throws ApiError (400/502/503/504). */
  async shoot(q: ScreenshotQuery): Promise<ShotAnswer> {
    const shot = this.options(q);
    try {
      // Scheme and literal addresses before the cache: a refused URL is refused every time.
      this.pool.guard.checkUrl(shot.url);
      const { value, cached, stale } = await this.shots.wrap(cacheKey(shot), () => this.take(shot), {
        shouldCache: (s) => (s.status === null || s.status < 500) && s.body.length <= (LIMITS.maxCachedBytes * 4) / 3,
      });
      return { shot: value, cached, stale };
    } catch (err) {
      throw browserApiError(err, shot.url);
    }
  }

  close(): Promise<void> {
    return this.pool.close();
  }

  /** Query → shot options, or a 400 naming the parameter. */
  private options(q: ScreenshotQuery): Shot {
    const url = userUrl(q.url);
    if (q.quality !== undefined && q.format === 'png') {
      throw invalidParam('quality', 'quality applies to jpeg and webp only; png is lossless', { valid_values: ['jpeg', 'webp'] });
    }
    const budget = Math.floor(this.ctx.config.BROWSER_TIMEOUT_MS / 2);
    if (q.delay > budget)
      throw invalidParam('delay', `delay must be at most ${budget} ms on this server (half of its ${this.ctx.config.BROWSER_TIMEOUT_MS} ms deadline)`);
    return {
      url,
      width: q.width,
      height: q.height,
      fullPage: isOn(q.full_page),
      format: q.format,
      quality: q.format === 'png' ? undefined : (q.quality ?? DEFAULT_QUALITY),
      delayMs: q.delay,
      dark: isOn(q.dark),
    };
  }

  private async take(s: Shot): Promise<StoredShot> {
    await this.pool.assertInstalled();
    await this.pool.precheck(s.url);
    const maxHeight = Math.min(LIMITS.fullPageHeight, Math.floor(LIMITS.maxPixels / s.width));
    const raw = await this.pool.screenshot(s.url, {
      viewport: { width: s.width, height: s.height },
      dark: s.dark,
      delayMs: s.delayMs,
      fullPage: s.fullPage,
      maxHeight,
      // Chromium encodes png and jpeg; webp is encoded here from a lossless png.
      format: s.format === 'jpeg' ? 'jpeg' : 'png',
      quality: s.format === 'jpeg' ? s.quality : undefined,
    });
    const body = s.format === 'webp' ? await this.ctx.raster.run(() => sharp(raw.body).webp({ quality: s.quality }).toBuffer()) : raw.body;
    return {
      body: body.toString('base64'),
      contentType: CONTENT_TYPE[s.format],
      etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`,
      finalUrl: raw.finalUrl,
      status: raw.status,
      width: raw.width,
      height: raw.height,
      takenAt: new Date(this.ctx.now()).toISOString(),
    };
  }
}

/** The browser tier of the settings, when one is set (BROWSER_WS_ENDPOINT, BROWSER_CDP_URL), and where its proxy listens. */
function remoteBrowser(cfg: Config): Pick<BrowserPoolOptions, 'remote' | 'proxyListen' | 'proxyAdvertise'> {
  const remote: BrowserPoolOptions['remote'] = cfg.BROWSER_WS_ENDPOINT
    ? { kind: 'playwright', wsEndpoint: cfg.BROWSER_WS_ENDPOINT, token: cfg.BROWSER_WS_TOKEN }
    : cfg.BROWSER_CDP_URL
      ? { kind: 'cdp', url: cfg.BROWSER_CDP_URL }
      : undefined;
  if (!remote) return {};
  // Both checked by the config (validateBrowserTier).
  return { remote, proxyListen: parseHostPort(cfg.BROWSER_PROXY_LISTEN), proxyAdvertise: cfg.BROWSER_PROXY_ADVERTISE };
}

const cacheKey = (s: Shot) =>
  createHash('sha256')
    .update(JSON.stringify([s.url.href, s.width, s.height, s.fullPage, s.format, s.quality ?? null, s.delayMs, s.dark]))
    .digest('base64url');
