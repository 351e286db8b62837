// Where the benchmarks find the large public data sets they measure against. They are not part
// of the project (tens of megabytes, several licences), so a clone does not have them: they live
// in a folder named `shared` beside the checkout, or wherever JANKARI_SHARED_DIR points. Tests
// never read this folder; their fixtures are in the repository.
//
// A benchmark names the data sets it needs. When one is missing it says which folder it wants,
// what the data is and where it comes from, and exits with status 2: a clear message instead of
// a stack trace from the first readFileSync.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const SHARED_DIR = process.env.JANKARI_SHARED_DIR || fileURLToPath(new URL('../../../shared/', import.meta.url));

interface DataSet {
  /** Folder (or file) under SHARED_DIR. */
  path: string;
  /** What the benchmark reads inside it; each must exist. */
  reads: string[];
  what: string;
  source: string;
}

export const DATA_SETS = {
  article: {
    path: 'data/article-extraction',
    reads: ['ground-truth.json', 'html'],
    what: 'article-extraction benchmark: 181 news pages (html/<id>.html.gz) with their article text (ground-truth.json)',
    source: 'github.com/scrapinghub/article-extraction-benchmark (MIT)',
  },
  wcxb: {
    path: 'data/wcxb-dev',
    reads: ['ground-truth', 'html'],
    what: 'WCXB development split: 1,497 pages of 7 types with main-content ground truth',
    source: 'github.com/Murrough-Foley/web-content-extraction-benchmark (CC-BY-4.0)',
  },
  markdown: {
    path: 'data/html-to-markdown',
    reads: ['turndown/index.html', 'johanneskaufmann-v2', 'firecrawl-v1'],
    what: 'HTML-to-Markdown golden cases of three converters',
    source: 'github.com/mixmark-io/turndown, github.com/JohannesKaufmann/html-to-markdown, github.com/firecrawl/html-to-markdown (all MIT)',
  },
  metadata: {
    path: 'data/page-metadata',
    reads: ['mozilla-readability-test-pages/pages', 'metascraper/expected.json', 'metascraper/html'],
    what: 'pages with their expected title, description, site name and language',
    source: 'github.com/mozilla/readability test pages (Apache-2.0), github.com/microlinkhq/metascraper fixtures (MIT)',
  },
  stations: {
    path: 'data/railways',
    reads: ['stations.json'],
    what: "datameet's whole Indian Railways station list (GeoJSON, 8,990 features)",
    source: 'github.com/datameet/railways (CC0)',
  },
} satisfies Record<string, DataSet>;

export type DataSetName = keyof typeof DATA_SETS;

/**
 * The folders of the data sets a benchmark needs. When any is missing, prints what is wanted
 * and exits 2 (the caller never sees a half-present data set).
 */
export function requireShared<K extends DataSetName>(bench: string, names: readonly K[]): Record<K, string> {
  const lines: string[] = [];
  for (const name of names) {
    const d: DataSet = DATA_SETS[name];
    const dir = join(SHARED_DIR, d.path);
    const absent = d.reads.filter((r) => !existsSync(join(dir, r)));
    if (!absent.length) continue;
    lines.push(`  ${dir}${existsSync(dir) ? ` (lacks ${absent.join(', ')})` : ''}`, `    what: ${d.what}`, `    from: ${d.source}`);
  }
  if (lines.length) {
    console.error(
      [
        `${bench}: the data it measures against is not here. It is not part of the project; it wants:`,
        ...lines,
        process.env.JANKARI_SHARED_DIR
          ? `JANKARI_SHARED_DIR is ${SHARED_DIR}: put them there, or point it at the folder that holds data/.`
          : `Put them in ${SHARED_DIR} (a folder named "shared" beside the project), or set JANKARI_SHARED_DIR to the folder that holds data/.`,
      ].join('\n'),
    );
    process.exit(2);
  }
  return Object.fromEntries(names.map((n) => [n, join(SHARED_DIR, DATA_SETS[n].path)])) as Record<K, string>;
}
