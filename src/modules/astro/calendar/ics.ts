// Observances as an RFC 5545 iCalendar file a person can subscribe to (Google, Apple, Outlook):
// all-day VEVENTs (DTSTART;VALUE=DATE and the next day as DTEND), a UID stable across requests
// (observance, school, date and place), DTSTAMP, text escaped (§3.3.11), lines folded at 75
// octets without splitting a UTF-8 character (§3.1), CRLF line ends.

import { replaceRefused } from '../../../lib/xml/index.js';

export interface IcsEvent {
  id: string;
  date: string;
  summary: string;
  description: string;
  category: string;
}

/** One observance on one day, as a school keeps it (school absent where the schools agree on one rule). */
export interface ObservanceDay {
  id: string;
  school?: string;
  date: string;
  name: string;
  description: string;
  category: string;
}

/**
 * One event per observance and day: where both schools keep it on the same day (Smarta and
 * Vaishnava Janmashtami in most years) a calendar shows it once, naming both, not twice; on
 * different days each school's event names its school.
 */
export function observanceEvents(items: readonly ObservanceDay[]): IcsEvent[] {
  const byDay = new Map<string, ObservanceDay[]>();
  for (const it of items) {
    const k = `${it.date}|${it.id}`;
    const g = byDay.get(k);
    if (g) g.push(it);
    else byDay.set(k, [it]);
  }
  return [...byDay.values()].map((g) => {
    const first = g[0]!;
    const schools = g.flatMap((x) => (x.school ? [x.school] : []));
    const tag = schools.length ? ` (${schools.join(' and ')})` : '';
    const description = g.length === 1 ? first.description : g.map((x) => `${x.school ? `${x.school}: ` : ''}${x.description}`).join(' ');
    return { id: [first.id, ...schools].join('-'), date: first.date, summary: `${first.name}${tag}`, description, category: first.category };
  });
}

// RFC 5545 TEXT (§3.3.11) takes no control character but tab: a line break is written \n, and
// anything else a document may not carry (the shared rule of src/lib/xml) becomes U+FFFD. No
// user text reaches these files today (a place is a listed city or coordinates), but the
// observance tables and city names are data, and a calendar app drops a file it cannot parse.
const escapeText = (s: string) =>
  replaceRefused(s.replace(/\r\n|\r|\n/g, '\n'))
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\n/g, '\\n');

/** Folds one content line into 75-octet pieces; continuation lines start with a space. */
export function foldLine(line: string): string {
  const out: string[] = [];
  let cur = '';
  let bytes = 0;
  let limit = 75;
  for (const ch of line) {
    const n = Buffer.byteLength(ch);
    if (bytes + n > limit) {
      out.push(cur);
      cur = ' ';
      bytes = 1;
      limit = 75;
    }
    cur += ch;
    bytes += n;
  }
  out.push(cur);
  return out.join('\r\n');
}

const compact = (date: string) => date.replaceAll('-', '');
const nextDay = (date: string) => new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
const stamp = (d: Date) => `${d.toISOString().slice(0, 19).replace(/[-:]/g, '')}Z`;

/** The file: calendar name, a place key for the UIDs, the events, and the moment written. */
export function toIcs(calName: string, placeKey: string, events: readonly IcsEvent[], now: Date): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//jankari//panchang calendar//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calName)}`,
  ];
  const dtstamp = stamp(now);
  for (const e of events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${compact(e.date)}-${e.id}-${placeKey}@jankari`,
      `DTSTAMP:${dtstamp}`,
      `DTSTART;VALUE=DATE:${compact(e.date)}`,
      `DTEND;VALUE=DATE:${compact(nextDay(e.date))}`,
      `SUMMARY:${escapeText(e.summary)}`,
      `DESCRIPTION:${escapeText(e.description)}`,
      `CATEGORIES:${escapeText(e.category)}`,
      'TRANSP:TRANSPARENT',
      'END:VEVENT',
    );
  }
  lines.push('END:VCALENDAR');
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
