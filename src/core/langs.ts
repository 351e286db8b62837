// The ten languages of lang= (/panchang, /panchang/month, /panchang/festivals and the landing
// page's calendar): here in core so the meta module's page can name them without reaching into
// the astro module.

export const LANGS = ['en', 'hi', 'mr', 'gu', 'bn', 'or', 'ta', 'te', 'kn', 'ml'] as const;
export type Lang = (typeof LANGS)[number];
