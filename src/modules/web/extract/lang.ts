// Language of a text when the page does not declare one: the dominant script decides for
// the scripts one language owns (Devanagari → hi is the exception: shared with mr/ne, so
// stopwords decide), and for Latin script the most frequent stopwords. Deterministic,
// tiny, and honest: "" when the evidence is weak.

const SCRIPTS: [RegExp, string][] = [
  [/[\u3040-\u30ff]/g, 'ja'],
  [/[\uac00-\ud7af]/g, 'ko'],
  [/[\u4e00-\u9fff]/g, 'zh'],
  [/[\u0600-\u06ff]/g, 'ar'],
  [/[\u0400-\u04ff]/g, 'ru'],
  [/[\u0370-\u03ff]/g, 'el'],
  [/[\u0590-\u05ff]/g, 'he'],
  [/[\u0e00-\u0e7f]/g, 'th'],
  [/[\u0980-\u09ff]/g, 'bn'],
  [/[\u0a00-\u0a7f]/g, 'pa'],
  [/[\u0a80-\u0aff]/g, 'gu'],
  [/[\u0b80-\u0bff]/g, 'ta'],
  [/[\u0c00-\u0c7f]/g, 'te'],
  [/[\u0c80-\u0cff]/g, 'kn'],
  [/[\u0d00-\u0d7f]/g, 'ml'],
  [/[\u0900-\u097f]/g, 'hi'],
];

const STOPWORDS: Record<string, string[]> = {
  en: ['the', 'and', 'of', 'to', 'in', 'is', 'that', 'for', 'it', 'with', 'was', 'on'],
  de: ['der', 'die', 'und', 'das', 'ist', 'nicht', 'mit', 'den', 'von', 'sich', 'auch', 'ein'],
  fr: ['le', 'la', 'les', 'et', 'des', 'est', 'une', 'pour', 'dans', 'que', 'pas', 'du'],
  es: ['el', 'la', 'los', 'que', 'y', 'del', 'las', 'por', 'una', 'con', 'para', 'es'],
  it: ['il', 'di', 'che', 'è', 'la', 'per', 'non', 'una', 'del', 'della', 'sono', 'gli'],
  pt: ['o', 'que', 'não', 'do', 'da', 'em', 'um', 'para', 'com', 'uma', 'os', 'no'],
  nl: ['de', 'het', 'een', 'en', 'van', 'is', 'dat', 'niet', 'op', 'zijn', 'voor', 'met'],
  sv: ['och', 'att', 'det', 'som', 'är', 'för', 'på', 'med', 'inte', 'av', 'till', 'den'],
  pl: ['i', 'w', 'nie', 'się', 'na', 'że', 'jest', 'do', 'to', 'z', 'jak', 'po'],
  id: ['yang', 'dan', 'di', 'ini', 'itu', 'dengan', 'untuk', 'tidak', 'dari', 'dalam', 'akan', 'pada'],
  tr: ['ve', 'bir', 'bu', 'da', 'de', 'için', 'ile', 'olarak', 'çok', 'daha', 'gibi', 'ama'],
};

const HI_WORDS = ['है', 'के', 'में', 'की', 'और', 'को', 'से', 'का'];
const MR_WORDS = ['आहे', 'आणि', 'या', 'व', 'हे', 'केले', 'आहेत', 'होते'];

export function detectLang(text: string): string {
  const sample = text.slice(0, 5000);
  let best = '';
  let bestCount = 0;
  for (const [re, lang] of SCRIPTS) {
    const n = sample.match(re)?.length ?? 0;
    if (n > bestCount) [best, bestCount] = [lang, n];
  }
  const latin = sample.match(/[a-zA-Z\u00c0-\u024f]/g)?.length ?? 0;
  if (bestCount > 20 && bestCount >= latin / 2) {
    if (best === 'zh' && /[\u3040-\u30ff]/.test(sample)) return 'ja';
    if (best === 'hi') {
      const words = sample.split(/\s+/);
      const count = (list: string[]) => words.filter((w) => list.includes(w)).length;
      return count(MR_WORDS) > count(HI_WORDS) ? 'mr' : 'hi';
    }
    return best;
  }
  const words = sample.toLowerCase().match(/[\p{L}]+/gu) ?? [];
  if (words.length < 15) return '';
  const freq = new Map<string, number>();
  for (const w of words) freq.set(w, (freq.get(w) ?? 0) + 1);
  let lang = '';
  let score = 0;
  for (const [l, list] of Object.entries(STOPWORDS)) {
    const s = list.reduce((acc, w) => acc + (freq.get(w) ?? 0), 0);
    if (s > score) [lang, score] = [l, s];
  }
  return score / words.length >= 0.05 ? lang : '';
}
