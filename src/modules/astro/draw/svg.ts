// A chart as a standalone SVG: a pure function of the picture (same picture, same bytes). No
// external font, image or link; a <title> and a <desc> that says every placement in words; and
// data-graha / data-sign / data-house on each graha's text so a client can find and restyle it.

import { escapeXml } from '../../../lib/xml/index.js';
import { LAYOUTS, SQUARE, type Box } from './layout.js';
import type { ChartPicture, ChartMomentLine, PlacedPoint } from './picture.js';
import { WORDS } from './words.js';

const W = SQUARE;
const INK = '#1b1b1b';
const FRAME = '#7a4a12';
const SIGN_INK = '#8a6d3b';
const LAGNA_FILL = '#fbecc8';
const PAPER = '#fffdf8';
/** The second colour: transit positions. */
export const TRANSIT_INK = '#1d4ed8';

const FONTS = {
  en: 'DejaVu Sans, Noto Sans, Arial, Helvetica, sans-serif',
  hi: 'Noto Sans Devanagari, Lohit Devanagari, Mangal, Nirmala UI, Kohinoor Devanagari, DejaVu Sans, sans-serif',
};

// Every text written into the document goes through the shared escaper (refused characters become U+FFFD).
const esc = escapeXml;
const n = (x: number) => String(Math.round(x * 10) / 10);

/** 13.2667 → 13°16′ (minutes cut, not rounded, so 29°59′ never reads 30°00′). */
export const dms = (deg: number) => {
  const d = Math.floor(deg);
  const m = Math.min(59, Math.floor((deg - d) * 60));
  return `${d}°${String(m).padStart(2, '0')}′`;
};

/** House of a sign counted from the lagna's sign (whole signs, as the drawn chart shows it). */
export const houseOf = (sign: number, lagnaSign: number) => ((sign - lagnaSign + 12) % 12) + 1;
const signOfHouse = (house: number, lagnaSign: number) => ((lagnaSign - 1 + house - 1) % 12) + 1;

/** Width of a text in units of its font size: Latin ≈ 0.62 em a character, Devanagari ≈ 0.72 em a spacing character. */
const ems = (s: string) => {
  let w = 0;
  for (const ch of s) {
    const c = ch.codePointAt(0)!;
    if (c >= 0x0900 && c <= 0x097f) w += /[\u0900-\u0903\u093a-\u093c\u0941-\u0948\u094d\u0951-\u0957\u0962\u0963]/.test(ch) ? 0 : 0.72;
    else w += 0.62;
  }
  return w;
};

interface Item {
  main: string;
  marks: string;
  attrs: string;
  transit: boolean;
}

const MARK_SCALE = 0.78;
const itemEms = (it: Item) => ems(it.main) + ems(it.marks) * MARK_SCALE;

type Pt = readonly [number, number];

/** Where a horizontal line at y crosses a convex outline: [left, right], or undefined outside it. */
function spanAt(points: readonly Pt[], y: number): [number, number] | undefined {
  let lo = Infinity;
  let hi = -Infinity;
  for (let i = 0; i < points.length; i++) {
    const [x1, y1] = points[i]!;
    const [x2, y2] = points[(i + 1) % points.length]!;
    if (y < Math.min(y1, y2) || y > Math.max(y1, y2)) continue;
    const xs = y1 === y2 ? [x1, x2] : [x1 + ((y - y1) * (x2 - x1)) / (y2 - y1)];
    for (const x of xs) {
      lo = Math.min(lo, x);
      hi = Math.max(hi, x);
    }
  }
  return lo <= hi ? [lo, hi] : undefined;
}

const PAD = 3;

/** The room a row of text from y0 to y1 has inside a convex box (true for every y between). */
function rowRoom(box: Box, y0: number, y1: number): [number, number] {
  const a = spanAt(box.points, y0);
  const b = spanAt(box.points, y1);
  if (!a || !b) return [box.area.cx, box.area.cx];
  const left = Math.max(a[0], b[0], box.area.cx - box.area.w / 2) + PAD;
  const right = Math.min(a[1], b[1], box.area.cx + box.area.w / 2) - PAD;
  return [left, Math.max(left, right)];
}

interface Row {
  items: Item[];
  left: number;
  right: number;
  y: number;
}

/** Rows of items inside the box, with the largest font size (14 down to 7) at which all fit. */
function arrange(items: Item[], box: Box): { size: number; rows: Row[] } {
  let last: { size: number; rows: Row[] } | undefined;
  for (let size = 14; size >= 7; size--) {
    const lineH = size * 1.2;
    const gap = size * 0.5;
    const most = Math.max(1, Math.floor(box.area.h / lineH));
    for (let k = 1; k <= Math.min(most, items.length); k++) {
      const rows: Row[] = [];
      let next = 0;
      for (let r = 0; r < k && next < items.length; r++) {
        const y = box.area.cy - (k * lineH) / 2 + lineH * (r + 0.5);
        const [left, right] = rowRoom(box, y - size * 0.6, y + size * 0.6);
        const row: Row = { items: [], left, right, y };
        let used = 0;
        while (next < items.length) {
          const w = itemEms(items[next]!) * size;
          const add = (row.items.length ? gap : 0) + w;
          if (used + add > right - left && row.items.length > 0) break;
          if (used + add > right - left && size > 7) break;
          used += add;
          row.items.push(items[next++]!);
        }
        rows.push(row);
      }
      last = { size, rows };
      if (next === items.length && rows.every((r) => r.items.length > 0)) return last;
    }
  }
  // Too many for the box even at 7: everything on rows of the smallest size, overflowing if it must.
  return last!;
}

function itemsSvg(items: Item[], box: Box): string {
  if (items.length === 0) return '';
  const { size, rows } = arrange(items, box);
  const gap = size * 0.5;
  let out = '';
  for (const row of rows) {
    const widths = row.items.map((it) => itemEms(it) * size);
    let x = (row.left + row.right) / 2 - (widths.reduce((a, b) => a + b, 0) + gap * (row.items.length - 1)) / 2;
    const y = row.y + size * 0.36;
    row.items.forEach((it, i) => {
      const colour = it.transit ? ` fill="${TRANSIT_INK}" font-style="italic"` : '';
      const marks = it.marks ? `<tspan font-size="${n(size * MARK_SCALE)}">${esc(it.marks)}</tspan>` : '';
      out += `<text x="${n(x + widths[i]! / 2)}" y="${n(y)}" font-size="${size}"${colour} ${it.attrs}>${esc(it.main)}${marks}</text>`;
      x += widths[i]! + gap;
    });
  }
  return out;
}

const timeOf = (m: ChartMomentLine) => `${m.datetime.replace(/:00$/, '')} ${m.timezone}`;
const latLon = (lat: number, lon: number) => `${Math.abs(lat).toFixed(3)}°${lat < 0 ? 'S' : 'N'} ${Math.abs(lon).toFixed(3)}°${lon < 0 ? 'W' : 'E'}`;

function grahaItem(p: PlacedPoint, pic: ChartPicture, house: number, transit: boolean): Item {
  const w = WORDS[pic.lang];
  const marks = (p.retrograde ? `(${w.retro})` : '') + (p.combust ? `(${w.combust})` : '');
  const flags = (p.retrograde ? ' data-retrograde="true"' : '') + (p.combust ? ' data-combust="true"' : '') + (transit ? ' data-transit="true"' : '');
  return {
    main: w.graha[p.id] + (pic.degrees ? ` ${dms(p.degree)}` : ''),
    marks,
    attrs: `data-graha="${p.id}" data-sign="${p.sign}" data-house="${house}"${flags}`,
    transit,
  };
}

/** The placements in words, house by house, for a screen reader. */
function description(pic: ChartPicture, vargaTitle: string): string {
  const w = WORDS[pic.lang];
  const named = (p: PlacedPoint) => {
    const notes = [p.retrograde ? w.retroWord : '', p.combust ? w.combustWord : ''].filter(Boolean);
    return `${w.grahaName[p.id]}${pic.degrees ? ` ${dms(p.degree)}` : ''}${notes.length ? ` (${notes.join(', ')})` : ''}`;
  };
  const byHouse = (grahas: PlacedPoint[]) => {
    const parts: string[] = [];
    for (let h = 1; h <= 12; h++) {
      const here = grahas.filter((g) => houseOf(g.sign, pic.lagnaSign) === h);
      if (here.length) parts.push(`${w.house} ${h}, ${w.sign[signOfHouse(h, pic.lagnaSign) - 1]}: ${here.map(named).join(', ')}.`);
    }
    return parts.join(' ');
  };
  const head = `${w.chart[pic.style]}, ${vargaTitle}${pic.name ? `, ${pic.name}` : ''}, ${timeOf(pic.birth)}, ${latLon(pic.latitude, pic.longitude)}.`;
  const lagna = `${w.lagna}: ${w.sign[pic.lagnaSign - 1]} (${w.house} 1).`;
  const transit = pic.transit ? ` ${w.transit} ${timeOf(pic.transit)}: ${byHouse(pic.transit.grahas)}` : '';
  return `${head} ${lagna} ${byHouse(pic.grahas)}${transit}`;
}

export function drawSvg(pic: ChartPicture, size: number): string {
  const w = WORDS[pic.lang];
  const layout = LAYOUTS[pic.style];
  const vargaTitle = `${pic.varga} ${w.varga[pic.varga]}`;
  const lines = [
    { text: [pic.name, vargaTitle].filter(Boolean).join(' · '), size: 15, weight: 'bold', fill: INK },
    { text: `${timeOf(pic.birth)} · ${latLon(pic.latitude, pic.longitude)}`, size: 12, weight: 'normal', fill: INK },
    ...(pic.transit ? [{ text: `${w.transit} ${timeOf(pic.transit)}`, size: 12, weight: 'normal', fill: TRANSIT_INK }] : []),
  ];
  const band = 12 + lines.length * 17;
  const height = W + band;
  const px = (v: number) => Math.round((v * size) / W);
  const title = `${w.chart[pic.style]}: ${lines.map((l) => l.text).join(', ')}`;

  // Which box a sign falls in: by sign where the signs are fixed, by house where they move.
  const boxOfSign = (sign: number) => (layout.fixedSigns ? sign : houseOf(sign, pic.lagnaSign));
  const signInBox = (k: number) => (layout.fixedSigns ? k : signOfHouse(k, pic.lagnaSign));
  const lagnaBox = boxOfSign(pic.lagnaSign);

  const contents: Item[][] = Array.from({ length: 13 }, () => []);
  contents[lagnaBox]!.push({ main: w.graha.Lg, marks: '', attrs: `data-graha="Lg" data-sign="${pic.lagnaSign}" data-house="1"`, transit: false });
  for (const p of pic.grahas) contents[boxOfSign(p.sign)]!.push(grahaItem(p, pic, houseOf(p.sign, pic.lagnaSign), false));
  for (const p of pic.transit?.grahas ?? []) contents[boxOfSign(p.sign)]!.push(grahaItem(p, pic, houseOf(p.sign, pic.lagnaSign), true));

  let boxes = '';
  let signs = '';
  let grahas = '';
  layout.boxes.forEach((b, i) => {
    const k = i + 1;
    const sign = signInBox(k);
    const house = houseOf(sign, pic.lagnaSign);
    const fill = k === lagnaBox ? LAGNA_FILL : 'none';
    boxes += `<polygon points="${b.points.map(([x, y]) => `${n(x)},${n(y)}`).join(' ')}" fill="${fill}" data-house="${house}" data-sign="${sign}"/>`;
    const label = layout.fixedSigns ? w.signShort[sign - 1]! : String(sign);
    signs += `<text x="${n(b.label.x)}" y="${n(b.label.y)}" text-anchor="${b.label.anchor}" font-size="${layout.fixedSigns ? 10 : 12}">${esc(label)}</text>`;
    grahas += itemsSvg(contents[k]!, b);
  });
  // South Indian charts mark the lagna's box with a stroke across its corner.
  const lagnaStroke =
    pic.style === 'south'
      ? (() => {
          const [x, y] = layout.boxes[lagnaBox - 1]!.points[0]!;
          return `<line x1="${n(x)}" y1="${n(y + 30)}" x2="${n(x + 30)}" y2="${n(y)}" stroke="${FRAME}" stroke-width="1.5"/>`;
        })()
      : '';
  const centre = layout.centre
    ? `<text x="${n(layout.centre.x + layout.centre.w / 2)}" y="${n(layout.centre.y + layout.centre.h / 2 - 4)}" text-anchor="middle" font-size="${layout.centre.w > 150 ? 28 : 22}" font-weight="bold" fill="${SIGN_INK}">${pic.varga}</text>` +
      `<text x="${n(layout.centre.x + layout.centre.w / 2)}" y="${n(layout.centre.y + layout.centre.h / 2 + 18)}" text-anchor="middle" font-size="13" fill="${SIGN_INK}">${esc(w.varga[pic.varga]!)}</text>`
    : '';

  const titleSvg = lines
    .map(
      (l, i) =>
        `<text x="${W / 2}" y="${n(8 + 17 * (i + 1) - (i === 0 ? 0 : 2))}" text-anchor="middle" font-size="${l.size}"${l.weight === 'bold' ? ' font-weight="bold"' : ''} fill="${l.fill}">${esc(l.text)}</text>`,
    )
    .join('');

  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${px(height)}" viewBox="0 0 ${W} ${height}" role="img" aria-labelledby="chart-title chart-desc" lang="${pic.lang}" data-style="${pic.style}" data-varga="${pic.varga}" data-lagna-sign="${pic.lagnaSign}">` +
    `<title id="chart-title">${esc(title)}</title><desc id="chart-desc">${esc(description(pic, vargaTitle))}</desc>` +
    `<rect width="${W}" height="${height}" fill="${PAPER}"/>` +
    `<g font-family="${FONTS[pic.lang]}">` +
    `<g data-part="title">${titleSvg}</g>` +
    `<g transform="translate(0 ${band})">` +
    `<g data-part="houses" stroke="${FRAME}" stroke-width="1.5" stroke-linejoin="round">${boxes}</g>${lagnaStroke}` +
    `<g data-part="signs" fill="${SIGN_INK}">${signs}</g>${centre}` +
    `<g data-part="grahas" fill="${INK}" text-anchor="middle">${grahas}</g>` +
    `</g></g></svg>`
  );
}
