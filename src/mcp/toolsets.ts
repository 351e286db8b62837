// Toolsets: the tools grouped by capability, so that a deployment (MCP_TOOLSETS), a client
// (/mcp?toolsets=astro,panchang) or a desktop setup (npm run mcp -- --toolsets=astro) lists only
// what it needs: a model pays for every tool of the list in every conversation. A tool's toolset
// follows its route's group (the API document's tag); the panchang tools are split from the
// chart tools of the same group, since a calendar question needs none of the birth charts.

/** Toolset of each route group (the tag the API document gives it). */
const BY_GROUP: Record<string, string> = {
  'Fuel prices': 'prices',
  Commodities: 'prices',
  'Liquor prices': 'prices',
  'Web search': 'search',
  'Web fetch': 'web',
  Screenshots: 'web',
  'Train enquiry': 'trains',
  'Vedic astrology': 'astro',
  Numerology: 'astro',
  'GST verification': 'india',
  IFSC: 'india',
  'Vehicle registration marks': 'india',
  'PIN codes': 'india',
  'IP location': 'lookups',
  'Domain lookup': 'lookups',
  Weather: 'weather',
  'Air quality': 'weather',
  'Exchange rates': 'markets',
  'Crypto prices': 'markets',
  'Stock quotes (lab)': 'markets',
  'QR codes': 'media',
};

/** Every toolset. */
export const TOOLSETS = ['astro', 'panchang', 'prices', 'markets', 'weather', 'trains', 'india', 'lookups', 'search', 'web', 'media', 'lab'] as const;
/**
 * What `default` means: every toolset but lab. The lab tools are experimental second sources
 * (a live PIN directory, a forecast, stock quotes); a deployment or a client asks for them.
 */
export const DEFAULT_TOOLSETS: ReadonlySet<string> = new Set(TOOLSETS.filter((t) => t !== 'lab'));
const ALL: ReadonlySet<string> = new Set(TOOLSETS);

/** The toolset of a tool, or undefined for a group no toolset names (a test keeps that from happening). */
export function toolsetOf(tool: { name: string; group: string }): string | undefined {
  if (tool.name.startsWith('lab_')) return 'lab';
  if (tool.name.startsWith('panchang')) return 'panchang';
  return BY_GROUP[tool.group];
}

/**
 * Tools answered from data this server holds or computes, asking no upstream at a call
 * (openWorldHint false): the astrology and numerology computations, the QR codes, the vehicle
 * marks and the list of banks. Every other tool may ask a site or an API on the way (ifsc and
 * pincode fall back to online directories, ip to ip-api).
 */
const LOCAL = new Set([
  'astro',
  'astro_chart',
  'astro_match',
  'astro_yogas',
  'astro_doshas',
  'astro_dashas',
  'astro_transits',
  'astro_strengths',
  'panchang',
  'panchang_month',
  'panchang_festivals',
  'numerology',
  'qr',
  'qr_upi',
  'vehicle',
  'ifsc_banks',
]);
export const asksUpstream = (name: string) => !LOCAL.has(name);

/**
 * A list of toolsets as a setting or a client gives it (`astro,panchang`; `default`; `all`;
 * nothing is default): the chosen set, or the first name that is no toolset.
 */
export function parseToolsets(names: readonly string[]): { toolsets: ReadonlySet<string> } | { unknown: string } {
  const chosen = new Set<string>();
  for (const raw of names) {
    const name = raw.trim().toLowerCase();
    if (name === '') continue;
    if (name === 'all' || name === 'default') for (const t of name === 'all' ? ALL : DEFAULT_TOOLSETS) chosen.add(t);
    else if ((TOOLSETS as readonly string[]).includes(name)) chosen.add(name);
    else return { unknown: raw.trim() };
  }
  return { toolsets: chosen.size === 0 ? DEFAULT_TOOLSETS : chosen };
}

/** The toolsets a text names (`astro,panchang`), split at commas. */
export const toolsetsIn = (text: string) => parseToolsets(text.split(','));

/** Words for a refusal of a name that is no toolset. */
export const unknownToolset = (name: string) => `${name} is no toolset; toolsets are ${TOOLSETS.join(', ')}, default (all but lab) and all`;
