// Selectors of the kinds real include/exclude lists use (Firecrawl includeTags/excludeTags, Jina
// X-Target-Selector/X-Remove-Selector, scraper configs): what the shape limits must accept and
// the one-pass matcher must match as css-select does. Written for the tests, not collected.

export const REAL_SELECTORS = [
  'nav',
  'footer',
  '.ad',
  '#cookie-banner',
  'article > p',
  'div[class*="share"]',
  'main :is(h1,h2)',
  'li:has(> a)',
  '.a ~ .b',
  'h2 + p',
  'div:has(img)',
  'section:has(h2.title, > p)',
  'ul li:nth-child(2n+1) a[href^="https:"]',
  'tr:nth-last-of-type(1) td:first-child',
  ':not(nav, footer) > p:not(.meta)',
  ':where(header, aside) a:not([rel~=nofollow])',
  'html body div#main > div.content article.post p',
  'body > :not(:has(> main))',
];
