// Tool and parameter descriptions written for a model rather than for a reader of the HTTP
// API. The route summaries speak HTTP (`?city=`, `full_page=1`, "+ for spaces", a link in
// HTML, other routes by path); a model calls tools with JSON arguments, so the same words are
// rewritten here: paths become the tool names that answer them, `name=value` becomes words,
// 0|1 flags become true and false. A few summaries are replaced outright where the route's
// words do not tell a model what the tool is for (search), or tell two tools apart only by
// their path (the two location searches).

/** Replacement descriptions, by route path, where rewriting the summary is not enough. */
const REPLACED: Record<string, string> = {
  '/search':
    'Web search: results for a query from several public search engines, merged and ranked by how many engines agree. With deep, the top pages are read and their text added.',
  '/fuel': "Today's petrol and diesel prices in India: every state; one city (city); one state with its cities (state); or every city (type city).",
  '/fuel/search': 'Finds fuel price locations by name, tolerating misspellings and old names (at most 20 matches).',
  '/commodities':
    "Today's gold (24K price, 22K and 18K in details), silver or platinum prices in India: every location, or one (city; india gives the national price).",
  '/commodities/search': 'Finds metal price locations by name, tolerating misspellings and old names (at most 20 matches).',
  '/commodities/latest': 'State of the metals data: last crawl success and failure, next run, each source.',
  '/fuel/status': 'State of the fuel data: last crawl success and failure, next run, each source.',
  // Shorter than the route's words, which carry provenance a model does not choose by (issue 45).
  '/vehicle':
    'Reads an Indian registration mark (KA 01 AB 1234): state or UT, RTO code, series, number and kind. Parsing only: owner, make, model and dates are not available.',
  '/ip': "Where an IP address is, and its network (ASN), from DB-IP data; without ip, the caller's. Private and reserved addresses have location null.",
  '/liquor/product/{id}': 'One liquor product by its id: price, sku, whether the newest list has it, and its price in every imported list.',
  '/liquor/brands': "Brand families of a state's official liquor price list (Kerala: KSBC), with product counts.",
  '/panchang':
    'Panchang of one day at a place: tithi, nakshatra, yoga and karana with end times, sun and moon rise and set, the kalams, muhurtas, choghadiya and horas.',
  '/train/info': "A train's terminals, times, distance and running days.",
  '/train/route': "A train's stops with timings and coordinates.",
  '/train/live': "A train's running status on a date, with fares by class.",
  '/lab/pincode':
    'Experimental: the post offices of a PIN code read live from the online directory api.postalpincode.in, where pincode answers from the offline India Post list this server holds.',
};

/**
 * When to choose a tool over its neighbours, said in one short clause after its description
 * (issue 45): a model picks among tools whose descriptions sound alike (fuel, fuel_latest,
 * fuel_history; fetch, crawl, map), and the clause says which question each answers.
 */
const WHEN: Record<string, string> = {
  '/fuel': 'Past days: fuel_history.',
  '/fuel/cities': 'The names fuel takes.',
  '/fuel/search': 'When a name does not match fuel_cities.',
  '/fuel/history': "Today's alone: fuel.",
  '/fuel/latest': 'A quick overview; one place: fuel.',
  '/fuel/status': 'Not prices.',
  '/commodities': 'Past days: commodities_history.',
  '/commodities/cities': 'The names commodities takes.',
  '/commodities/search': 'When a name does not match commodities_cities.',
  '/commodities/history': "Today's alone: commodities.",
  '/commodities/latest': 'Not prices.',
  '/liquor/brands': 'The brand slugs liquor takes.',
  '/liquor/categories': 'The categories liquor takes.',
  '/liquor': 'By product name: liquor_search.',
  '/liquor/search': 'When you know a product name rather than its brand.',
  '/liquor/product/{id}': 'The id is in liquor and liquor_search answers.',
  '/liquor-img/{file}': 'To show a product.',
  '/search': 'To find pages; a known URL: fetch.',
  '/fetch': 'One known URL; its linked pages too: crawl; links only: map.',
  '/crawl': 'A section of a site in one call.',
  '/map': 'Finds URLs to fetch without reading them.',
  '/screenshot': 'How a page looks; its text: fetch.',
  '/train': 'Station codes: train_stations.',
  '/train/info': 'Its stops: train_route.',
  '/train/route': 'Its summary: train_info.',
  '/train/pnr': "A booking's status.",
  '/train/live': 'Where a train is now.',
  '/train/stations': 'The codes train takes.',
  '/panchang': 'A month: panchang_month; a festival date: panchang_festivals.',
  '/panchang/month': 'A calendar of a month.',
  '/panchang/festivals': 'When a festival falls.',
  '/astro': 'A chart as data; drawn: astro_chart.',
  '/astro/chart': 'To show a chart.',
  '/astro/match': 'Two people.',
  '/astro/yogas': 'Which yogas a chart has.',
  '/astro/strengths': 'How strong each graha and house is.',
  '/astro/doshas': 'Sade Sati, Kaal Sarp or manglik questions.',
  '/astro/dashas': 'Other systems and dates than astro gives.',
  '/astro/transits': 'What the sky now does to a chart.',
  '/numerology': 'Name numbers, not astrology.',
  '/aqi': 'Pollution; temperature: weather.',
  '/crypto': 'Fiat currencies: forex.',
  '/qr/upi': 'To be paid by UPI.',
  '/gst': "A PAN's GSTINs: gst_pan.",
  '/gst/pan': 'Then gst for each.',
  '/ifsc': 'Without the code: ifsc_search.',
  '/ifsc/banks': 'The bank codes ifsc_search takes.',
  '/ifsc/search': 'When the IFSC is not known.',
  '/pincode': 'By place name: pincode_search.',
  '/pincode/search': 'A place whose PIN is not known.',
  '/weather': 'Air quality: aqi.',
  '/forex': 'Coins: crypto.',
  '/domain': 'Whether a name is free to register.',
  '/ip': 'A domain name: domain.',
  '/qr': 'A payment code: qr_upi.',
};

/**
 * Parameter words for a model where the route's are written for a reader of the HTTP docs
 * (provenance, status codes, every language's name): by route path, then parameter. A name no
 * route has stops the app (src/mcp/tools.ts), so the table cannot go stale unseen.
 */
const READER: Record<string, string> = {
  url: 'an http(s) URL, or a bare hostname',
  format: 'json: the metadata, headings and JSON-LD, no content',
  render: 'true loads the page in a headless browser first (slower; for pages built by JavaScript)',
  pdf: 'true reads a PDF to text instead of refusing it',
  include: 'CSS selectors: the content is only what they match (no main-content isolation)',
  exclude: 'CSS selectors of elements removed before extraction',
  wait_for: 'with render: a CSS selector to wait for, or milliseconds (at most 10000)',
  formats: 'several outputs, each a field: markdown, text, html, links, images, metadata, screenshot (with render)',
  max_age: 'seconds a cached copy may be old (default 900)',
  no_cache: 'true fetches anew',
  mobile: 'with render: a phone viewport and user agent',
  lang: 'Accept-Language to send, e.g. hi-IN',
};
/** match's birth data, each partner's as astro's: the prefix says whose (the girl's then read "as boy_": src/mcp/server.ts). */
const partners = (fields: string[]) => Object.fromEntries(fields.flatMap((f) => ['boy', 'girl'].map((who) => [`${who}_${f}`, `as astro's ${f}`])));
/** The calendar tools' shared parameters, said once in panchang (the later tools read "as in panchang"). */
const DAY = {
  muhurtas: 'false leaves out muhurtas, choghadiya and horas (a fifth of the size)',
  lang: 'language of the names; English where no cited table has one (listed in english_fallback)',
};
const SOLAR = 'solar calendars to add, a comma list of tamil, malayalam, bengali, odia';
const REGION = "a region's calendar (tamil-nadu, kerala, bengal, odisha, assam, andhra-telangana, bihar, jain) beside the pan-Indian one (default every row)";
const ICS = 'ics: an iCalendar file of all-day events';
const PARAMETERS: Record<string, Record<string, string>> = {
  '/fetch': READER,
  '/crawl': READER,
  '/panchang': { ...DAY, calendar: SOLAR },
  '/panchang/month': { ...DAY, calendar: SOLAR, region: REGION, format: ICS },
  '/panchang/festivals': { ...DAY, region: REGION, format: ICS },
  '/astro/match': partners(['latitude', 'longitude', 'city', 'year', 'month', 'day', 'hour', 'min', 'sec', 'tz']),
  '/aqi': { city: "one of weather's cities, or a city of fuel_cities or commodities_cities" },
  '/astro/chart': { size: 'width in pixels' },
  '/screenshot': { full_page: 'true captures the whole page (up to 8000 pixels tall)' },
};

/** The words a model reads for a route's parameter, when they are not the route's own; undefined otherwise. */
export const parameterWords = (path: string, name: string): string | undefined => PARAMETERS[path]?.[name];

/** The parameters the table rewords, by route path (for the check that each exists). */
export const rewordedParameters = (path: string): string[] => Object.keys(PARAMETERS[path] ?? {});

/** `<a href="…">text</a>` → `text`. */
const stripHtml = (text: string) => text.replace(/<[^>]*>/g, '');

/**
 * A summary, description or parameter text in words a model reads: no HTML, no query-string
 * syntax, routes named by their tools. `toolOfPath` names the tool that answers a path.
 */
export function forModel(text: string, toolOfPath: (path: string) => string | undefined, flags: readonly string[] = []): string {
  return (
    stripHtml(text)
      // Route paths: the tool that answers them, when there is one.
      .replace(/(?<![\w.:/])\/[a-z][a-z0-9/_-]*/g, (path) => toolOfPath(path.replace(/\/$/, '')) ?? path)
      .replace(/[;,]? \+ for spaces/g, '')
      .replace(/\(\?(\w+)=\)/g, '($1)')
      .replace(/\?(\w+)=(\w+)/g, '$1 $2')
      .replace(/\b(\w+)=([01])\b/g, (all, name: string, v: string) => (flags.includes(name) ? `${name} ${v === '1'}` : all))
      .replace(/\b(\w+)=(\w+)/g, '$1 $2')
      // The date rule's words (src/core/date-param.ts), which the route's 400 says in full: the format is enough.
      .replace(/a real calendar date written (\S+(?: or \S+)?)(?! or )(?= (?!\())/g, '$1:')
      .replace(/a real calendar date written /g, '')
  );
}

/** The description of a 0|1 flag as a boolean's: `1 keeps …, 0 drops …` → `true keeps …; false drops …`. */
export function flagDescription(text: string): string {
  return text.replace(/^1 /, 'true ').replace(/, 0 /, '; false ');
}

/** The tool description of a route: a replacement, or its summary and longer description in a model's words. */
export function toolDescription(path: string, summary: string, toolOfPath: (path: string) => string | undefined, flags: readonly string[]): string {
  const what = REPLACED[path] ?? forModel(summary, toolOfPath, flags);
  return WHEN[path] ? `${what}${/[.!?]$/.test(what) ? '' : '.'} ${WHEN[path]}` : what;
}
