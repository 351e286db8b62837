// Route words rewritten for a model: no HTML, no query-string syntax, routes by tool name.

import { describe, expect, it } from 'vitest';
import { flagDescription, forModel, toolDescription } from './describe.js';

const toolOf = (path: string) => ({ '/liquor/brands': 'liquor_brands', '/fetch': 'fetch' })[path];

describe('descriptions for a model', () => {
  it('keeps the text of a link and drops its tags', () => {
    expect(forModel('Offline data: <a href="https://db-ip.com">IP Geolocation by DB-IP</a> (CC BY 4.0)', toolOf)).toBe(
      'Offline data: IP Geolocation by DB-IP (CC BY 4.0)',
    );
  });

  it('names a route by the tool that answers it, and leaves other paths and URLs alone', () => {
    expect(forModel('a brand slug as /liquor/brands lists it', toolOf)).toBe('a brand slug as liquor_brands lists it');
    expect(forModel('each read like /fetch', toolOf)).toBe('each read like fetch');
    expect(forModel('see /nowhere or https://example.com/fetch and upi://pay', toolOf)).toBe('see /nowhere or https://example.com/fetch and upi://pay');
  });

  it('writes query syntax as words: ?x=, x=value, flags as true or false, and no "+ for spaces"', () => {
    expect(forModel('one city (?city=), or the cities (?type=city)', toolOf)).toBe('one city (city), or the cities (type city)');
    expect(forModel('viewport height (with full_page=1, the least height)', toolOf, ['full_page'])).toBe(
      'viewport height (with full_page true, the least height)',
    );
    expect(forModel('2953 bytes at ecc=L', toolOf)).toBe('2953 bytes at ecc L');
    expect(forModel('a city name; case-insensitive, + for spaces', toolOf)).toBe('a city name; case-insensitive');
  });

  it('describes a 0|1 flag by true and false', () => {
    expect(flagDescription('1 isolates the main article, 0 keeps the whole page')).toBe('true isolates the main article; false keeps the whole page');
  });

  it('says that search is a web search', () => {
    expect(toolDescription('/search', 'Metasearch: results merged across engines', toolOf, [])).toMatch(/^Web search/);
  });

  it("writes the date rule as its format, which the route's 400 says in full", () => {
    expect(forModel('a real calendar date written YYYY-MM-DD for the periods running (default: today)', toolOf)).toBe(
      'YYYY-MM-DD: for the periods running (default: today)',
    );
    expect(forModel('a real calendar date written YYYYMMDD or YYYY-MM-DD (e.g. 20261121)', toolOf)).toBe('YYYYMMDD or YYYY-MM-DD (e.g. 20261121)');
  });

  it('ends a description with when to choose the tool', () => {
    expect(toolDescription('/fetch', 'Readable content of one page', toolOf, [])).toBe(
      'Readable content of one page. One known URL; its linked pages too: crawl; links only: map.',
    );
  });
});
