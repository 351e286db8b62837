// The shapes the web module hands out: the fetched-page object of /openapi.json, and what the
// fetcher returns before any parsing.

export type Format = 'markdown' | 'text' | 'html' | 'json';
export const FORMATS: readonly Format[] = ['markdown', 'text', 'html', 'json'];

export interface PageLink {
  url: string;
  text: string;
}

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
}

/** A page as it came off the wire, decoded. */
export interface RawPage {
  url: string;
  finalUrl: string;
  status: number;
  contentType: string;
  /** Decoded document text. */
  html: string;
  /** The charset the body was decoded with. */
  charset: string;
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

export interface ReadOptions {
  format: Format;
  main: boolean;
  maxChars: number;
  links?: boolean;
  /** Load the page in the headless browser and read the DOM its scripts left. */
  render?: boolean;
  /** Read a PDF answer to text instead of refusing it. */
  pdf?: boolean;
}
