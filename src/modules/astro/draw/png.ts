// The drawn chart as PNG: the same SVG rasterised by sharp (libvips, which renders SVG with
// librsvg and finds fonts through fontconfig), not by a browser.
//
// librsvg draws a character no installed font has as a box. The project ships Noto Sans Devanagari
// and adds it to the fonts the renderer finds (src/lib/raster/fonts.ts), so Hindi is drawn on any
// host. Where that could not be done (no writable temporary folder) and the host has no Devanagari
// font either, a Hindi PNG is drawn with the English abbreviations instead, and says so with
// Content-Language: en and an X-Language-Fallback header saying why and what to install.

import { sharp } from '../../../lib/raster/index.js';
import { drawSvg } from './svg.js';
import type { ChartPicture } from './picture.js';
import type { ChartLang } from './words.js';

let devanagari: Promise<boolean> | undefined;

/**
 * Whether some installed font has Devanagari, asked of the renderer itself: with no such font,
 * every Devanagari letter becomes a box of the same width as a box for a private-use character.
 */
export function hasDevanagari(): Promise<boolean> {
  devanagari ??= (async () => {
    const width = async (text: string) => {
      const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><text x="4" y="40" font-size="32" font-family="Noto Sans Devanagari, Lohit Devanagari, sans-serif">${text}</text></svg>`;
      const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
      return info.width;
    };
    const [letters, boxes] = await Promise.all([width('कखगघ'), width('\uE000\uE001\uE002\uE003')]);
    return letters !== boxes;
  })().catch(() => false); // no font at all: nothing is drawn, and trimming a blank image fails
  return devanagari;
}

/** Why a PNG asked in Hindi was drawn in English: the X-Language-Fallback header says it (ASCII, as headers are). */
export const NO_DEVANAGARI_FALLBACK =
  'hi -> en: no Devanagari font on this server; install one (Debian: fonts-lohit-deva or fonts-noto-core) for Hindi PNGs, or ask format=svg';

/**
 * The PNG, and `fallback` when the labels are not in the language asked (a Hindi PNG on a machine
 * without a Devanagari font). `fontCheck` is the renderer's answer; tests give their own.
 */
export async function drawPng(
  pic: ChartPicture,
  size: number,
  fontCheck: () => Promise<boolean> = hasDevanagari,
): Promise<{ body: Buffer; lang: ChartLang; fallback?: string }> {
  const fallsBack = pic.lang === 'hi' && !(await fontCheck());
  const lang = fallsBack ? 'en' : pic.lang;
  const svg = drawSvg({ ...pic, lang }, size);
  // zlib level 3: a 600 px chart is 8% larger than at level 6 (the default) and costs about 8 ms
  // less CPU; librsvg's text layout is most of what is left.
  const body = await sharp(Buffer.from(svg)).png({ compressionLevel: 3, adaptiveFiltering: false }).toBuffer();
  return fallsBack ? { body, lang, fallback: NO_DEVANAGARI_FALLBACK } : { body, lang };
}
