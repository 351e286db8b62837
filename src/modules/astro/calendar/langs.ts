// The ten languages of lang= and the script each is written in.

import type { Lang } from '../../../core/langs.js';

export { LANGS, type Lang } from '../../../core/langs.js';

/** The Unicode block each language's names are written in (Malayalam's CLDR weekdays carry U+200C). */
export const SCRIPT_OF: Record<Lang, RegExp> = {
  en: /^[A-Za-z ]+$/,
  hi: /^[\u0900-\u097f ]+$/,
  mr: /^[\u0900-\u097f ]+$/,
  gu: /^[\u0a80-\u0aff ]+$/,
  bn: /^[\u0980-\u09ff ]+$/,
  or: /^[\u0b00-\u0b7f ]+$/,
  ta: /^[\u0b80-\u0bff ]+$/,
  te: /^[\u0c00-\u0c7f ]+$/,
  kn: /^[\u0c80-\u0cff ]+$/,
  ml: /^[\u0d00-\u0d7f\u200c ]+$/,
};
