import { describe, expect, it } from 'vitest';
import { parseHtml } from './dom.js';
import { extractMetadata, normalizeLang } from './metadata.js';

const meta = (head: string, attrs = '') =>
  extractMetadata(parseHtml(`<html ${attrs}><head>${head}</head><body><h1>Heading</h1></body></html>`), 'https://news.example/a/b?x=1');

describe('page metadata', () => {
  it('prefers Dublin Core to Open Graph, as Readability does', () => {
    const m = meta(
      '<meta property="og:title" content="OG title"><meta name="dc.title" content="DC title"><meta property="og:description" content="og"><meta property="dc:description" content="dc">',
    );
    expect(m).toMatchObject({ title: 'DC title', description: 'dc' });
  });

  it('decodes entities a publisher escaped twice, but not the parameters of a URL', () => {
    const m = meta(
      '<meta property="og:description" content="That&amp;#039;s &amp;quot;it&amp;quot; &amp;#x1F62D;"><meta property="og:image" content="/i.jpg?f=webp&amp;region=us">',
    );
    expect(m.description).toBe('That\'s "it" 😭');
    expect(m.image).toBe('https://news.example/i.jpg?f=webp&region=us');
  });

  it('prefers Open Graph, then plain meta tags, then Twitter cards, then the document title', () => {
    const m = meta(
      '<title>Doc | Site</title><meta name="description" content="plain"><meta name="twitter:description" content="tw"><meta property="og:title" content="OG title"><meta property="og:site_name" content="Site">',
    );
    expect(m).toMatchObject({ title: 'OG title', description: 'plain', site_name: 'Site' });
    expect(meta('<meta name="twitter:description" content="tw">').description).toBe('tw');
    expect(meta('<title>Doc | Site</title>').title).toBe('Doc | Site');
  });

  it('strips the site name from a document title', () => {
    expect(meta('<title>Monsoon arrives | The Times</title><meta property="og:site_name" content="The Times">').title).toBe('Monsoon arrives');
    expect(meta('<title>Only a title</title>').title).toBe('Only a title');
    // No site name known: the part before the last separator, when it still reads as a title.
    expect(meta('<title>Get your code covered | Code | Nicolas</title>').title).toBe('Get your code covered | Code');
  });

  it('makes image and canonical absolute, honouring <base>', () => {
    const m = meta('<base href="https://cdn.example/root/"><meta property="og:image" content="img/x.png"><link rel="canonical" href="/canon">');
    expect(m.image).toBe('https://cdn.example/root/img/x.png');
    expect(m.canonical).toBe('https://cdn.example/canon');
    expect(meta('').canonical).toBe('https://news.example/a/b?x=1');
  });

  it('reads JSON-LD when meta tags are missing, and knows an article', () => {
    const m = meta(
      '<script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"NewsArticle","headline":"LD headline","description":"LD desc","image":{"url":"/ld.jpg"}},{"@type":"WebSite","name":"LD Site"}]}</script>',
    );
    expect(m).toMatchObject({ title: 'LD headline', description: 'LD desc', image: 'https://news.example/ld.jpg', site_name: 'LD Site', article: true });
    expect(meta('<script type="application/ld+json">{broken</script>').title).toBe('Heading');
  });

  it('normalises the language tag', () => {
    expect(meta('', 'lang="en_us"').lang).toBe('en-US');
    expect(meta('<meta property="og:locale" content="hi_IN">').lang).toBe('hi-IN');
    expect(normalizeLang('zh-hant-tw')).toBe('zh-Hant-TW');
    expect(normalizeLang('not a language')).toBe('');
  });
});
