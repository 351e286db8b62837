// GET / for a person: first what the service is and how to call it (a few example calls with
// their curl lines, the documents, MCP), then every group's endpoints with a form that calls
// them, the price charts, this month's Hindu calendar, and the health of its dependencies folded at the end. The JSON listing (the same data)
// stays the answer for API clients (index.ts chooses by Accept).
//
// The page carries no inline script or style: one script and one stylesheet of its own and
// uPlot's, all served by the service (page/assets.ts), so the policy below can forbid
// everything else.

import type { FastifyReply } from 'fastify';
import type { GroupInfo } from '../../core/http/catalog.js';
import { htmlPageHeaders } from '../../core/http/response-headers.js';
import { curlCommand } from '../../core/http/html-text.js';
import { endpointHtml, esc, slug } from './page/html.js';
import type { LandingAssets } from './page/assets.js';
import { calendarHtml, type CalendarSection } from './page/calendar.js';

// Scripts, styles and fetch() only from this origin; images also from blob: (the script shows
// an image answer, a QR code say, from the bytes it fetched); forms submit to this origin when
// the script is off (a plain GET of the endpoint).
export const LANDING_HEADERS = htmlPageHeaders(
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; img-src 'self' data: blob:; base-uri 'none'; form-action 'self'; frame-ancestors 'none'",
);

/** / answers HTML or JSON by Accept: a shared cache must keep one of each. */
export function varyOnAccept(reply: FastifyReply): void {
  const had = reply.getHeader('vary');
  reply.header('vary', had ? `${String(had)}, Accept` : 'Accept');
}

/**
 * Charts the page draws, each only when the group that answers it is served here. The script
 * asks the group's crawl report first: before the first crawl it says so, rather than asking
 * for history that would answer 503 (which a browser logs as an error).
 */
const CHARTS = [
  {
    group: 'fuel',
    id: 'chart-fuel',
    title: 'Petrol in Delhi and Mumbai',
    unit: '₹ per litre',
    status: '/fuel/status',
    series: [
      { label: 'Delhi', url: '/fuel/history?fuel=petrol&city=delhi&days=30' },
      { label: 'Mumbai', url: '/fuel/history?fuel=petrol&city=mumbai&days=30' },
    ],
  },
  {
    group: 'commodities',
    id: 'chart-gold',
    title: 'Gold (24 carat), national average',
    unit: '₹ per gram',
    status: '/commodities/latest',
    series: [{ label: 'Gold 24K', url: '/commodities/history?metal=gold&city=india&days=30' }],
  },
];

export interface LandingOptions {
  /** This instance requires an API key on some routes: the page offers a field for it. */
  keysRequired?: boolean;
  /** What the curl lines call (publicOrigin): the public address, or the one the page was asked at. */
  origin?: string;
  /** This month of the Hindu calendar (landingCalendar), shown after the charts; absent when astro is not served. */
  calendar?: CalendarSection;
}

/**
 * The endpoints whose example opens the page, when served, in this order: three that answer on a
 * fresh instance without internet (computed here: a birth chart drawn, a match, a day's panchang),
 * then one that asks an upstream (weather). Four, so the endpoints still start on a desktop's first
 * screen (test/browser-pages.test.ts); other groups' first examples fill in when these are not
 * served (docs/decisions/landing-page.md). The chart's call is its example shortened (lat/lon
 * aliases; the zone found from the coordinates; the north style by default), so its curl line
 * fits two lines of the two-column list.
 */
const FIRST_CALLS: { path: string; label: string; example?: string }[] = [
  {
    path: '/astro/chart',
    label: 'A birth chart, drawn (SVG); computed here, no internet needed',
    example: '/astro/chart?lat=28.6139&lon=77.209&year=1990&month=5&day=15&hour=10&min=30',
  },
  { path: '/astro/match', label: 'Two birth stars matched (Ashtakoota); computed here' },
  { path: '/panchang', label: "A day's panchang at a city; computed here" },
  { path: '/weather', label: 'The weather now in a city; asks Open-Meteo, so it needs internet' },
];
const CALLS = 4;

type Call = { path: string; summary: string; example: string };

/** A few example calls (an endpoint's own example), each as a link and a curl line. */
export function firstCalls(groups: GroupInfo[]): Call[] {
  const served = groups.filter((g) => g.name !== 'meta');
  const first = FIRST_CALLS.map((c) => c.path);
  const chosen: Call[] = FIRST_CALLS.flatMap((c) => {
    const e = served.flatMap((g) => g.endpoints).find((x) => x.path === c.path && x.example);
    return e?.example ? [{ path: e.path, summary: c.label, example: c.example ?? e.example }] : [];
  });
  const fill = served.flatMap((g) => {
    const e = g.endpoints.find((x) => x.example && !first.includes(x.path));
    return e?.example && !g.endpoints.some((x) => chosen.some((c) => c.path === x.path)) ? [{ path: e.path, summary: e.summary, example: e.example }] : [];
  });
  return [...chosen, ...fill].slice(0, CALLS);
}

function startHtml(groups: GroupInfo[], opts: LandingOptions): string {
  const origin = opts.origin ?? '';
  const calls = firstCalls(groups)
    .map(
      // The address is written once, in the curl line; the link (its summary) opens the same call.
      (c, i) => `<li><p><a href="${esc(c.example)}">${esc(c.summary)}</a> <span class="hint">GET <code>${esc(c.path)}</code></span></p>
<pre class="curl" id="call-${i}" tabindex="0" aria-label="curl command for ${esc(c.path)}"><code>${esc(curlCommand(origin, c.example))}</code></pre></li>`,
    )
    .join('\n');
  const keys = opts.keysRequired
    ? "Most endpoints need nothing but a GET; the web endpoints (/search, /fetch, /crawl, /map, /screenshot, /v1/*) need this instance's API key in <code>x-api-key</code>."
    : 'No key needed: a plain GET is enough.';
  return `<section aria-labelledby="start"><h2 id="start">Call it</h2>
<p>Every endpoint is a GET answering JSON. ${keys} For example:</p>
<ul class="calls">${calls}</ul>
<p id="mcp"><strong>MCP</strong> (for AI assistants): the same endpoints as tools at <code>${esc(origin)}/mcp</code> (Streamable HTTP) or with <code>npm run mcp</code> (stdio).</p>
</section>`;
}

function chartsHtml(groups: GroupInfo[]): string {
  const served = new Set(groups.map((g) => g.name));
  const figures = CHARTS.filter((c) => served.has(c.group)).map(
    (c) => `<figure class="chart" id="${c.id}" data-unit="${esc(c.unit)}" data-status="${esc(c.status)}" data-series="${esc(JSON.stringify(c.series))}">
<figcaption><strong>${esc(c.title)}</strong>, ${esc(c.unit)}, last 30 days (${c.series.map((s) => `<a href="${esc(s.url)}">${esc(s.label)}</a>`).join(', ')})</figcaption>
<div class="plot"><p class="note">Loading…</p></div>
<p class="summary"></p>
</figure>`,
  );
  if (!figures.length) return '';
  return `<section aria-labelledby="prices"><h2 id="prices">Prices over time</h2>
<p>Drawn from this instance's own stored crawls; each chart links the answers it is drawn from.</p>
<noscript><p class="note">The charts need JavaScript; the links give the same data as JSON.</p></noscript>
<div class="charts">${figures.join('\n')}</div></section>`;
}

function groupsHtml(groups: GroupInfo[], opts: LandingOptions): string {
  const key = opts.keysRequired
    ? `<div class="field apikey"><label for="api-key">API key <span class="hint" id="api-key-h">sent as x-api-key with every request below; kept in this page only</span></label><input id="api-key" type="password" autocomplete="off" aria-describedby="api-key-h"></div>`
    : '';
  const sections = groups.map((g) => {
    const gid = `g-${slug(g.name)}`;
    const eps = g.endpoints.map((e, i) => endpointHtml(e, `${gid}-${i}`)).join('\n');
    return `<section class="group" aria-labelledby="${gid}"><h3 id="${gid}">${esc(g.title)}</h3>
<p class="hint">${esc(g.description)}</p>
${eps}
</section>`;
  });
  const toc = groups.map((g) => `<li><a href="#g-${slug(g.name)}">${esc(g.title)}</a></li>`).join('');
  return `<section aria-labelledby="endpoints"><h2 id="endpoints">Endpoints</h2>
<p><b>Try it</b> sends a request from this page; parameters and example answers are in <a href="/docs">the API reference</a>.</p>
<nav aria-label="Endpoint groups"><ul class="toc">${toc}</ul></nav>
${key}
${sections.join('\n')}
</section>`;
}

export function landingHtml(name: string, version: string, groups: GroupInfo[], assets: LandingAssets, opts: LandingOptions = {}): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(name)} ${esc(version)}: a read-only API about India and the web</title>
<link rel="icon" href="data:,">
<meta name="description" content="Fuel and metal prices, weather, trains, pincodes and more, as a read-only JSON API.">
<link rel="stylesheet" href="${assets.uplotStyle.url}">
<link rel="stylesheet" href="${assets.style.url}">
<script defer src="${assets.uplotScript.url}"></script>
<script defer src="${assets.script.url}"></script>
</head>
<body>
<a class="skip" href="#main">Skip to the content</a>
<header><h1>${esc(name)}</h1>
<p class="lead">A read-only API about India and the web: fuel, gold and liquor prices, weather and air quality, trains, pincodes, IFSC codes, GST, astrology and more, and a web search, fetch and screenshot service. Each answer is JSON with its source and time. Version ${esc(version)}.</p>
<nav aria-label="Documents"><ul class="links">
<li><a href="/docs">API reference (/docs)</a></li>
<li><a href="/openapi.json">OpenAPI 3.1 document</a></li>
<li><a href="#mcp">MCP</a></li>
<li><a href="#endpoints">All endpoints</a></li>
<li><a href="#health">Health</a></li>
</ul></nav>
</header>
<main id="main">
${startHtml(groups, opts)}
${groupsHtml(groups, opts)}
${chartsHtml(groups)}
${calendarHtml(opts.calendar)}
<section aria-labelledby="health"><h2 id="health">Health of this instance</h2>
<details class="health"><summary>Status: <span id="health-status">not read yet</span> (dependencies and scheduled jobs)</summary>
<div id="health-report"><p class="note">Loading /health…</p></div>
<p class="note">The same as JSON: <a href="/health">/health</a>.</p>
</details>
</section>
</main>
<footer><p>${esc(name)} ${esc(version)} · <a href="/openapi.json">OpenAPI</a> · <a href="/docs">docs</a></p></footer>
</body></html>`;
}
