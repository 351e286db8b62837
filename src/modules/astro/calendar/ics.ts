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
