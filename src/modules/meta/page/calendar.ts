// The landing page's month calendar: this month of the Hindu calendar at a default place, as a
// 7-column table of civil days (the tithi at sunrise and the day's observances), server-rendered
// from the panchangMonth port (the astro module's /panchang/month computation and cache), with
// the JSON and the iCalendar subscriptions linked. No script: it reads the same with it off.

import { LANGS, type Lang } from '../../../core/langs.js';
import type { CalendarDay, MonthCalendar, Ports } from '../../../core/ports.js';
import { esc } from './html.js';

/** The place the page shows (a town /panchang knows). */
export const CALENDAR_CITY = 'delhi';
/** The page's "this month" is India's: the civil date at +05:30. */
const IST_MS = 330 * 60_000;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

/** What the page shows: the month, or why it could not be computed. */
export type CalendarSection =
  | { ok: true; cal: MonthCalendar; today: string; lang?: Lang }
  | { ok: false; year: number; month: number; message: string; lang?: Lang };

/**
 * This month (India's date at `now`) at the default place, its names in `lang` (English when
 * absent); undefined when no module provides the port.
 */
export async function landingCalendar(ports: Ports, now: Date, lang?: Lang): Promise<CalendarSection | undefined> {
  if (!ports.has('panchangMonth')) return undefined;
  const today = new Date(now.getTime() + IST_MS).toISOString().slice(0, 10);
  const [year, month] = today.split('-').map(Number) as [number, number];
  const named = lang && lang !== 'en' ? lang : undefined;
  try {
    const cal = await ports.get('panchangMonth').month({ year, month, city: CALENDAR_CITY, ...(named ? { lang: named } : {}) });
    return { ok: true, cal, today, ...(named ? { lang: named } : {}) };
  } catch (err) {
    // The page still answers; the section says the month is missing and links the route.
    return { ok: false, year, month, message: err instanceof Error ? err.message : String(err), ...(named ? { lang: named } : {}) };
  }
}

/** The day's observances, one line each; a name kept by both schools on the day is said once. */
function observances(d: CalendarDay): string {
  const seen = new Map<string, { major: boolean; schools: string[] }>();
  for (const f of d.festivals) {
    // In another language, the observance's name there where the table has one.
    const name = f.local_name ?? f.name;
    const e = seen.get(name) ?? { major: f.category === 'festival', schools: [] };
    if (f.school) e.schools.push(f.school);
    seen.set(name, e);
  }
  if (!seen.size) return '';
  const items = [...seen].map(([name, e]) => {
    const label = e.schools.length === 1 ? `${esc(name)} <span class="school">(${esc(e.schools[0]!)})</span>` : esc(name);
    return `<li${e.major ? ' class="major"' : ''}>${e.major ? `<strong>${label}</strong>` : label}</li>`;
  });
  return `<ul class="obs">${items.join('')}</ul>`;
}

function cell(d: CalendarDay, today: string): string {
  const current = d.date === today ? ' class="today" aria-current="date"' : '';
  const day = Number(d.date.slice(8));
  return `<td${current}><time datetime="${d.date}">${day}</time> <span class="tithi">${esc(d.local?.tithi ?? d.tithi.name)}</span>${observances(d)}</td>`;
}

/** The landing page in each language of lang= (the codes; each link shows its own language's names). */
function languages(lang: Lang | undefined): string {
  const items = LANGS.map((l) => (l === (lang ?? 'en') ? `<strong>${l}</strong>` : `<a href="${l === 'en' ? '/' : `/?lang=${l}`}#calendar">${l}</a>`));
  return `<p class="cal-langs">Names in: ${items.join(' · ')}</p>`;
}

/** The links under the table: the same month as JSON, and the two iCalendar subscriptions (in the page's language). */
function links(year: number, month: number, lang: Lang | undefined): string {
  const q = `city=${CALENDAR_CITY}&year=${year}${lang ? `&lang=${lang}` : ''}`;
  const json = `/panchang/month?${q}&month=${month}`;
  return `<p class="cal-links">This month as <a href="${esc(json)}">JSON</a> · subscribe in a calendar app: <a href="${esc(`${json}&format=ics`)}">this month (.ics)</a>, <a href="${esc(`/panchang/festivals?${q}&format=ics`)}">${year}'s festivals (.ics)</a> · other places and months: <a href="/docs#getPanchangMonth">/panchang/month in the reference</a></p>`;
}

export function calendarHtml(s: CalendarSection | undefined): string {
  if (!s) return '';
  const head = `<section aria-labelledby="calendar"><h2 id="calendar">Hindu calendar this month</h2>`;
  if (!s.ok) {
    return `${head}
<p class="note">The month could not be computed here: ${esc(s.message)}</p>
${links(s.year, s.month, s.lang)}
</section>`;
  }
  const { cal, today } = s;
  const title = `${MONTHS[cal.month - 1]} ${cal.year}, ${cal.place.name ?? `${cal.place.latitude}, ${cal.place.longitude}`}`;
  const lead = new Date(`${cal.days[0]?.date ?? `${cal.year}-01-01`}T00:00:00Z`).getUTCDay();
  const cells = [...Array.from({ length: lead }, () => '<td></td>'), ...cal.days.map((d) => cell(d, today))];
  while (cells.length % 7) cells.push('<td></td>');
  const rows = [];
  for (let i = 0; i < cells.length; i += 7) rows.push(`<tr>${cells.slice(i, i + 7).join('')}</tr>`);
  // Weekday headers in the page's language: each weekday's name as the month's days carry it.
  const localWeekday = (i: number) => cal.days.find((d) => new Date(`${d.date}T00:00:00Z`).getUTCDay() === i)?.local?.weekday;
  const th = WEEKDAYS.map((w, i) => {
    const local = localWeekday(i);
    return local ? `<th scope="col" lang="${s.lang}">${esc(local)}</th>` : `<th scope="col"><abbr title="${w}">${w.slice(0, 3)}</abbr></th>`;
  }).join('');
  return `${head}
<p>Each civil day with the tithi at sunrise and its festivals and vrats (major festivals in bold), computed by this instance as <code>/panchang/month</code> answers it.</p>
${languages(s.lang)}
<div class="cal-wrap" role="region" tabindex="0" aria-label="${esc(title)}">
<table class="cal"${s.lang ? ` lang="${s.lang}"` : ''}><caption${s.lang ? ' lang="en"' : ''}>${esc(title)}</caption>
<thead><tr>${th}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table>
</div>
${links(cal.year, cal.month, s.lang)}
</section>`;
}
