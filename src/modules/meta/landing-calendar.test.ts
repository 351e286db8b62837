import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fixtureClock } from '../../../test/helpers/clock.js';
import { MODULES } from '../../modules.js';

type Built = Awaited<ReturnType<typeof testApp>>;
const HTML = { accept: 'text/html' };
const astro = MODULES.filter((m) => m.name === 'astro');

/** The table cell of one date (from its <td to the next). */
const cellOf = (html: string, date: string) => html.match(new RegExp(`<td[^>]*><time datetime="${date}">[\\s\\S]*?</td>`))?.[0] ?? '';

describe("the landing page's month calendar", () => {
  let b: Built;
  beforeAll(async () => {
    // 25 Nov 2026 in India: the month of Diwali (8 Nov at Delhi).
    b = await testApp({}, { modules: astro, now: fixtureClock('2026-11-25T06:30:00.000Z') });
  });
  afterAll(() => b.close());

  it('shows the clock’s month at Delhi as a 7-column table, Diwali emphasised on its day, today marked', async () => {
    const html = (await b.app.inject({ url: '/', headers: HTML })).body;
    expect(html).toContain('<h2 id="calendar">Hindu calendar this month</h2>');
    expect(html).toContain('<caption>November 2026, Delhi</caption>');
    expect([...html.matchAll(/<th scope="col">/g)]).toHaveLength(7);
    const rows = [...html.matchAll(/<tr>((?:<td[\s\S]*?<\/td>)+)<\/tr>/g)].map((m) => [...m[1]!.matchAll(/<td/g)].length);
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.every((n) => n === 7)).toBe(true);
    // 1 Nov 2026 is a Sunday: the first cell of the first row.
    expect(html).toMatch(/<tbody><tr><td><time datetime="2026-11-01">1<\/time>/);
    const diwali = cellOf(html, '2026-11-08');
    expect(diwali).toContain('<strong>Diwali (Lakshmi Puja)</strong>');
    expect(diwali).toContain('<span class="tithi">Krishna Chaturdashi</span>');
    // A vrat is listed but not emphasised; a day kept by both schools names it once.
    expect(cellOf(html, '2026-11-06')).toMatch(/<li>Pradosh Vrat \(Krishna\)<\/li>/);
    expect(cellOf(html, '2026-11-05').match(/Rama Ekadashi/g)).toHaveLength(1);
    expect(cellOf(html, '2026-11-25')).toMatch(/^<td class="today" aria-current="date">/);
    expect(html).toContain('<div class="cal-wrap" role="region" tabindex="0" aria-label="November 2026, Delhi">');
  });

  it('is the data /panchang/month answers, and links it as JSON and as .ics subscriptions that answer', async () => {
    const html = (await b.app.inject({ url: '/', headers: HTML })).body;
    const json = '/panchang/month?city=delhi&year=2026&month=11';
    // Only landing requests asked for the month before: the route answers it from the cache they filled.
    const month = (await b.app.inject(json)).json() as { cached: boolean; days: { date: string; tithi: { name: string }; festivals: { name: string }[] }[] };
    expect(month.cached).toBe(true);
    for (const href of [json, `${json}&format=ics`, '/panchang/festivals?city=delhi&year=2026&format=ics']) {
      expect(html).toContain(`href="${href.replaceAll('&', '&amp;')}"`);
      expect((await b.app.inject(href)).statusCode).toBe(200);
    }
    for (const d of month.days) {
      const cell = cellOf(html, d.date);
      expect(cell).toContain(`<span class="tithi">${d.tithi.name}</span>`);
      for (const f of d.festivals) expect(cell).toContain(f.name.replaceAll('&', '&amp;'));
    }
  });

  it('names the month in the language asked (?lang=hi): weekdays, tithis and observances, the links keeping the language', async () => {
    const html = (await b.app.inject({ url: '/?lang=hi', headers: HTML })).body;
    expect(html).toContain('<table class="cal" lang="hi"><caption lang="en">November 2026, Delhi</caption>');
    // CLDR's Hindi weekday for Sunday; the Hindi tithi and Diwali's Hindi name from the tables.
    expect(html).toContain('<th scope="col" lang="hi">रविवार</th>');
    const diwali = cellOf(html, '2026-11-08');
    expect(diwali).toContain('<span class="tithi">चतुर्दशी</span>');
    expect(diwali).toContain('<strong>दीपावली</strong>');
    expect(html).toContain('href="/panchang/month?city=delhi&amp;year=2026&amp;lang=hi&amp;month=11"');
    expect(html).toMatch(/Names in: <a href="\/#calendar">en<\/a> · <strong>hi<\/strong>/);
    // The JSON listing takes the same query and ignores it; an unknown language is a 400.
    expect((await b.app.inject({ url: '/?lang=hi' })).json()).toMatchObject({ status: 'ok' });
    expect((await b.app.inject({ url: '/?lang=xx', headers: HTML })).statusCode).toBe(400);
  });

  it('is absent when the astro group is not served', async () => {
    const bare = await testApp({}, { modules: [] });
    try {
      const html = (await bare.app.inject({ url: '/', headers: HTML })).body;
      expect(html).not.toContain('id="calendar"');
    } finally {
      await bare.close();
    }
  });
});
