import { describe, expect, it } from 'vitest';
import { parseRobots, productToken } from './robots.js';

const UA = 'jankari-fetch/0.1 (+https://github.com/jankari; reader bot)';

describe('robots.txt', () => {
  const txt = `# comment
User-agent: *
Disallow: /private
Allow: /private/open
Disallow: /*.json$

User-agent: otherbot
Disallow: /

Sitemap: https://example.com/sitemap-a.xml
sitemap: https://example.com/sitemap-b.xml`;

  it('applies the * group with longest-match and allow on ties', () => {
    const r = parseRobots(txt, UA);
    expect(r.allows('/')).toBe(true);
    expect(r.allows('/private/x')).toBe(false);
    expect(r.allows('/private/open/page')).toBe(true);
    expect(r.allows('/data.json')).toBe(false);
    expect(r.allows('/data.json?x=1')).toBe(true);
    expect(r.sitemaps).toEqual(['https://example.com/sitemap-a.xml', 'https://example.com/sitemap-b.xml']);
  });

  it('prefers the group naming our product token', () => {
    const r = parseRobots('User-agent: *\nDisallow:\n\nUser-agent: jankari-fetch\nDisallow: /no', UA);
    expect(productToken(UA)).toBe('jankari-fetch');
    expect(r.allows('/no/x')).toBe(false);
    expect(r.allows('/yes')).toBe(true);
  });

  it('treats an empty Disallow as allowing everything, and always allows robots.txt', () => {
    const r = parseRobots('User-agent: *\nDisallow:', UA);
    expect(r.allows('/anything')).toBe(true);
    expect(parseRobots('User-agent: *\nDisallow: /', UA).allows('/robots.txt')).toBe(true);
  });
});
