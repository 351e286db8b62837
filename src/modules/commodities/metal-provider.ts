// A metals source (providers/types.ts: MetalSourceSpec) as a provider of the shared failover: one request,
// one parse, and within a crawl the pages its tasks share (providers/crawl-pages.ts) fetched or read once.

import { boundProvider, type Provider, type UpstreamFetch, type UpstreamRequest, type UpstreamResponse } from '../../core/upstream/index.js';
import { normalizeName, type Place } from '../../lib/prices/index.js';
import type { ListedPlace, MetalPage, MetalQuote, MetalSourceSpec } from './providers/types.js';

/** The names a listing may give `place`: its name, an alias or its page slug at this source. */
function names(place: Place, source: string): Set<string> {
  return new Set([place.name, ...place.aliases, place.slugs[source] ?? ''].map(normalizeName).filter(Boolean));
}

function pick(listed: readonly ListedPlace[], place: Place, source: string): MetalQuote | undefined {
  const wanted = names(place, source);
  return listed.find((l) => wanted.has(normalizeName(l.name)))?.quote;
}

/**
 * A metals source as a provider. Within a crawl: a shared page is fetched once; a
 * place a listing page prices is answered from that listing (fetched and read once per crawl;
 * a listing that fails or does not name the place sends the task to the place's own page).
 */
export function metalProvider(spec: MetalSourceSpec, fetch: UpstreamFetch): Provider<MetalPage, MetalQuote> {
  return boundProvider(spec.name, fetch, async (input, http) => {
    const pages = input.pages;
    const get = (req: UpstreamRequest): Promise<UpstreamResponse> => (pages ? pages.once(`page ${req.url}`, () => http(req)) : http(req));
    const listing = pages ? spec.listing?.(input) : undefined;
    if (pages && listing) {
      // Any failure of the listing costs the crawl the shortcut, never a place: it is read once
      // (an empty reading kept), and the places it does not price go to their own pages.
      const listed = await pages.once(`listing ${listing.request.url}`, () =>
        get(listing.request)
          .then((res) => listing.read(res))
          .catch((): ListedPlace[] => []),
      );
      const hit = pick(listed, input.place, spec.name);
      if (hit) return hit;
    }
    const req = spec.request(input);
    // Only pages several tasks read are kept for the crawl; a city's own page is read once.
    return spec.parse(spec.shared?.(input) ? await get(req) : await http(req), input);
  });
}
