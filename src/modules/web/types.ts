// The shapes the web module hands out: the fetched-page object of /openapi.json, and what the
// fetcher returns before any parsing.

import type { PageMeta } from './extract/metadata.js';

export type Format = 'markdown' | 'text' | 'html' | 'json';
export const FORMATS: readonly Format[] = ['markdown', 'text', 'html', 'json'];

export interface PageLink {
  url: string;
  text: string;
}

/** The outputs `formats` may ask for, each a field of the answer. */
export type OutputFormat = 'markdown' | 'text' | 'html' | 'links' | 'images' | 'metadata' | 'screenshot';
export const OUTPUT_FORMATS: readonly OutputFormat[] = ['markdown', 'text', 'html', 'links', 'images', 'metadata', 'screenshot'];
/** The outputs that are text of the content. */
export type TextFormat = 'markdown' | 'text' | 'html';

/** An image of the content: absolute URL, alt text, and its size when the markup gives it. */
export interface PageImage {
  url: string;
  alt: string;
  width?: number;
  height?: number;
}

/** The page's metadata as one object (formats=metadata, and the content of format=json). */
export interface PageMetadata extends Omit<PageMeta, 'article'> {
  url: string;
  final_url: string;
  status_code: number;
  content_type: string;
}

/** What to wait for in the browser before the page is read (wait_for, with render=1). */
export type WaitFor = { selector: string } | { ms: number };

/** Spec, Resources: Fetched page. */
export interface FetchedPage {
  success: true;
  url: string;
  final_url: string;
  status_code: number;
  content_type: string;
  title: string;
  description: string;
  content: string;
  format: Format;
  words: number;
  reading_time_min: number;
  chars: number;
  lang: string;
  site_name: string;
  image: string;
  canonical: string;
  cached: boolean;
  took_ms: number;
  /** Only with links=1. */
  links?: PageLink[];
  /** Only for a PDF read with pdf=1: its number of pages. */
  page_count?: number;
  /** When the copy answered was fetched (ISO 8601), and its age in seconds (also the Age header). */
  fetched_at?: string;
  age_s?: number;
  /** formats=markdown/text/html: the content in that format (each cut to max). */
  markdown?: string;
  text?: string;
  html?: string;
  /** formats=images: the images of the content. */
  images?: PageImage[];
  /** formats=metadata. */
  metadata?: PageMetadata;
  /** formats=screenshot (with render=1): the page as the browser showed it, a data: URL of a JPEG. */
  screenshot?: string;
}

/** A page as it came off the wire. */
export interface RawPage {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  /**
   * The document: the bytes as they came (decoded by their charset in the work thread, where the
   * page is read: issue 42), or text (the DOM a rendered page left).
   */
  document: Uint8Array | string;
}

/** A PDF as it came off the wire (pdf=1), not yet read. */
export interface RawPdf {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  kind: 'pdf';
  bytes: Buffer;
}

/**
 * Everything a reading of one page depends on: the one options object of WebService.read
 * (what /fetch, /crawl per page, and other entry points such as /r/<url> hand it).
 * Selectors and wait_for arrive checked: see parseReaderControls in controls.ts.
 */
export interface ReadOptions {
  format: Format;
  main: boolean;
  maxChars: number;
  links?: boolean;
  /** Load the page in the headless browser and read the DOM its scripts left. */
  render?: boolean;
  /** Read a PDF answer to text instead of refusing it. */
  pdf?: boolean;
  /** CSS selectors: the content is only what they match, in document order (each must match). */
  include?: string[];
  /** CSS selectors removed before extraction. */
  exclude?: string[];
  /** render=1 only: a selector to wait for, or a delay. */
  waitFor?: WaitFor;
  /** Extra outputs, each a field of the answer. */
  formats?: OutputFormat[];
  /** Accept a stored copy up to this many seconds old (else fetch anew). */
  maxAgeS?: number;
  /** Never answer from the store. */
  noCache?: boolean;
  /** render=1 only: a phone's viewport and user agent. */
  mobile?: boolean;
  /** The Accept-Language header to send. */
  lang?: string;
}

/**
 * The reader controls as a client sends them (query names; repeatable ones as arrays), before
 * readerControls (controls.ts) checks them into ReadOptions fields. Other doors (request headers,
 * a Firecrawl body) fill this under the same names.
 */
export interface RawControls {
  include?: string[];
  exclude?: string[];
  wait_for?: string;
  formats?: string[];
  max_age?: number;
  no_cache?: string;
  mobile?: string;
  lang?: string;
  render?: string;
}
