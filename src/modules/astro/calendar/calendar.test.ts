// The calendar engine against what it must reproduce: the adhika Jyeshtha of 2026, the kshaya and
// vriddhi tithis of a drikpanchang year export (2023), each rule kind on a known case, and a city
// far from Delhi where a festival falls on another civil day.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { OBSERVANCES } from './observances.js';
import { dayView, monthView, yearView } from './views.js';
import type { Place } from './sky.js';

const refs = JSON.parse(readFileSync(new URL('./fixtures/festival-references.json', import.meta.url), 'utf8'));
const DELHI: Place = { lat: 28.6139, lon: 77.209, zone: 'Asia/Kolkata', ayanamsa: 'lahiri' };
const NEW_YORK: Place = { lat: 40.7128, lon: -74.006, zone: 'America/New_York', ayanamsa: 'lahiri' };
const years = new Map<string, ReturnType<typeof yearView>>();
const year = (p: Place, y: number) => {
  const k = `${p.lat}|${p.lon}|${y}`;
  if (!years.has(k)) years.set(k, yearView(p, y));
  return years.get(k)!;
};
const on = (p: Place, y: number, id: string) =>
  year(p, y)
    .filter((f) => f.id === id)
    .map((f) => (f.school ? `${f.date}/${f.school}` : f.date));

describe('the observance table', () => {
  it('has at least 150 observances, each with names in English, Hindi (Devanagari) and Marathi, a rule and a source, ids unique', () => {
    expect(OBSERVANCES.length).toBeGreaterThanOrEqual(150);
    expect(new Set(OBSERVANCES.map((o) => o.id)).size).toBe(OBSERVANCES.length);
    for (const o of OBSERVANCES) {
      expect(o.en, o.id).toMatch(/\w/);
      expect(o.hi, o.id).toMatch(/[\u0900-\u097f]/);
      expect(o.mr, o.id).toMatch(/[\u0900-\u097f]/);
      expect(o.source, o.id).toMatch(/\w{4}/);
    }
    // 24 Ekadashis by month and paksha, the two of an adhika month, and two regional names of an
    // Ekadashi day by its solar month (Vaikuntha in Margazhi, Guruvayur in Vrischikam).
    expect(OBSERVANCES.filter((o) => o.category === 'ekadashi')).toHaveLength(28);
    expect(OBSERVANCES.filter((o) => o.category === 'sankranti')).toHaveLength(12);
  });
});

describe('2026: the adhika Jyeshtha (17 May to 15 June)', () => {
  it('marks the days from Shukla Pratipada on 17 May to Amavasya on 15 June adhika, and the days around nija', () => {
    const may = monthView(DELHI, 2026, 5);
    const june = monthView(DELHI, 2026, 6);
    const month = (d: string) => [...may, ...june].find((x) => x.date === d)!.lunar_month.amanta;
    expect(month('2026-05-16')).toMatchObject({ name: 'Vaishakha', adhika: false });
    expect(month('2026-05-17')).toMatchObject({ name: 'Jyeshtha', adhika: true, label: 'Adhika Jyeshtha' });
    expect(month('2026-06-15')).toMatchObject({ name: 'Jyeshtha', adhika: true });
    expect(month('2026-06-16')).toMatchObject({ name: 'Jyeshtha', adhika: false, label: 'Nija Jyeshtha' });
  });

  it("keeps the adhika month's own Ekadashis (Padmini, Parama) and holds Nirjala Ekadashi in nija Jyeshtha", () => {
    expect(on(DELHI, 2026, 'padmini-ekadashi').length).toBeGreaterThan(0);
    expect(on(DELHI, 2026, 'parama-ekadashi').length).toBeGreaterThan(0);
    for (const d of [...on(DELHI, 2026, 'padmini-ekadashi'), ...on(DELHI, 2026, 'parama-ekadashi')])
      expect(d.slice(0, 10) >= '2026-05-17' && d.slice(0, 10) <= '2026-06-15').toBe(true);
    expect(on(DELHI, 2026, 'nirjala-ekadashi').every((d) => d.slice(0, 10) > '2026-06-15')).toBe(true);
    // A festival is not held twice: one Ganga Dussehra (Jyeshtha Shukla Dashami), in the nija month.
    expect(on(DELHI, 2026, 'ganga-dussehra')).toHaveLength(1);
    expect(on(DELHI, 2026, 'ganga-dussehra')[0]! > '2026-06-15').toBe(true);
  });

  it('2025 has no adhika month', () => {
    const days = Array.from({ length: 12 }, (_, i) => monthView(DELHI, 2025, i + 1)).flat();
    expect(days.some((d) => d.lunar_month.amanta.adhika)).toBe(false);
  });
});

describe('kshaya and vriddhi tithis (drikpanchang 2023 export, a place near Varanasi)', () => {
  const rows = refs.rows.filter((r: { observance: string }) => /^(Kshaya|Vriddhi) tithi: /.test(r.observance));
  it('the fixture holds such rows', () => expect(rows.length).toBeGreaterThan(20));
  for (const r of rows) {
    const name = r.observance.replace(/^(Kshaya|Vriddhi) tithi: /, '').replace('Krishna Amavasya', 'Amavasya');
    const place: Place = { lat: r.place.lat, lon: r.place.lon, zone: r.place.tz, ayanamsa: 'lahiri' };
    if (r.observance.startsWith('Kshaya'))
      it(`${r.date}: ${name} is lost between sunrises`, () => {
        expect(dayView(place, r.date).calendar.kshaya_tithis).toContain(name);
      });
    else
      it(`${r.date}: ${name} holds at two sunrises`, () => {
        const prev = new Date(Date.parse(`${r.date}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
        const today = dayView(place, r.date).calendar;
        const before = dayView(place, prev).calendar;
        expect(today.tithi_at_sunrise.name).toBe(name);
        expect(today.vriddhi_tithi || (before.vriddhi_tithi && before.tithi_at_sunrise.name === name)).toBe(true);
      });
  }
});

describe('each rule kind, on a case where it decides', () => {
  it('sunrise (udaya): Ram Navami 2025 is in madhyahna and Guru Nanak Jayanti at sunrise', () => {
    expect(on(DELHI, 2025, 'ram-navami')).toEqual(['2025-04-06']);
    expect(on(DELHI, 2025, 'guru-nanak-jayanti')).toEqual(['2025-11-05']);
  });
  it('pradosh: Diwali 2024 on 31 October (Amavasya covers the evening of the 31st more than the 1st)', () => {
    expect(on(DELHI, 2024, 'diwali')).toEqual(['2024-10-31']);
    expect(year(DELHI, 2024).find((f) => f.id === 'diwali')!.rule).toMatch(/pradosh/);
  });
  it('nishita with schools: Janmashtami 2025 Smarta on the 15th (Ashtami at midnight), Vaishnava on the 16th (Ashtami at sunrise)', () => {
    expect(on(DELHI, 2025, 'janmashtami')).toEqual(['2025-08-15/smarta', '2025-08-16/vaishnava']);
  });
  it('aparahna: Dussehra 2024 on 12 October; Bhai Dooj 2024 on 3 November', () => {
    expect(on(DELHI, 2024, 'dussehra')).toEqual(['2024-10-12']);
    expect(on(DELHI, 2024, 'bhai-dooj')).toEqual(['2024-11-03']);
  });
  it('madhyahna: Ganesh Chaturthi 2024-2026', () => {
    expect([2024, 2025, 2026].flatMap((y) => on(DELHI, y, 'ganesh-chaturthi'))).toEqual(['2024-09-07', '2025-08-27', '2026-09-14']);
  });
  it('moonrise: Karwa Chauth 2024 and 2025', () => {
    expect([...on(DELHI, 2024, 'karwa-chauth'), ...on(DELHI, 2025, 'karwa-chauth')]).toEqual(['2024-10-20', '2025-10-10']);
  });
  it('arunodaya: Vaishnava Nirjala Ekadashi 2024 moves to the 18th (Dashami at arunodaya of the 17th)', () => {
    expect(on(DELHI, 2024, 'nirjala-ekadashi')).toContain('2024-06-18/vaishnava');
    expect(year(DELHI, 2024).find((f) => f.id === 'nirjala-ekadashi' && f.school === 'vaishnava')!.rule).toMatch(/arunodaya/);
  });
  it('Bhadra: Holika Dahan 2026 moves to 3 March (Bhadra past midnight on the 2nd), Holi the day after; 2024 stays on the 24th', () => {
    expect(on(DELHI, 2026, 'holika-dahan')).toEqual(['2026-03-03']);
    expect(on(DELHI, 2026, 'holi')).toEqual(['2026-03-04']);
    expect(on(DELHI, 2024, 'holi')).toEqual(['2024-03-25']);
  });
  it('three muhurtas after sunrise: Raksha Bandhan 2023 on 30 August (Purnima ends an hour after sunrise on the 31st)', () => {
    expect(on(DELHI, 2023, 'raksha-bandhan')).toEqual(['2023-08-30']);
    expect(on(DELHI, 2025, 'raksha-bandhan')).toEqual(['2025-08-09']);
  });
  it('sankranti: Makar Sankranti 2025 on 14 January; Pohela Boishakh the day after Mesha Sankranti (Bengal)', () => {
    expect(on(DELHI, 2025, 'makar-sankranti')).toEqual(['2025-01-14']);
    expect(on(DELHI, 2025, 'lohri')).toEqual(['2025-01-13']);
    const kolkata: Place = { lat: 22.5726, lon: 88.3639, zone: 'Asia/Kolkata', ayanamsa: 'lahiri' };
    expect(on(kolkata, 2025, 'pohela-boishakh')).toEqual(['2025-04-15']);
  });
  it('nakshatra in a solar month: Onam 2024-2026 (Thiruvonam in Chingam), Thaipusam 2025 near Purnima', () => {
    const kochi: Place = { lat: 9.9312, lon: 76.2673, zone: 'Asia/Kolkata', ayanamsa: 'lahiri' };
    expect([2024, 2025, 2026].flatMap((y) => on(kochi, y, 'onam'))).toEqual(['2024-09-15', '2025-09-05', '2026-08-26']);
    const chennai: Place = { lat: 13.0827, lon: 80.2707, zone: 'Asia/Kolkata', ayanamsa: 'lahiri' };
    expect(on(chennai, 2025, 'thaipusam')).toEqual(['2025-02-11']);
  });
  it('Smarta Ekadashi parana: Mokshada Ekadashi 2023 on 22 December, the day Ekadashi began, as Dwadashi ends before the 24th’s sunrise', () => {
    const varanasi: Place = { lat: 25.3176, lon: 82.9739, zone: 'Asia/Kolkata', ayanamsa: 'lahiri' };
    expect(on(varanasi, 2023, 'mokshada-ekadashi')).toContain('2023-12-22/smarta');
  });
});

describe('a city far from Delhi', () => {
  it('New York keeps some observances of 2025 on other civil days than Delhi, each named by its rule', () => {
    const delhi = new Map(year(DELHI, 2025).map((f) => [`${f.id}/${f.school ?? ''}/${f.date.slice(0, 7)}`, f.date]));
    const differ = year(NEW_YORK, 2025).filter((f) => {
      const d = delhi.get(`${f.id}/${f.school ?? ''}/${f.date.slice(0, 7)}`);
      return d !== undefined && d !== f.date;
    });
    expect(differ.length).toBeGreaterThan(10);
    // Diwali 2025: Amavasya begins in the Delhi afternoon of the 20th, in the New York morning.
    expect(on(NEW_YORK, 2025, 'diwali')).toEqual(['2025-10-20']);
    // Shukla Chaturthi's madhyahna falls on the 26th in New York and on the 27th in Delhi; Dashami's aparahna likewise.
    expect(on(NEW_YORK, 2025, 'ganesh-chaturthi')).toEqual(['2025-08-26']);
    expect(on(DELHI, 2025, 'ganesh-chaturthi')).toEqual(['2025-08-27']);
    expect(on(NEW_YORK, 2025, 'dussehra')).toEqual(['2025-10-01']);
    expect(on(DELHI, 2025, 'dussehra')).toEqual(['2025-10-02']);
  });
});
