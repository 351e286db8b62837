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
  '/fuel': 'Petrol and diesel prices in India: every state; one city (city); one state with its cities (state); or every city (type city).',
  '/fuel/search': 'Finds fuel price locations by name, tolerating misspellings and old names (at most 20 matches).',
  '/commodities':
    'Gold (24K price, 22K and 18K in details), silver or platinum prices in India: every location, or one (city; india gives the national price).',
  '/commodities/search': 'Finds metal price locations by name, tolerating misspellings and old names (at most 20 matches).',
  // Shorter than the route's words, which carry provenance a model does not choose by (issue 45).
  '/vehicle':
    'Reads an Indian registration mark (KA 01 AB 1234): state or UT, RTO code, series, number and kind. Parsing only: owner, make, model and dates are not available.',
  '/ip': "Where an IP address is, and its network (ASN), from DB-IP data; without ip, the caller's. Private and reserved addresses have location null.",
  '/liquor/product/{id}': 'One liquor product by its id: price, sku, whether the newest list has it, and its price in every imported list.',
  '/liquor/brands': "Brand families of a state's official liquor price list (Kerala: KSBC), with product counts.",
  '/panchang':
    'Panchang of a day at a place: tithi, nakshatra, yoga and karana with end times, sun and moon rise and set, the kalams, muhurtas, choghadiya and horas.',
  '/lab/pincode':
    'Experimental: the post offices of a PIN code read live from the online directory api.postalpincode.in, where pincode answers from the offline India Post list this server holds.',
};

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
  );
}

/** The description of a 0|1 flag as a boolean's: `1 keeps …, 0 drops …` → `true keeps …; false drops …`. */
export function flagDescription(text: string): string {
  return text.replace(/^1 /, 'true ').replace(/, 0 /, '; false ');
}

/** The tool description of a route: a replacement, or its summary and longer description in a model's words. */
export function toolDescription(path: string, summary: string, toolOfPath: (path: string) => string | undefined, flags: readonly string[]): string {
  return REPLACED[path] ?? forModel(summary, toolOfPath, flags);
}
