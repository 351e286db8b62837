import { describe, expect, it } from 'vitest';
import { parseSitemap } from './sitemap.js';

describe('sitemaps', () => {
  it('reads a urlset, decoding entities and CDATA', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://e.com/a?x=1&amp;y=2</loc><lastmod>2024-01-01</lastmod></url>
  <url><loc><![CDATA[https://e.com/b]]></loc></url>
  <url><loc>ftp://e.com/c</loc></url>
</urlset>`;
    expect(parseSitemap(xml)).toEqual({ urls: ['https://e.com/a?x=1&y=2', 'https://e.com/b'], sitemaps: [] });
  });
  it('reads a sitemap index', () => {
    const xml = '<sitemapindex><sitemap><loc>https://e.com/s1.xml</loc></sitemap><sitemap><loc>https://e.com/s2.xml</loc></sitemap></sitemapindex>';
    expect(parseSitemap(xml).sitemaps).toEqual(['https://e.com/s1.xml', 'https://e.com/s2.xml']);
  });
  it('reads a plain-text sitemap', () => {
    expect(parseSitemap('https://e.com/1\nhttps://e.com/2\n').urls).toEqual(['https://e.com/1', 'https://e.com/2']);
  });
});
