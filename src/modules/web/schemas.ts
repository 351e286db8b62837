// Request and response schemas of /fetch, /crawl and /map (the README's Web fetch row, and
// /openapi.json, which these schemas generate: links, pages and the /map shape).

import { Flag, IntRange, Type, defaulted } from '../../core/schema.js';
import { MAX_SELECTORS, MAX_WAIT_MS } from './controls.js';
import { OUTPUT_FORMATS } from './types.js';

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'a full http(s) URL, or a bare hostname to which https is added' });
const FormatParam = defaulted(
  Type.Enum(['markdown', 'text', 'html', 'json'], {
    default: 'markdown',
    description:
      "format of content: markdown, text, html, or json (a JSON document of the page's metadata, headings and JSON-LD objects; no main-content extraction)",
  }),
);
const Main = Flag('1', '1 isolates the main article, 0 keeps the whole page');
const Max = IntRange(500, 100000, 20000, 'maximum characters of content');
const Links = Flag('0', '1 also returns every link found on the page');
const SameHost = Flag('1', 'stay on the same domain');
const Render = Flag(
  '0',
  '1 loads the page in a headless browser and reads the DOM once its scripts ran and its network settled (slower; for pages built by JavaScript); 503 when the server has no browser',
);
const Pdf = Flag('0', '1 reads a PDF answer to text (paragraphs; json gives its title and page_count) instead of refusing it as a binary');

const Selectors = (description: string) => Type.Optional(Type.Array(Type.String({ minLength: 1, maxLength: 2000 }), { maxItems: MAX_SELECTORS, description }));

/** The reader controls /fetch and /crawl share (checked further by controls.ts). */
const controls = {
  include: Selectors(
    'CSS selectors, comma-separated or repeated: the content is only what they match, in document order (main-content isolation is skipped); 422 when one matches nothing',
  ),
  exclude: Selectors('CSS selectors, comma-separated or repeated, whose elements are removed before extraction'),
  wait_for: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 300,
      description: `with render=1: a CSS selector to wait for (504 naming it when it does not appear in time), or a number of milliseconds to wait, at most ${MAX_WAIT_MS}`,
    }),
  ),
  formats: Type.Optional(
    Type.Array(Type.String({ minLength: 1, maxLength: 100 }), {
      maxItems: 10,
      description: `several outputs of one fetch, comma-separated or repeated, each a field of the answer: ${OUTPUT_FORMATS.join(', ')} (screenshot with render=1: a data: URL of a JPEG)`,
    }),
  ),
  max_age: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 604800,
      description: 'accept a stored copy up to this many seconds old, else fetch anew (default: the 15-minute cache)',
    }),
  ),
  no_cache: Flag('0', '1 always fetches anew (the fresh copy is stored)'),
  mobile: Flag('0', 'with render=1: a phone viewport, touch and mobile user agent'),
  lang: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'the Accept-Language to send, e.g. hi-IN,hi;q=0.9,en;q=0.5' })),
};

export const FetchQuery = Type.Object({ url: Url, format: FormatParam, main: Main, max: Max, links: Links, render: Render, pdf: Pdf, ...controls });

export const CrawlQuery = Type.Object({
  url: Url,
  format: FormatParam,
  main: Main,
  max: Max,
  links: Links,
  render: Render,
  pdf: Pdf,
  limit: IntRange(1, 10, 5, 'extra pages to follow'),
  same_host: SameHost,
  ...controls,
});

export const MapQuery = Type.Object({
  url: Url,
  limit: IntRange(1, 500, 5, 'maximum links'),
  same_host: SameHost,
});

const Link = Type.Object({ url: Type.String(), text: Type.String() });

const pageFields = {
  success: Type.Boolean(),
  url: Type.String(),
  final_url: Type.String(),
  status_code: Type.Integer(),
  content_type: Type.String(),
  title: Type.String(),
  description: Type.String(),
  content: Type.String(),
  format: Type.String(),
  words: Type.Integer(),
  reading_time_min: Type.Integer(),
  chars: Type.Integer(),
  lang: Type.String(),
  site_name: Type.String(),
  image: Type.String(),
  canonical: Type.String(),
  cached: Type.Boolean(),
  stale: Type.Optional(Type.Boolean()),
  took_ms: Type.Integer(),
  links: Type.Optional(Type.Array(Link)),
  page_count: Type.Optional(Type.Integer({ description: 'pages of a PDF read with pdf=1' })),
  fetched_at: Type.Optional(Type.String({ description: 'when the copy answered was fetched' })),
  age_s: Type.Optional(Type.Integer({ description: 'age of the copy answered, in seconds (also the Age header)' })),
  markdown: Type.Optional(Type.String({ description: 'formats=markdown' })),
  text: Type.Optional(Type.String({ description: 'formats=text' })),
  html: Type.Optional(Type.String({ description: 'formats=html' })),
  images: Type.Optional(
    Type.Array(Type.Object({ url: Type.String(), alt: Type.String(), width: Type.Optional(Type.Integer()), height: Type.Optional(Type.Integer()) }), {
      description: 'formats=images: the images of the content',
    }),
  ),
  metadata: Type.Optional(
    Type.Object(
      {
        title: Type.String(),
        description: Type.String(),
        lang: Type.String(),
        site_name: Type.String(),
        image: Type.String(),
        canonical: Type.String(),
        url: Type.String(),
        final_url: Type.String(),
        status_code: Type.Integer(),
        content_type: Type.String(),
      },
      { description: 'formats=metadata' },
    ),
  ),
  screenshot: Type.Optional(Type.String({ description: 'formats=screenshot with render=1: data:image/jpeg;base64,…' })),
};

export const FetchedPageSchema = Type.Object(pageFields);

const PageFailure = Type.Object({
  success: Type.Boolean(),
  url: Type.String(),
  error: Type.String(),
  code: Type.String(),
  status_code: Type.Optional(Type.Integer()),
});

export const CrawlResponse = Type.Object({ ...pageFields, pages: Type.Array(Type.Union([FetchedPageSchema, PageFailure])) });

export const MapResponse = Type.Object({
  success: Type.Boolean(),
  url: Type.String(),
  count: Type.Integer(),
  truncated: Type.Boolean(),
  sources: Type.Array(Type.Object({ type: Type.String(), url: Type.String(), count: Type.Integer() })),
  links: Type.Array(Link),
  cached: Type.Boolean(),
  stale: Type.Optional(Type.Boolean()),
  took_ms: Type.Integer(),
});
