// How a published reference row (the observance as a source names it, a civil date, a school)
// is compared with the engine's answer: the source's name mapped to the table's ids, and a match
// when the engine places one of them on that date (for the school the source states, else any).
// Used by the reference tests and by the comparison the decision record quotes.

import { OBSERVANCES } from './observances.js';
import type { FestivalEntry } from './present.js';

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z]+/g, '-')
    .replace(/^-|-$/g, '');

const ALIASES: Record<string, string[]> = {
  'krishna janmashtami': ['janmashtami'],
  'rama navami': ['ram-navami'],
  vijayadashami: ['dussehra'],
  'durga ashtami': ['sharad-navratri-day-8'],
  'maha navami': ['sharad-navratri-day-9'],
  'sharad navratri begins': ['sharad-navratri-day-1'],
  'navaratri begins': ['sharad-navratri-day-1'],
  'chaitra navratri begins': ['chaitra-navratri-day-1'],
  vaisakhi: ['baisakhi'],
  'karva chauth': ['karwa-chauth'],
  'thai poosam': ['thaipusam'],
  'makara sankranti': ['makar-sankranti'],
  'mauni amavas': ['mauni-amavasya'],
  'kojagari lakshmi puja': ['sharad-purnima'],
  'tulasi vivah': ['tulsi-vivah'],
  'devutthana ekadashi': ['prabodhini-devutthana-ekadashi'],
  'ashwina amavasya': ['ashwin-amavasya'],
  'dol purnima': ['phalguna-purnima'],
  'dol yatra': ['phalguna-purnima'],
  'chhath puja': ['chhath'],
  'rath yatra': ['rath-yatra'],
  thiruvonam: ['onam'],
  mahalaya: ['mahalaya-amavasya'],
  'varalakshmi vrat': ['varalakshmi-vratam'],
  'varamahalakshmi vratam': ['varalakshmi-vratam'],
  'subrahmanya sashti': ['subramanya-sashti'],
  'pitrupaksha begins': ['pitru-paksha-begins'],
  'maha sankatahara chaturthi': ['bhadrapada-sankashti-chaturthi'],
  'shani trayodashi': ['shani-pradosh-shukla', 'shani-pradosh-krishna'],
  'pradosh vrat': ['shukla-pradosh-vrat', 'krishna-pradosh-vrat'],
  'masik shivaratri': [...OBSERVANCES.filter((o) => o.id.endsWith('masik-shivaratri')).map((o) => o.id), 'maha-shivaratri'],
};

const FAMILIES: Record<string, (id: string) => boolean> = {
  ekadashi: (id) => id.endsWith('-ekadashi'),
  'sankashti chaturthi': (id) => id.endsWith('sankashti-chaturthi') || id === 'karwa-chauth' || id === 'angaraki-chaturthi',
  amavasya: (id) => id.endsWith('amavasya'),
  purnima: (id) => id.endsWith('purnima'),
  'vinayaka chaturthi': (id) => id.endsWith('vinayaka-chaturthi'),
};

const IDS = new Set(OBSERVANCES.map((o) => o.id));

/** The table's ids a source's name can mean; empty when the table has no such observance. */
export function idsFor(name: string): ((id: string) => boolean) | undefined {
  const k = name.toLowerCase().trim();
  if (FAMILIES[k]) return FAMILIES[k];
  const ids = ALIASES[k] ?? [slug(k)].filter((s) => IDS.has(s));
  if (ids.length === 0) return undefined;
  return (id) => ids.includes(id);
}

export interface ReferenceRow {
  observance: string;
  date: string;
  school: string;
}

/** Whether the engine's year places the row's observance on the row's date (for its school). */
export function matches(row: ReferenceRow, year: readonly FestivalEntry[]): boolean | undefined {
  const want = idsFor(row.observance);
  if (!want) return undefined;
  const mine = year.filter((f) => want(f.id) && (row.school === 'unspecified' || f.school === undefined || f.school === row.school));
  if (mine.length === 0) return false;
  return mine.some((f) => f.date === row.date);
}
