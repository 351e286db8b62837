import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { pageStatements, sentences, statedAmounts } from './statements.js';

describe('what a page says about itself', () => {
  it('collects the title, meta tags and the JSON-LD page name and description, not FAQ or breadcrumbs', () => {
    const $ = cheerio.load(`<html><head><title>Petrol Price in Bangalore, Rs. 111.11/Ltr | Goodreturns</title>
      <meta name="description" content="Today&#39;s Bangalore Petrol Price is Rs. 111.11 per litre.">
      <script type="application/ld+json">{"@context":"https://schema.org","@graph":[{"@type":"WebPage","name":"Petrol Price in Bangalore","description":"Rs. 111.11 per litre"},{"@type":"BreadcrumbList","name":"Home"}]}</script>
      <script type="application/ld+json">{"@type":"FAQPage","name":"yesterday Rs. 111.68"}</script>
      <script type="application/ld+json">{ not json</script></head><body></body></html>`);
    expect(pageStatements($)).toEqual([
      { where: 'the title', text: 'Petrol Price in Bangalore, Rs. 111.11/Ltr | Goodreturns' },
      { where: 'the meta description', text: "Today's Bangalore Petrol Price is Rs. 111.11 per litre." },
      { where: 'the JSON-LD WebPage name', text: 'Petrol Price in Bangalore' },
      { where: 'the JSON-LD WebPage description', text: 'Rs. 111.11 per litre' },
    ]);
  });

  it('cuts sentences at bars and full stops, never inside "Rs. 111.11"', () => {
    expect(sentences('Price is Rs. 111.11 per litre. Check the history | Goodreturns')).toEqual([
      'Price is Rs. 111.11 per litre',
      'Check the history',
      'Goodreturns',
    ]);
  });

  it('reads amounts marked as rupees or written with a unit, in every way they are written', () => {
    expect(statedAmounts('Petrol Rate Today (6th Sep, 2026), Rs. 111.11/Ltr')).toEqual([{ value: 111.11, unit: 'ltr', rupees: true }]);
    expect(statedAmounts('is ₹111.11 per litre, was ₹ 111.68')).toEqual([
      { value: 111.11, unit: 'litre', rupees: true },
      { value: 111.68, unit: '', rupees: true },
    ]);
    expect(statedAmounts('INR 1,02,450 per 10 grams')).toEqual([{ value: 102450, unit: '10 grams', rupees: true }]);
    expect(statedAmounts('94.72 / L in 2026')).toEqual([{ value: 94.72, unit: 'l', rupees: false }]);
  });
});
