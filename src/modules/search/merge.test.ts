import { describe, expect, it } from 'vitest';
import { cleanUrl, lowValueMatcher, mergeResults, urlKey } from './merge.js';

describe('url identity', () => {
  it('ignores scheme, www, default ports, trailing slashes, fragments and tracking parameters', () => {
    const same = [
      'https://www.example.com/a/b/',
      'http://example.com/a/b',
      'https://example.com:443/a/b?utm_source=x&utm_medium=y',
      'http://EXAMPLE.com:80/a/b#section',
      'https://example.com/a/b?fbclid=1&gclid=2',
    ];
    expect(new Set(same.map(urlKey)).size).toBe(1);
  });

  it('keeps what changes the page: other ports, paths and real query parameters (in any order)', () => {
    expect(urlKey('https://example.com:8443/a')).not.toBe(urlKey('https://example.com/a'));
    expect(urlKey('https://example.com/a?id=1')).not.toBe(urlKey('https://example.com/a?id=2'));
    expect(urlKey('https://example.com/a?x=1&y=2')).toBe(urlKey('https://example.com/a?y=2&x=1'));
    expect(urlKey('https://example.com/caf%C3%A9')).toBe(urlKey('https://example.com/café'));
  });

  it('removes tracking parameters from the URL users see and nothing else', () => {
    expect(cleanUrl('https://example.com/a?id=7&utm_campaign=z#top')).toBe('https://example.com/a?id=7');
    expect(cleanUrl('https://example.com/a?utm_source=x')).toBe('https://example.com/a');
  });
});

describe('low-value domains', () => {
  const drop = lowValueMatcher(['quora.com', 'pinterest.*']);
  it('drops listed domains, their subdomains and any suffix of a "name.*" entry', () => {
    expect(drop('https://www.quora.com/What-is')).toBe(true);
    expect(drop('https://in.pinterest.com/pin/1')).toBe(true);
    expect(drop('https://pinterest.co.uk/x')).toBe(true);
    expect(drop('https://notquora.com/')).toBe(false);
    expect(drop('https://pinterest.example.org.in/x')).toBe(false);
    expect(drop('https://en.wikipedia.org/wiki/Pinterest')).toBe(false);
  });
});

describe('merging', () => {
  const hit = (url: string, title = 't', snippet = 's', published?: string) => ({ url, title, snippet, ...(published ? { published } : {}) });

  it('merges one URL from several engines into one result with its engines and agreement', () => {
    const merged = mergeResults([
      { engine: 'bing', weight: 1, hits: [hit('http://example.com/a/', 'Short', 'a longer snippet from bing'), hit('https://b.org/')] },
      { engine: 'brave', weight: 1, hits: [hit('https://www.example.com/a?utm_source=brave', 'A longer title', 'short')] },
    ]);
    expect(merged).toHaveLength(2);
    expect(merged[0]).toMatchObject({
      url: 'https://www.example.com/a',
      title: 'A longer title',
      snippet: 'a longer snippet from bing',
      engines: ['bing', 'brave'],
      agreement: 2,
      positions: [1, 1],
    });
  });

  it('scores as SearXNG does: weights × engines × Σ 1/position, so agreement beats one first place', () => {
    const merged = mergeResults([
      { engine: 'a', weight: 1, hits: [hit('https://one.example/'), hit('https://both.example/')] },
      { engine: 'b', weight: 1, hits: [hit('https://two.example/'), hit('https://both.example/')] },
    ]);
    expect(merged[0].url).toBe('https://both.example/');
    expect(merged[0].score).toBeCloseTo(2 * (1 / 2 + 1 / 2));
    expect(merged[1].score).toBeCloseTo(1);
    const weighted = mergeResults([
      { engine: 'a', weight: 1, hits: [hit('https://one.example/')] },
      { engine: 'b', weight: 1.5, hits: [hit('https://two.example/')] },
    ]);
    expect(weighted[0].url).toBe('https://two.example/');
  });

  it('drops low-value URLs before ranking so they do not take a position', () => {
    const merged = mergeResults(
      [{ engine: 'a', weight: 1, hits: [hit('https://www.pinterest.com/x'), hit('https://good.example/')] }],
      lowValueMatcher(['pinterest.*']),
    );
    expect(merged.map((m) => [m.url, m.best_position])).toEqual([['https://good.example/', 1]]);
  });

  it('counts a URL an engine lists twice once, and keeps the newest published date', () => {
    const merged = mergeResults([
      { engine: 'a', weight: 1, hits: [hit('https://x.example/', 't', 's', '2026-01-01T00:00:00.000Z'), hit('https://x.example')] },
      { engine: 'b', weight: 1, hits: [hit('https://x.example/', 't', 's', '2026-02-01T00:00:00.000Z')] },
    ]);
    expect(merged).toHaveLength(1);
    expect(merged[0]).toMatchObject({ agreement: 2, positions: [1, 1], published: '2026-02-01T00:00:00.000Z' });
  });

  it('skips hits whose URL cannot be parsed', () => {
    expect(mergeResults([{ engine: 'a', weight: 1, hits: [hit('not a url'), hit('https://ok.example/')] }]).map((m) => m.url)).toEqual(['https://ok.example/']);
  });
});
