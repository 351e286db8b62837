// Ports: what one module offers others without either importing the other. Core names the
// port and its shape; a module provides it in create(); a consumer asks for it when it needs
// it (at request time), so the order modules are created in does not matter.

import type { Lang } from './langs.js';
import type { GroupInfo } from './http/catalog.js';

/** A read page: the fields a consumer may rely on (the web module gives its whole page object). */
export interface ReadPage {
  final_url: string;
  title: string;
  content: string;
}

/** Reads one public page with the web fetcher's rules (SSRF guard, size cap, extraction). */
export interface PageReader {
  /** Rejects with an ApiError (BLOCKED_URL, UNSUPPORTED_CONTENT, UPSTREAM_*) on failure. */
  read(url: string, opts: { format: 'markdown' | 'text'; main: boolean; maxChars: number; signal?: AbortSignal }): Promise<ReadPage>;
}

/** A page as a browser left it: the DOM after its scripts ran and its network settled. */
export interface RenderedDocument {
  /** Where the main frame ended up, after redirects. */
  finalUrl: string;
  /** HTTP status of the main document (null when the browser gave none). */
  status: number | null;
  contentType: string | null;
  /** The DOM, serialised. */
  html: string;
  title: string;
  /** A JPEG of the viewport, taken in the same visit after the DOM was read (opts.screenshot). */
  screenshot?: Buffer;
}

export interface RenderOptions {
  signal?: AbortSignal;
  /** Before reading: wait for an element matching this selector (504 naming it when it never comes), or this many ms. */
  waitFor?: { selector: string } | { ms: number };
  /** A phone's viewport, touch and user agent. */
  mobile?: boolean;
  /** The Accept-Language header of every request of the visit. */
  lang?: string;
  /** Also take a JPEG of the viewport. */
  screenshot?: boolean;
}

/** Renders one public page in the app's one guarded headless browser (SSRF rules at every hop). */
export interface PageRenderer {
  /** Rejects with an ApiError (BLOCKED_URL, NOT_READY when no browser, UPSTREAM_*) on failure. */
  render(url: URL, opts: RenderOptions): Promise<RenderedDocument>;
}

/** The app's browser as /health reports it. */
export interface BrowserTierReport {
  /** Launched by this instance, or a browser tier reached over the network. */
  tier: 'local' | 'remote';
  kind: 'local' | 'playwright' | 'cdp';
  /** The binary, or the remote address without its path and query. */
  address: string;
  connected: boolean;
  /** Connected, or could be: the binary is there, the remote address takes connections. */
  reachable: boolean;
  contexts_in_use: number;
  contexts_max: number;
  waiting: number;
}

/** The state of the app's one browser (provided by the module that runs it). */
export interface BrowserTierState {
  status(): Promise<BrowserTierReport>;
}

/** The routes every module registered, grouped (the landing listing). */
export interface RouteListing {
  list(): GroupInfo[];
}

/** One civil day of a month of the Hindu calendar: the fields the landing page's calendar shows. */
export interface CalendarDay {
  /** YYYY-MM-DD, local to the place. */
  date: string;
  weekday: string;
  tithi: { number: number; name: string };
  paksha: string;
  festivals: { id: string; name: string; category: string; school?: string; local_name?: string }[];
  /** The day's names in the language asked (absent for English); English where no table has one. */
  local?: { lang: string; weekday: string; tithi: string };
}

/** A Gregorian month of the Hindu calendar at a place (the data of /panchang/month). */
export interface MonthCalendar {
  year: number;
  month: number;
  place: { name: string | null; latitude: number; longitude: number };
  days: CalendarDay[];
}

/** Computes (or reads from its cache) the month /panchang/month answers, for a known town (src/lib/places). */
export interface PanchangMonth {
  /** Rejects with an ApiError (the unknown-place 400, INVALID_PARAMETER, for an unknown town). */
  month(q: { year: number; month: number; city: string; lang?: Lang }): Promise<MonthCalendar>;
}

export interface PortTypes {
  pageReader: PageReader;
  pageRenderer: PageRenderer;
  browserTier: BrowserTierState;
  routeListing: RouteListing;
  panchangMonth: PanchangMonth;
}

export class Ports {
  private readonly provided = new Map<keyof PortTypes, unknown>();

  provide<K extends keyof PortTypes>(name: K, impl: PortTypes[K]): void {
    if (this.provided.has(name)) throw new Error(`the ${name} port is provided twice`);
    this.provided.set(name, impl);
  }

  /** The port's provider; throws when no module of this app provides it. */
  get<K extends keyof PortTypes>(name: K): PortTypes[K] {
    const impl = this.provided.get(name);
    if (impl === undefined) throw new Error(`no module of this app provides the ${name} port`);
    return impl as PortTypes[K];
  }

  has(name: keyof PortTypes): boolean {
    return this.provided.has(name);
  }
}
