// GET /r/<url>, Jina Reader's one-line form of /fetch: the target URL as the client wrote it,
// the options as headers (X-<param> of /fetch, and Jina's names), the content as text unless
// the client asks for JSON. See docs/decisions/reader-front-doors.md.

import { headerOptions, switchValue, type HeaderAlias } from '../../core/http/header-options.js';
import { invalidParam } from '../../core/errors.js';
import { FetchQuery } from './schemas.js';
import type { FetchedPage } from './types.js';

const BROWSER = { render: '1' };
/** Jina's X-Return-Format values that are images of the page, not text. */
const isShot = (v: string) => /^(screenshot|pageshot)$/i.test(v.trim());
/** Jina's summaries: true (or `all`, Jina's "not only the unique ones") switches them on. */
const summary = (v: string) => (/^all$/i.test(v.trim()) ? '1' : switchValue(v));

/**
 * Jina Reader's header names (r.jina.ai), each as the /fetch parameter it sets. Those that need a
 * browser imply X-Render: 1, since Jina renders by default; an explicit X-Render: 0 (or X-Engine:
 * direct) still wins and gets /fetch's 400 saying render=1 is needed.
 */
const JINA: readonly HeaderAlias[] = [
  {
    header: 'x-return-format',
    param: 'format',
    value: (v) => (isShot(v) ? undefined : v),
    description: "Jina's name of X-Format; screenshot answers the page image (a JPEG; in JSON the screenshot field), rendering the page",
  },
  // The screenshot value of X-Return-Format: formats=screenshot in the browser.
  {
    header: 'x-return-format',
    param: 'formats',
    value: (v) => {
      if (!isShot(v)) return undefined;
      if (/^pageshot$/i.test(v.trim()))
        throw invalidParam(
          'x-return-format',
          'pageshot (the whole page) is not offered here: use screenshot (the first screen), or GET /screenshot?full_page=1',
        );
      return 'screenshot';
    },
    adds: true,
    implies: BROWSER,
    description: '',
  },
  { header: 'x-target-selector', param: 'include', description: "Jina's name of X-Include: CSS selectors whose content is kept" },
  { header: 'x-remove-selector', param: 'exclude', description: "Jina's name of X-Exclude: CSS selectors removed before reading" },
  {
    header: 'x-wait-for-selector',
    param: 'wait_for',
    implies: BROWSER,
    description: "Jina's name of X-Wait-For: a CSS selector to wait for (renders the page, as X-Render: 1)",
  },
  { header: 'x-cache-tolerance', param: 'max_age', description: "Jina's name of X-Max-Age: seconds a stored copy may be old" },
  { header: 'x-locale', param: 'lang', description: "Jina's name of X-Lang: the Accept-Language sent to the page" },
  {
    header: 'x-engine',
    param: 'render',
    value: (v) => (v.toLowerCase() === 'browser' ? '1' : v.toLowerCase() === 'direct' ? '0' : v),
    description: "Jina's engine choice: browser renders (X-Render: 1), direct does not",
  },
  {
    header: 'x-with-links-summary',
    param: 'links',
    value: (v) => summary(v) ?? v,
    description: 'true (or all) adds the page links (a Links section after the text; links in JSON)',
  },
  {
    header: 'x-with-images-summary',
    param: 'formats',
    value: (v) => (summary(v) === '1' ? 'images' : undefined),
    adds: true,
    description: 'true (or all) adds the page images (an Images section after the text; images in JSON)',
  },
];

/** Whether the request asked, in Jina's words, for the page image as the answer (X-Return-Format: screenshot). */
export function asksForShot(headers: Record<string, unknown>): boolean {
  const v = headers['x-return-format'];
  return typeof v === 'string' && isShot(v);
}

/** /fetch's query as headers: the URL comes from the path. */
export const readerHeaders = headerOptions(FetchQuery, ['url'], JINA);

/**
 * The target of /r/<target> from the raw path after /r/: as written, query string included;
 * percent-encoded as a whole (`https%3A%2F%2F…`, `example.com%2Fpage`; what the landing page's form sends) decoded; the fragment dropped (it never
 * reaches a server); a `https:/host` whose double slash a proxy merged, mended.
 */
export function readerTarget(tail: string): string {
  let t = tail;
  // Encoded as a whole: its scheme's colon, or (a bare host with a path) its slashes, are escaped.
  if (/^[a-z][a-z0-9+.-]*%3a/i.test(t) || (!t.includes('/') && /%2f/i.test(t))) {
    try {
      t = decodeURIComponent(t);
    } catch {
      throw invalidParam('url', 'the URL after /r/ is percent-encoded wrongly; send it as written, or encode it once with encodeURIComponent');
    }
  }
  t = t.split('#')[0].replace(/^(https?:)\/(?!\/)/i, '$1//');
  if (t === '') throw invalidParam('url', 'put the page URL after /r/, e.g. /r/https://example.com/page?id=1');
  return t;
}

/** A screenshot answer's bytes and type, from its data: URL. */
export function shotOf(dataUrl: string): { body: Buffer; type: string } {
  const m = /^data:(image\/[a-z]+);base64,/.exec(dataUrl);
  if (!m) throw new Error('a screenshot is a base64 data: URL of an image');
  return { body: Buffer.from(dataUrl.slice(m[0].length), 'base64'), type: m[1] };
}

/**
 * The text answer: the content as read, then the links, images and screenshot when asked for, as
 * Markdown. HTML is sent as text/plain: a third party's page served as text/html from this
 * origin would run its scripts here.
 */
export function readerText(page: FetchedPage): { body: string; type: string } {
  const parts = [page.content];
  if (page.links?.length) parts.push(`## Links\n\n${page.links.map((l) => `- [${oneLine(l.text) || l.url}](${l.url})`).join('\n')}`);
  const images = (page.images ?? []).filter((i) => i.url);
  if (images.length) parts.push(`## Images\n\n${images.map((i) => `- ![${oneLine(i.alt)}](${i.url})`).join('\n')}`);
  if (page.screenshot) parts.push(`## Screenshot\n\n![Screenshot](${page.screenshot})`);
  const type = page.format === 'markdown' ? 'text/markdown; charset=utf-8' : 'text/plain; charset=utf-8';
  return { body: parts.join('\n\n'), type };
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ').replace(/[[\]]/g, '').trim();
