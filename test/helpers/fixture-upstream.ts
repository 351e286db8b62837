// Every upstream of the service answered from the modules' own fixtures, by one server on
// 127.0.0.1: each upstream base URL setting points here under a path prefix naming the setting
// (http://127.0.0.1:P/OPEN_METEO_URL/v1/forecast?…), so the answer is chosen per upstream. An
// answer is a fixture the module's own tests use, or a 404. Used by the soak (which adds chaos)
// and by the test that captures an example answer of every operation for /openapi.json.

import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { SETTINGS } from '../../src/config.js';

const MODULES = new URL('../../src/modules/', import.meta.url);

/** A fixture of a module, read once; constructed fixtures' comment line is cut off. */
const files = new Map<string, Buffer>();
function fixture(path: string): Buffer {
  let body = files.get(path);
  if (!body) {
    const text = readFileSync(new URL(path, MODULES), 'utf8');
    body = Buffer.from(text.startsWith('# ') ? text.slice(text.indexOf('\n') + 1) : text);
    files.set(path, body);
  }
  return body;
}

export type Answer = { status: number; type: string; body: Buffer };
const json = (path: string, key?: string): Answer => ({ status: 200, type: 'application/json', body: key ? member(path, key) : fixture(path) });

/** One member of a fixture that wraps answers in notes (a reference vector). */
const members = new Map<string, Buffer>();
function member(path: string, key: string): Buffer {
  let body = members.get(`${path}#${key}`);
  if (!body) {
    body = Buffer.from(JSON.stringify((JSON.parse(fixture(path).toString()) as Record<string, unknown>)[key]));
    members.set(`${path}#${key}`, body);
  }
  return body;
}
const html = (path: string): Answer => ({ status: 200, type: 'text/html; charset=utf-8', body: fixture(path) });
const text = (path: string): Answer => ({ status: 200, type: 'text/plain; charset=utf-8', body: fixture(path) });
const notFound = (): Answer => ({ status: 404, type: 'application/json', body: Buffer.from('{"error":"not found"}') });

/** Per upstream setting: [path test, answer]; the first match wins, no match is a 404. */
type Rule = [RegExp, (origin: string, path: string) => Answer];
const RULES: Record<string, Rule[]> = {
  OPEN_METEO_URL: [
    [/hourly|daily/, () => json('weather/fixtures/open-meteo-forecast.json')],
    [/forecast/, () => json('weather/fixtures/open-meteo.json', 'response_with_all_four_vars_example')],
  ],
  AQI_OPEN_METEO_URL: [[/air-quality/, () => json('aqi/fixtures/open-meteo-48h.json')]],
  FOREX_FRANKFURTER_URL: [[/./, () => json('forex/fixtures/frankfurter-latest-usd.json')]],
  FOREX_CURRENCY_API_URL: [[/currencies/, () => json('forex/fixtures/currency-api-usd.json')]],
  CRYPTO_COINGECKO_URL: [
    [/coins\/list/, () => json('crypto/fixtures/coingecko-coins-list.json')],
    [/simple\/price/, () => json('crypto/fixtures/coingecko-simple-price.json')],
  ],
  CRYPTO_COINPAPRIKA_URL: [
    [/eth/, () => json('crypto/fixtures/coinpaprika-ticker-eth-ethereum.json')],
    [/tickers/, () => json('crypto/fixtures/coinpaprika-ticker-btc-bitcoin.json')],
  ],
  STOCKS_YAHOO_URL: [[/chart/, () => json('stocks/fixtures/yahoo-chart-reliance-ns.json')]],
  STOCKS_GOOGLE_URL: [[/quote/, () => html('stocks/fixtures/google-quote-reliance-nse.html')]],
  SEARCH_DUCKDUCKGO_URL: [[/./, () => html('search/fixtures/duckduckgo-html.html')]],
  SEARCH_BING_URL: [[/./, () => html('search/fixtures/bing-2025.html')]],
  SEARCH_BRAVE_URL: [[/./, () => html('search/fixtures/brave-2025.html')]],
  SEARCH_MOJEEK_URL: [[/./, () => html('search/fixtures/mojeek.html')]],
  SEARCH_STARTPAGE_URL: [[/./, () => html('search/fixtures/startpage.html')]],
  SEARCH_YAHOO_URL: [[/./, () => html('search/fixtures/yahoo-2025.html')]],
  SEARCH_QWANT_URL: [[/./, () => json('search/fixtures/qwant-web.json')]],
  SEARCH_BRAVE_API_URL: [[/./, () => json('search/fixtures/brave-api.json')]],
  TRAIN_ERAIL_URL: [
    [/TrainNo=/, () => text('train/fixtures/erail-train-12432.txt')],
    [/TRAINROUTE/, () => text('train/fixtures/erail-route-4321.txt')],
    [/Station_From/, () => text('train/fixtures/erail-between-nzm-tvc.txt')],
  ],
  TRAIN_CONFIRMTKT_URL: [
    [/schedule/, () => json('train/fixtures/confirmtkt-schedule-12432.json')],
    [/search/, () => json('train/fixtures/confirmtkt-search-nzm-tvc.json')],
  ],
  TRAIN_CONFIRMTKT_PNR_URL: [[/pnr/, () => json('train/fixtures/confirmtkt-pnr.json')]],
  TRAIN_RAILYATRI_URL: [[/./, () => json('train/fixtures/railyatri-between-nzm-tvc.json')]],
  TRAIN_STATIONS_URL: [[/./, () => json('train/fixtures/datameet-stations-cut.json')]],
  IFSC_DATASET_URL: [[/./, () => ({ ...text('ifsc/fixtures/razorpay-ifsc-constructed.csv'), type: 'text/csv' })]],
  IFSC_API_URL: [[/./, () => json('ifsc/fixtures/razorpay-api-constructed.json')]],
  POSTALPINCODE_URL: [[/./, () => json('pincode/fixtures/postalpincode-110001-constructed.json')]],
  // Cashfree's documented answers (asked only when a client id and secret are set).
  GST_CASHFREE_URL: [
    [/pan-gstin/, () => json('gst/fixtures/cashfree-pan-gstin.json')],
    [/gstin/, () => json('gst/fixtures/cashfree-gstin.json')],
  ],
  GST_PORTAL_URL: [
    [/goodservice/, () => json('gst/fixtures/portal-goodservice.json')],
    [/dropdownfinyear/, () => json('gst/fixtures/portal-dropdownfinyear.json')],
    [/taxpayerReturnDetails/, () => json('gst/fixtures/portal-returns.json')],
  ],
  IP_API_URL: [[/json/, () => json('ip/fixtures/ip-api.json', 'success_example')]],
  // A city's page only for the cities and fuels a fixture is of (another city's would be a wrong price).
  FUEL_GOODRETURNS_URL: [
    [/\/petrol-price-in-mumbai\.html$/, () => html('fuel/fixtures/goodreturns-petrol-mumbai.html')],
    [/\/petrol-price-in-bangalore\.html$/, () => html('fuel/fixtures/goodreturns-petrol-bangalore-2026.html')],
    [/\/diesel-price-in-mumbai\.html$/, () => html('fuel/fixtures/goodreturns-diesel-mumbai-blocks.html')],
    [/\/diesel-price\.html$/, () => html('fuel/fixtures/goodreturns-diesel-price.html')],
    [/\/petrol-price\.html$/, () => html('fuel/fixtures/goodreturns-petrol-price.html')],
  ],
  FUEL_NDTV_URL: [
    [/\/petrol-price-in-all-state$/, () => html('fuel/fixtures/ndtv-petrol-all-state.html')],
    [/\/petrol-price-in-maharashtra-state$/, () => html('fuel/fixtures/ndtv-petrol-maharashtra-state.html')],
  ],
  METALS_GOODRETURNS_URL: [
    [/silver/, () => html('commodities/fixtures/goodreturns-silver-mumbai.html')],
    [/platinum/, () => html('commodities/fixtures/goodreturns-platinum-mumbai.html')],
    [/gold/, () => html('commodities/fixtures/goodreturns-gold-mumbai.html')],
  ],
  METALS_BANKBAZAAR_URL: [
    [/silver/, () => html('commodities/fixtures/bankbazaar-silver-mumbai.html')],
    [/gold/, () => html('commodities/fixtures/bankbazaar-gold-mumbai.html')],
  ],
  METALS_IBJA_URL: [[/./, () => html('commodities/fixtures/ibja-home.html')]],
  // IANA's bootstrap file as shipped, every TLD's RDAP server rewritten to this server.
  RDAP_BOOTSTRAP_URL: [[/./, (origin) => ({ status: 200, type: 'application/json', body: rdapBootstrap(origin) })]],
  // RDAP servers of every TLD (RDAP_URL points here; the soak also stores a bootstrap file naming
  // only this server). The registry's related links are pointed back here, so no answer leads
  // anywhere else.
  RDAP: [
    [/\/domain\/free-/, () => notFound()],
    [
      /\/domain\//,
      (origin) => ({
        ...json('domain/fixtures/rdap.verisign.com-domain-google.com.json'),
        body: Buffer.from(
          fixture('domain/fixtures/rdap.verisign.com-domain-google.com.json')
            .toString()
            .replace(/https?:\/\/[a-z0-9.-]+(:\d+)?\//gi, `${origin}/RDAP/`),
        ),
      }),
    ],
  ],
  // Web pages for /fetch, /crawl and /map (the soak lets the fetcher reach 127.0.0.1).
  SITE: [[/./, (origin, path) => ({ status: 200, type: 'text/html; charset=utf-8', body: page(origin, path) })]],
};

/** The shipped IANA RDAP bootstrap with every service at `${origin}/RDAP/`. */
function rdapBootstrap(origin: string): Buffer {
  const shipped = JSON.parse(fixture('domain/data/iana-rdap-dns.json').toString()) as { services: [string[], string[]][] };
  return Buffer.from(JSON.stringify({ ...shipped, services: shipped.services.map(([tlds]) => [tlds, [`${origin}/RDAP/`]]) }));
}

/** An article with links to a few sibling pages, so /crawl and /map have somewhere to go. */
function page(origin: string, path: string): Buffer {
  const n = Number(/(\d+)/.exec(path)?.[1] ?? 0);
  const links = [1, 2, 3].map((k) => `<a href="${origin}/SITE/page-${(n * 3 + k) % 500}">page ${(n * 3 + k) % 500}</a>`).join(' ');
  const article = fixture('web/fixtures/article.html').toString();
  return Buffer.from(article.replace('</body>', `<nav>${links}</nav></body>`));
}

/** The answer to one request: a fixture of the upstream its path prefix names, or a 404. */
export function plausible(origin: string, url: string): Answer {
  const [, setting = '', rest = ''] = /^\/([A-Z_]+)(.*)$/.exec(url) ?? [];
  if (url === '/robots.txt') return { status: 200, type: 'text/plain', body: Buffer.from('User-agent: *\nAllow: /\n') };
  for (const [test, answer] of RULES[setting] ?? []) if (test.test(rest)) return answer(origin, rest);
  return notFound();
}

export interface FixtureUpstream {
  origin: string;
  /** Base URL for one upstream setting (the default URL's path kept after the prefix). */
  baseFor(setting: string, defaultUrl: string): string;
  /** Every upstream base URL setting (an http default) pointed here, by name. */
  env(): Record<string, string>;
  close(): Promise<void>;
}

/** Settings-style base URL of `setting` on a fixture server at `origin`. */
export const baseFor = (origin: string, setting: string, defaultUrl: string) => `${origin}/${setting}${new URL(defaultUrl).pathname.replace(/\/$/, '')}`;

/**
 * URL settings with no default that move an upstream the service asks anyway (RDAP_URL: every
 * registry RDAP query, else the bootstrap's servers on the internet), by the fixture path that
 * answers for them. A helper that points every upstream somewhere points these too; settings
 * that add an upstream when set (SEARXNG_URL) are not among them.
 */
export const MOVING_SETTINGS: Record<string, string> = { RDAP_URL: '/RDAP' };

/** Every upstream base URL setting of the service pointed at `origin`. */
export function upstreamEnv(origin: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const s of SETTINGS) {
    if (s.env.endsWith('_URL') && 'default' in s && /^https?:/.test(s.default)) env[s.env] = baseFor(origin, s.env, s.default);
  }
  for (const [name, path] of Object.entries(MOVING_SETTINGS)) env[name] = `${origin}${path}`;
  return env;
}

/** A calm fixture server (no failures): every request gets its plausible answer. */
export async function fixtureUpstream(): Promise<FixtureUpstream> {
  const sockets = new Set<Socket>();
  let origin = '';
  const server = createServer((req, res) => {
    req.resume();
    const answer = plausible(origin, req.url ?? '/');
    res.writeHead(answer.status, { 'content-type': answer.type, 'content-length': answer.body.length });
    res.end(answer.body);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    baseFor: (setting, defaultUrl) => baseFor(origin, setting, defaultUrl),
    env: () => upstreamEnv(origin),
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((r) => server.close(() => r()));
    },
  };
}
