// What the observance tables share: the tithi-rule shorthand and the sources their rows cite.

import type { Kala, MonthName, Rule } from './types.js';

export const DS =
  'Dharma Sindhu (Kashinatha Upadhyaya, 1790) and Nirnaya Sindhu (Kamalakara Bhatta, 1612): the kala rule, as drikpanchang.com summarises it on the festival page';
export const EK =
  'Ekadashi names: Padma Purana (Uttara Khanda) via the ISKCON and drikpanchang Ekadashi lists; Smarta/Vaishnava rule: Hari Bhakti Vilasa 13 (Vaishnava), Dharma Sindhu (Smarta)';
export const SOLAR = 'Sankranti punya kala rule (Dharma Sindhu): a Sankranti after sunset is kept the next day';
export const REG = 'Regional solar/nakshatra calendar rule as published by the state panchangas (Kerala, Tamil Nadu, Bengal), summarised on drikpanchang.com';

export const t = (month: MonthName | 'every', tithi: number, kala: Kala, extra: Partial<Extract<Rule, { kind: 'tithi' }>> = {}): Rule => ({
  kind: 'tithi',
  month,
  tithi,
  kala,
  ...extra,
});

export const TN = 'Tamil rule for the solar month (Sewell, Indian Chronography §43); the festival on the day of the Tamil month that almanacs name';
export const KL = 'Kerala (Malabar) rule for the solar month: sankranti within the first 3/5 of the daytime (Sewell §43); Kerala almanacs';
export const AS = 'Assamese rule for the solar month: it begins on the civil day after the sankranti, as the Bengali (the Assam government holiday lists)';
export const OD = 'Orissa rule on the civil day, as the Odisha government holiday lists keep it (docs/decisions/panchang-regional.md)';
