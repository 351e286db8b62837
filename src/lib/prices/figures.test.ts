import * as cheerio from 'cheerio';
import { describe, expect, it } from 'vitest';
import { moneyFigures } from './figures.js';

const figures = (body: string) => moneyFigures(cheerio.load(`<html><body>${body}</body></html>`)).map(({ at: _at, ...f }) => f);

describe('price figures outside tables', () => {
  it('reads a figure with its unit beside it, the heading before it and the block around it', () => {
    expect(
      figures(`<h1>Petrol Price in Bangalore</h1><div class="meta"><span class="fp-price-big" id="fp-price">&#8377;111.11</span><span id="fp-price-unit">/ Ltr</span>
        <div>Updated on: 6th Sep, 2026</div></div>`),
    ).toEqual([
      {
        value: 111.11,
        unit: 'ltr',
        rupees: true,
        text: '₹111.11',
        heading: 'Petrol Price in Bangalore',
        context: '₹111.11/ Ltr Updated on: 6th Sep, 2026',
        marks: '#fp-price.fp-price-big .meta',
      },
    ]);
  });

  it('takes a figure split over elements as one, and a bare amount only with its unit', () => {
    const got = figures(
      `<h2>Diesel</h2><p class="p"><span>&#x20b9;</span><b> 90.03 </b></p><p>Rs. 1,234</p><p><span>94.72</span> <span>/ Ltr</span></p><p>0.57</p><p>-0.57</p>`,
    );
    expect(got.map((f) => [f.value, f.unit, f.rupees])).toEqual([
      [90.03, '', true],
      [1234, '', true],
      [94.72, 'ltr', false],
    ]);
  });

  it('leaves out tables, scripts and figures in running text', () => {
    expect(
      figures(
        '<table><tr><td>₹ 94.72</td></tr></table><script>var p="₹ 94.72"</script><p>Petrol costs <b>₹ 94.72</b> per litre in Delhi today, as every day this week.</p><p>Today it is at &#8377;<b>103.50</b> per litre, unchanged.</p>',
      ),
    ).toEqual([]);
    expect(figures('<p class="price">₹ 94.72</p>').map((f) => f.value)).toEqual([94.72]);
  });
});
