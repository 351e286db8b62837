// Sitemaps (sitemaps.org protocol): a <urlset> of <url><loc>, or a <sitemapindex> of
// <sitemap><loc> pointing at more sitemaps. Read with a tolerant regex pass: sitemaps
// are machine-written, and a full XML parser buys nothing here. Plain-text sitemaps
// (one URL per line) are accepted too, as the protocol allows.

export interface ParsedSitemap {
  urls: string[];
  /** Child sitemaps of a sitemap index. */
  sitemaps: string[];
}

const decodeXml = (s: string) =>
  s
    .replace(/<!\[CDATA\[([\s\S]*?)\]\]>/g, '$1')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();

export function parseSitemap(text: string): ParsedSitemap {
  const urls: string[] = [];
  const sitemaps: string[] = [];
  if (!/<(\w+:)?(urlset|sitemapindex)[\s>]/i.test(text)) {
    for (const line of text.split(/\r?\n/)) if (/^https?:\/\/\S+$/.test(line.trim())) urls.push(line.trim());
    return { urls, sitemaps };
  }
  const block = /<(?:\w+:)?(url|sitemap)\b[^>]*>([\s\S]*?)<\/(?:\w+:)?\1>/gi;
  for (const m of text.matchAll(block)) {
    const loc = /<(?:\w+:)?loc\b[^>]*>([\s\S]*?)<\/(?:\w+:)?loc>/i.exec(m[2]);
    if (!loc) continue;
    const u = decodeXml(loc[1]);
    if (!/^https?:\/\//i.test(u)) continue;
    (m[1].toLowerCase() === 'sitemap' ? sitemaps : urls).push(u);
  }
  return { urls, sitemaps };
}
