// /panchang/month and /panchang/festivals through the app: the JSON answers in their published
// schema, the cache, the errors, and format=ics read back by a well-kept parser (ical.js).

import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { documentedAnswers } from '../../../test/helpers/answers.js';
import { astroModule } from './index.js';
import { xmlTextFault } from '../../lib/xml/index.js';
import { foldLine, toIcs } from './calendar/ics.js';

let t: Awaited<ReturnType<typeof testApp>>;
const get = (url: string) => t.app.inject({ url });
const answers = documentedAnswers();

beforeAll(async () => {
  t = await testApp({}, { modules: [astroModule], now: () => new Date('2025-11-22T03:00:00Z'), beforeReady: answers.record });
});
afterAll(() => t.close());

describe('GET /panchang/month', () => {
  it('defaults to the current month and year in India (the clock is 2025-11-22)', async () => {
    const r = await get('/panchang/month?city=delhi');
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json()).toMatchObject({ year: 2025, month: 11 });
    const y = await get('/panchang/festivals?city=delhi');
    expect(y.statusCode, y.body).toBe(200);
    expect(y.json()).toMatchObject({ year: 2025 });
  });

  it('answers every civil day of May 2026 in Delhi with limbs at sunrise, the lunar month and the festivals, then from the cache', async () => {
    const r = await get('/panchang/month?city=delhi&year=2026&month=5');
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json();
    expect(b.days).toHaveLength(31);
    expect(b.cached).toBe(false);
    const may1 = b.days[0];
    expect(may1).toMatchObject({ date: '2026-05-01', weekday: 'Friday', tithi: { name: 'Purnima' }, paksha: 'Shukla' });
    expect(may1.festivals.map((f: { id: string }) => f.id)).toContain('buddha-purnima');
    expect(b.days.find((d: { date: string }) => d.date === '2026-05-20').lunar_month.amanta).toMatchObject({ name: 'Jyeshtha', adhika: true });
    await answers.check(t.app, '/panchang/month?city=delhi&year=2026&month=5');
    const again = await get('/panchang/month?city=delhi&year=2026&month=5');
    expect(again.json().cached).toBe(true);
  });

  it('rejects month 13 naming the parameter', async () => {
    const r = await get('/panchang/month?city=delhi&year=2026&month=13');
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(/month/);
  });
});

describe('GET /panchang/festivals', () => {
  it("lists the year's observances for a place, each with names, a rule and a source", async () => {
    const r = await get('/panchang/festivals?latitude=13.0827&longitude=80.2707&year=2025');
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json();
    expect(b.count).toBe(b.festivals.length);
    expect(b.count).toBeGreaterThan(200);
    const diwali = b.festivals.find((f: { id: string }) => f.id === 'diwali');
    expect(diwali).toMatchObject({ date: '2025-10-20', names: { hi: 'दीपावली' }, month_system: 'amanta' });
    expect(diwali.rule).toMatch(/pradosh/);
    expect(b.place.timezone_source).toBe('Asia/Kolkata');
    await answers.check(t.app, '/panchang/festivals?latitude=13.0827&longitude=80.2707&year=2025');
  });

  it('writes the English year from its cached text as the object writer would: same fields, same order, the same rows as lang=hi gives', async () => {
    const url = '/panchang/festivals?latitude=61.5&longitude=24.9&tz=%2B02:00&year=1957';
    const first = await get(url);
    expect(first.statusCode, first.body).toBe(200);
    const b = first.json();
    expect(first.body).toBe(JSON.stringify(b));
    expect(Object.keys(b)).toEqual(['status', 'year', 'place', 'settings', 'count', 'festivals', 'cached']);
    expect(b).toMatchObject({ status: 'ok', year: 1957, count: b.festivals.length, cached: false, settings: { names: { lang: 'en' } } });
    // Answered from the cache: the same year, now said to be cached.
    const again = (await get(url)).json();
    expect(again).toEqual({ ...b, cached: true });
    // The parsed path (a language other than English) gives the same rows, with their local names added.
    const hindi = (await get(`${url}&lang=hi`)).json();
    expect(hindi.festivals.map(({ local_name, ...f }: { local_name?: string }) => f)).toEqual(b.festivals);
    expect(hindi.count).toBe(b.count);
  });

  it('format=ics: an RFC 5545 calendar of all-day events that ical.js reads back, folded at 75 octets with CRLF', async () => {
    const r = await get('/panchang/festivals?city=delhi&year=2026&format=ics');
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toMatch(/^text\/calendar/);
    const text = r.body;
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    const cal = new ICAL.Component(ICAL.parse(text));
    const events = cal.getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.length).toBeGreaterThan(200);
    const uids = events.map((e) => e.uid);
    expect(new Set(uids).size).toBe(uids.length);
    const diwali = events.find((e) => e.summary === 'Diwali (Lakshmi Puja)')!;
    expect(diwali.startDate.isDate).toBe(true);
    expect(diwali.startDate.toString()).toBe('2026-11-08');
    expect(diwali.endDate.toString()).toBe('2026-11-09');
    expect(diwali.component.getFirstPropertyValue('dtstamp')).toBeTruthy();
    // Stable: the same request gives the same UIDs.
    const again = await get('/panchang/festivals?city=delhi&year=2026&format=ics');
    expect(again.body.match(/^UID:.*$/gm)).toEqual(text.match(/^UID:.*$/gm));
  });

  it('format=ics lists an observance both schools keep on the same day once, naming both (Janmashtami, the ekadashis)', async () => {
    const json = (await get('/panchang/festivals?city=delhi&year=2026')).json() as { festivals: { id: string; name: string; date: string; school?: string }[] };
    const text = (await get('/panchang/festivals?city=delhi&year=2026&format=ics')).body;
    const events = new ICAL.Component(ICAL.parse(text)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    const bySchool = new Map<string, string[]>();
    for (const f of json.festivals.filter((x) => x.school)) bySchool.set(`${f.date}|${f.name}`, [...(bySchool.get(`${f.date}|${f.name}`) ?? []), f.school!]);
    const shared = [...bySchool].filter(([, schools]) => schools.length === 2);
    expect(shared.map(([k]) => k)).toContain(`${json.festivals.find((f) => f.id === 'janmashtami')!.date}|Krishna Janmashtami`);
    for (const [k] of shared) {
      const [date, name] = k.split('|') as [string, string];
      const same = events.filter((e) => e.startDate.toString() === date && e.summary.startsWith(name));
      expect(
        same.map((e) => e.summary),
        k,
      ).toEqual([`${name} (smarta and vaishnava)`]);
    }
    // A school alone on its day still says which.
    const alone = [...bySchool].find(([, schools]) => schools.length === 1)!;
    const [date, name] = alone[0].split('|') as [string, string];
    expect(events.find((e) => e.startDate.toString() === date && e.summary.startsWith(name))!.summary).toBe(`${name} (${alone[1][0]})`);
  });

  it('names the month of a purnimanta observance in the purnimanta count (Janmashtami: Bhadrapada, not Shravana)', async () => {
    const json = (await get('/panchang/festivals?city=delhi&year=2026')).json() as { festivals: { id: string; month_system: string; lunar_month?: string }[] };
    const jan = json.festivals.filter((f) => f.id === 'janmashtami');
    expect(jan.length).toBeGreaterThan(0);
    for (const f of jan) expect(f).toMatchObject({ month_system: 'purnimanta', lunar_month: 'Bhadrapada (purnimanta)' });
    // An amanta row keeps its amanta month.
    expect(json.festivals.find((f) => f.id === 'diwali')!.lunar_month).toMatch(/\(amanta\)$/);
  });

  it('format=ics on the month too', async () => {
    const r = await get('/panchang/month?city=delhi&year=2025&month=10&format=ics');
    expect(r.statusCode).toBe(200);
    const events = new ICAL.Component(ICAL.parse(r.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toContain('Dussehra (Vijayadashami)');
  });

  it('takes no user text into the file: a city must be a known town (400), and its name is data', async () => {
    // Punctuation is not part of a town's name, so this is Delhi, written as the data spells it.
    const r = await get('/panchang/festivals?city=delhi%EF%BF%BE&year=2026&format=ics');
    expect(r.statusCode).toBe(200);
    expect(r.body).not.toContain('\uFFFE');
    const unknown = await get('/panchang/festivals?city=delhix%EF%BF%BE&year=2026&format=ics');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_PARAMETER', param: 'city' });
  });

  it('writes text with characters a calendar file may not carry as U+FFFD, and a lone CR as an escaped line break', () => {
    const text = toIcs(
      'Cal\u0001endar',
      'k',
      [{ id: 'x', date: '2026-01-01', summary: 'A\ufffeB\rC', description: 'D\u0085E\ud800', category: 'F\u007f' }],
      new Date(0),
    );
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    expect(xmlTextFault(text.replace(/\r\n/g, ''))).toBeUndefined();
    const event = new ICAL.Event(new ICAL.Component(ICAL.parse(text)).getFirstSubcomponent('vevent')!);
    expect(event.summary).toBe('A\ufffdB\nC');
    expect(event.description).toBe('D\ufffdE\ufffd');
  });

  it('folds a line of Devanagari without splitting a character', () => {
    const line = `DESCRIPTION:${'दीपावली '.repeat(20)}`;
    const folded = foldLine(line).split('\r\n');
    expect(folded.length).toBeGreaterThan(1);
    for (const l of folded) expect(Buffer.byteLength(l)).toBeLessThanOrEqual(75);
    expect(folded.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(line);
  });
});

describe('calendar=: the regional solar calendars', () => {
  it('/panchang adds the Tamil, Malayalam, Bengali and Odia dates of the day, each with its rule and era', async () => {
    const r = await get('/panchang?city=chennai&date=2024-08-17&calendar=odia,tamil,malayalam,bengali&muhurtas=0');
    expect(r.statusCode, r.body).toBe(200);
    const s = r.json().solar_calendars;
    expect(Object.keys(s)).toEqual(['tamil', 'malayalam', 'bengali', 'odia']);
    expect(s.malayalam).toMatchObject({ month: { name: 'Chingam', number: 1 }, day: 1, year: { number: 1200, era: 'Kollam (ME)' } });
    expect(s.tamil).toMatchObject({ month: { name: 'Avani', native: 'ஆவணி' }, year: { name: 'Krodhi' } });
    expect(s.bengali.year).toMatchObject({ number: 1431, era: 'Bangabda' });
    expect(s.odia.rule).toMatch(/Orissa rule/);
    await answers.check(t.app, '/panchang?city=chennai&date=2024-08-17&calendar=odia,tamil,malayalam,bengali&muhurtas=0');
    const plain = await get('/panchang?city=chennai&date=2024-08-17&muhurtas=0');
    expect(plain.json().solar_calendars).toBeUndefined();
  });

  it('/panchang/month gives each day a column per calendar asked', async () => {
    const r = await get('/panchang/month?city=kolkata&year=2026&month=4&calendar=bengali');
    expect(r.statusCode, r.body).toBe(200);
    const days = r.json().days;
    const boishakh1 = days.find((d: { solar_calendars: { bengali: { day: number; month: { name: string } } } }) => d.solar_calendars.bengali.day === 1);
    expect(boishakh1).toMatchObject({ date: '2026-04-15', solar_calendars: { bengali: { month: { name: 'Boishakh' }, year: { number: 1433 } } } });
    expect(Object.keys(days[0].solar_calendars)).toEqual(['bengali']);
    await answers.check(t.app, '/panchang/month?city=kolkata&year=2026&month=4&calendar=bengali');
  });

  it('rejects an unknown calendar with a 400 naming the parameter', async () => {
    const r = await get('/panchang?city=delhi&date=2025-01-01&calendar=tamil,klingon');
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(/calendar/);
    expect(r.body).toMatch(/klingon/);
  });
});

describe('lang=: names in the language asked', () => {
  it('/panchang/month in Tamil adds each day’s weekday and month in Tamil and the observances’ Tamil names', async () => {
    const r = await get('/panchang/month?city=chennai&year=2025&month=1&lang=ta');
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json();
    expect(b.settings.names.lang).toBe('ta');
    const d = b.days.find((x: { date: string }) => x.date === '2025-01-14');
    expect(d.local).toMatchObject({ lang: 'ta', weekday: 'செவ்வாய்' });
    expect(d.festivals.find((f: { id: string }) => f.id === 'pongal').local_name).toBe('தைப் பொங்கல்');
    await answers.check(t.app, '/panchang/month?city=chennai&year=2025&month=1&lang=ta');
  });

  it('the .ics summaries are in the language asked where the table has the name', async () => {
    const r = await get('/panchang/festivals?city=delhi&year=2026&format=ics&lang=hi');
    const events = new ICAL.Component(ICAL.parse(r.body)).getAllSubcomponents('vevent').map((v) => new ICAL.Event(v));
    expect(events.map((e) => e.summary)).toContain('दीपावली');
    const json = await get('/panchang/festivals?city=delhi&year=2026&lang=hi');
    expect(json.json().festivals.find((f: { id: string }) => f.id === 'diwali').local_name).toBe('दीपावली');
  });

  it('/panchang in Tamil names the day’s limbs from the table and says which stayed English', async () => {
    const r = await get('/panchang?city=chennai&date=2025-01-14&lang=ta&muhurtas=0');
    expect(r.statusCode, r.body).toBe(200);
    const b = r.json();
    expect(b).toMatchObject({ tithi: { name: 'Krishna Pratipada' }, nakshatra: { name: 'Punarvasu' } });
    expect(b.local).toMatchObject({ lang: 'ta', weekday: 'செவ்வாய்', tithi: 'பிரதமை', paksha: 'தேய்பிறை', nakshatra: 'புனர்பூசம்', moon_sign: 'கடகம்' });
    // Tamil yoga and karana come from the table (third pass), the ritu from the Tamil seasons (Pausha:
    // Hemanta, முன்பனி), the samvatsara (Krodhi, 38) from the cited Tamil pages.
    expect(b.local.yoga).toMatch(/^[\u0b80-\u0bff]+$/);
    expect(b.local.karana).toMatch(/^[\u0b80-\u0bff]+$/);
    expect(b.local.ritu).toBe('முன்பனி');
    expect(b.local.samvatsara).toBe('குரோதி');
    expect(b.local.english_fallback).not.toContain('samvatsara');
    expect(b.local.english_fallback).not.toContain('yoga');
    expect(b.local.english_fallback).not.toContain('ritu');
    await answers.check(t.app, '/panchang?city=chennai&date=2025-01-14&lang=ta&muhurtas=0');
    expect((await get('/panchang?city=chennai&date=2025-01-14&muhurtas=0')).json().local).toBeUndefined();
  });

  it('/panchang in Hindi names the samvatsara in Devanagari from the cited lists', async () => {
    // Shaka 1947 (from Chaitra 2025): number 39, Vishvavasu.
    const b = (await get('/panchang?city=delhi&date=2025-06-01&lang=hi&muhurtas=0')).json();
    expect(b.calendar.samvatsara).toMatchObject({ name: 'Vishvavasu', number: 39 });
    expect(b.local.samvatsara).toBe('विश्वावसु');
    expect(b.local.english_fallback).not.toContain('samvatsara');
  });

  it('/panchang/month names each day’s limbs in the language asked', async () => {
    const b = (await get('/panchang/month?city=chennai&year=2025&month=1&lang=ml')).json();
    const d = b.days.find((x: { date: string }) => x.date === '2025-01-14');
    // Malayalam tithis 1-14 are cited (fourth pass); paksha and this day's yoga were English, listed,
    // until the sixth pass cited them (the paksha as the name in use).
    expect(d.local).toMatchObject({ nakshatra: 'പുണർതം', tithi: 'പ്രതിപദം', paksha: 'കറുത്ത പക്ഷം', yoga: 'വിഷ്കംഭം', english_fallback: [] });
  });

  it('rejects an unknown language naming the parameter', async () => {
    const r = await get('/panchang/month?city=delhi&year=2026&month=1&lang=xx');
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(/lang/);
  });
});

describe('region=: one region’s calendar', () => {
  it('keeps the pan-Indian rows and that region’s own, and drops the other regions’', async () => {
    const all = (await get('/panchang/festivals?city=chennai&year=2026')).json().festivals as { id: string; region?: string }[];
    const tn = (await get('/panchang/festivals?city=chennai&year=2026&region=tamil-nadu')).json();
    expect(tn.settings.region).toBe('tamil-nadu');
    const ids = tn.festivals.map((f: { id: string }) => f.id);
    expect(ids).toEqual(expect.arrayContaining(['bhogi', 'pongal', 'diwali']));
    expect(ids).not.toContain('first-onam');
    expect(tn.festivals.every((f: { region?: string }) => f.region === undefined || f.region === 'tamil-nadu')).toBe(true);
    expect(tn.count).toBe(all.filter((f) => f.region === undefined || f.region === 'tamil-nadu').length);
    await answers.check(t.app, '/panchang/festivals?city=chennai&year=2026&region=tamil-nadu');
    const month = (await get('/panchang/month?city=chennai&year=2026&month=8&region=bengal')).json();
    const mids = month.days.flatMap((d: { festivals: { id: string; region?: string }[] }) => d.festivals);
    expect(mids.every((f: { region?: string }) => f.region === undefined || f.region === 'bengal')).toBe(true);
  });

  it('rejects an unknown region with the valid values', async () => {
    const r = await get('/panchang/festivals?city=delhi&year=2026&region=atlantis');
    expect(r.statusCode).toBe(400);
    expect(r.body).toMatch(/region/);
    expect(r.json().valid_values ?? r.json().error?.valid_values).toContain('kerala');
  });
});

describe('GET /panchang (the day) gains the calendar', () => {
  it('adds the lunar month, samvat years, samvatsara, signs and the day festivals', async () => {
    const r = await get('/panchang?city=delhi&date=2025-10-20');
    expect(r.statusCode).toBe(200);
    const b = r.json();
    expect(b.calendar).toMatchObject({
      lunar_month: { amanta: { name: 'Ashwin', adhika: false }, purnimanta: { name: 'Kartika' } },
      paksha: 'Krishna',
      vikram_samvat: 2082,
      shaka_samvat: 1947,
      samvatsara: { name: 'Vishvavasu' },
      ayana: 'Dakshinayana',
      sun_sign: 'Tula',
    });
    expect(b.calendar.day_length).toMatch(/^\d{2}:\d{2}$/);
    expect(b.festivals.map((f: { id: string }) => f.id)).toContain('diwali');
    await answers.check(t.app, '/panchang?city=delhi&date=2025-10-20');
  });
});
