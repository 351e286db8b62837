// Request and response schemas of /fetch, /crawl and /map (the README's Web fetch row, and
// /openapi.json, which these schemas generate: links, pages and the /map shape).

import { Flag, IntRange, Type, defaulted } from '../../core/schema.js';

const Url = Type.String({ minLength: 1, maxLength: 2048, description: 'a full http(s) URL, or a bare hostname to which https is added' });
const FormatParam = defaulted(Type.Enum(['markdown', 'text', 'html', 'json'], { default: 'markdown', description: 'output format' }));
const Main = Flag('1', '1 isolates the main article, 0 keeps the whole page');
const Max = IntRange(500, 100000, 20000, 'maximum characters of content');
const Links = Flag('0', '1 also returns every link found on the page');
const SameHost = Flag('1', 'stay on the same domain');
const Render = Flag(
  '0',
  '1 loads the page in a headless browser and reads the DOM once its scripts ran and its network settled (slower; for pages built by JavaScript); 503 when the server has no browser',
);
const Pdf = Flag('0', '1 reads a PDF answer to text (paragraphs; json gives its title and page_count) instead of refusing it as a binary');

export const FetchQuery = Type.Object({ url: Url, format: FormatParam, main: Main, max: Max, links: Links, render: Render, pdf: Pdf });

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
