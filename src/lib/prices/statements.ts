// What a price page says about itself in words, and the amounts those words state: its title,
// meta description, og: tags and the name, headline and description of its JSON-LD page or
// article ("Petrol Price in Bangalore, … Rs. 111.11/Ltr"). These are the second witness of a
// price read from the page's body (the price block or table); FAQ and breadcrumb JSON-LD are
// left out (they state other days' prices and other places).

import type { CheerioAPI } from 'cheerio';
import { cellText } from './html.js';

export interface Statement {
  /** Where the page says it: "the title", "the meta description", "the JSON-LD WebPage name". */
  where: string;
  text: string;
}

const PAGE_TYPES = /^(WebPage|Article|NewsArticle|ItemPage|CollectionPage|Report|BlogPosting)$/i;

/** The JSON-LD objects of a page (arrays and @graph flattened); a script that is not JSON is skipped. */
function jsonLd($: CheerioAPI): Record<string, unknown>[] {
  const out: Record<string, unknown>[] = [];
  const walk = (v: unknown) => {
    if (Array.isArray(v)) v.forEach(walk);
    else if (v && typeof v === 'object') {
      out.push(v as Record<string, unknown>);
      const graph = (v as Record<string, unknown>)['@graph'];
      if (graph) walk(graph);
    }
  };
  $('script[type="application/ld+json"]').each((_, s) => {
    try {
      walk(JSON.parse($(s).text()));
    } catch {
      /* a broken block says nothing */
    }
  });
  return out;
}

/** The page's statements about itself, in the order: title, meta tags, JSON-LD. Empty ones are left out. */
export function pageStatements($: CheerioAPI): Statement[] {
  const out: Statement[] = [];
  const add = (where: string, text: string | undefined) => {
    const t = cellText(text ?? '');
    if (t) out.push({ where, text: t });
  };
  add('the title', $('head title').first().text() || $('title').first().text());
  add('the meta description', $('meta[name="description"]').attr('content'));
  add('the og:title', $('meta[property="og:title"]').attr('content'));
  add('the og:description', $('meta[property="og:description"]').attr('content'));
  for (const o of jsonLd($)) {
    const type = ([] as unknown[]).concat(o['@type'] ?? []).find((t) => typeof t === 'string' && PAGE_TYPES.test(t)) as string | undefined;
    if (!type) continue;
    for (const field of ['name', 'headline', 'description']) if (typeof o[field] === 'string') add(`the JSON-LD ${type} ${field}`, o[field] as string);
  }
  return out;
}

/** A text cut into sentences: at "|", ";", and a full stop before a capital (never inside "Rs. 111.11"). */
export const sentences = (text: string) =>
  text
    .split(/\s*[|;]\s*|(?<=[a-z)%])[.!?]\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter(Boolean);

export interface StatedAmount {
  value: number;
  /** The unit written right after it, lower case ("ltr", "litre", "kg", "g", "10 grams"), or ''. */
  unit: string;
  /** Marked as rupees (₹, Rs., INR). */
  rupees: boolean;
}

// An amount, marked as rupees before it or not, and the unit after it ("/Ltr", "per litre", "/-").
const AMOUNT = /(₹|\brs\.?|\binr)?\s*(\d[\d,]*(?:\.\d+)?)\s*(?:\/-)?\s*(?:(?:\/|\bper\b|\ba\b)\s*(\d*\s*[a-z]+))?/gi;

/** Every amount a sentence states, with its unit; years, dates and times are not amounts unless marked as rupees. */
export function statedAmounts(sentence: string): StatedAmount[] {
  const out: StatedAmount[] = [];
  for (const m of sentence.replace(/\s+/g, ' ').matchAll(AMOUNT)) {
    const rupees = !!m[1];
    const unit = (m[3] ?? '').toLowerCase().replace(/\s+/g, ' ');
    if (!rupees && !unit) continue;
    const value = Number(m[2].replace(/,/g, ''));
    if (Number.isFinite(value)) out.push({ value, unit, rupees });
  }
  return out;
}
