// The picture of a product: a label card generated from the list's facts (name, size, kind,
// price, the list's date), drawn as SVG and rendered to WebP by sharp. It is not a photograph:
// no open source has licensed bottle photos for these lists, and the card says so.

import { createHash } from 'node:crypto';
import { sharp } from '../../lib/raster/index.js';
import { escapeXml } from '../../lib/xml/index.js';

export interface CardFacts {
  name: string;
  volume: string;
  category: string;
  price: string;
  state: string;
  effective: string;
}

export interface Card {
  body: Buffer;
  etag: string;
}

const WIDTH = 480;
const HEIGHT = 600;

// The facts come from a scraped price list: the shared escaper also puts U+FFFD in place of any
// character an XML document may not carry, so librsvg always gets a well-formed SVG.
const escape = escapeXml;

/** The name in lines of at most `max` characters (a long word keeps its own line). */
function wrap(text: string, max: number, lines: number): string[] {
  const out: string[] = [];
  for (const w of text.split(/\s+/)) {
    const last = out[out.length - 1];
    if (last !== undefined && `${last} ${w}`.length <= max) out[out.length - 1] = `${last} ${w}`;
    else out.push(w);
  }
  return out.length > lines
    ? [
        ...out.slice(0, lines - 1),
        `${out
          .slice(lines - 1)
          .join(' ')
          .slice(0, max - 1)}…`,
      ]
    : out;
}

export function cardSvg(f: CardFacts): string {
  // Bold capitals at 30 px are about 22 px wide: 17 of them fill the card's 400 px of text width.
  const name = wrap(f.name, 17, 5)
    .map((l, i) => `<text x="40" y="${140 + i * 40}" font-size="30" font-weight="bold" fill="#1c1917">${escape(l)}</text>`)
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}" font-family="DejaVu Sans, Arial, sans-serif">
<rect width="100%" height="100%" fill="#f5f0e6"/><rect x="16" y="16" width="${WIDTH - 32}" height="${HEIGHT - 32}" fill="none" stroke="#7c2d12" stroke-width="4" rx="18"/>
<text x="40" y="80" font-size="22" fill="#7c2d12">${escape(f.category.toUpperCase())}</text>${name}
<text x="40" y="390" font-size="30" fill="#44403c">${escape(f.volume)}</text>
<text x="40" y="460" font-size="48" font-weight="bold" fill="#7c2d12">Rs ${escape(f.price)}</text>
<text x="40" y="510" font-size="16" fill="#57534e">${escape(`${f.state} state price list effective ${f.effective}`)}</text>
<text x="40" y="545" font-size="14" fill="#78716c">Generated label card, not a photograph</text>
</svg>`;
}

/** The card as WebP, with an ETag that changes when any fact on it does. */
export async function renderCard(f: CardFacts): Promise<Card> {
  const svg = cardSvg(f);
  const etag = `"${createHash('sha256').update(svg).digest('base64url').slice(0, 27)}"`;
  // effort 1 instead of libwebp's default 4: a third of the encoding time for a card of flat colours
  // and text, at about 24% more bytes (15 KB instead of 12 KB), and each card is then cached.
  const body = await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 1 }).toBuffer();
  return { body, etag };
}
