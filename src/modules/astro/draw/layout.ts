// Where each box of the three chart styles lies, in a 400 × 400 square: its outline, the area its
// grahas are written in, and where its sign is printed.
//   north (North Indian, diamond): the houses are fixed, house 1 the top diamond, then counter-
//     clockwise; the sign numbers move with the lagna.
//   south (South Indian): the signs are fixed, Meena (Pisces) top-left, then clockwise round a
//     4 × 4 grid; the lagna's box is marked with a diagonal stroke.
//   east (East Indian, Bengali): the signs are fixed, Mesha (Aries) top-middle, then counter-
//     clockwise round a 3 × 3 grid whose corner squares are cut in two along their diagonals.

import type { ChartStyle } from './picture.js';

export const SQUARE = 400;

type Pt = readonly [number, number];

export interface Box {
  /** The outline. */
  points: readonly Pt[];
  /** The area graha labels fill: centre, width, height. */
  area: { cx: number; cy: number; w: number; h: number };
  /** Where its sign (number or name) is written, and its text-anchor. */
  label: { x: number; y: number; anchor: 'start' | 'middle' | 'end' };
}

export interface Layout {
  /** Boxes keyed by house (north) or by sign (south, east), 1..12. */
  boxes: readonly Box[];
  fixedSigns: boolean;
  /** The lines of the frame beyond the boxes' outlines (none: the outlines draw it). */
  centre?: { x: number; y: number; w: number; h: number };
}

const S = SQUARE;
const H = S / 2;
const Q = S / 4;
const T = S / 3;

const north = (): Layout => {
  // House 1 is the top diamond; counter-clockwise after it. [outline, area, sign label]
  const C: Pt = [H, H];
  const diamond = (top: Pt, right: Pt, bottom: Pt, left: Pt, area: Box['area'], label: Box['label']): Box => ({
    points: [top, right, bottom, left],
    area,
    label,
  });
  const tri = (a: Pt, b: Pt, c: Pt, area: Box['area'], label: Box['label']): Box => ({ points: [a, b, c], area, label });
  const m = (x: number, y: number, anchor: Box['label']['anchor'] = 'middle') => ({ x, y, anchor });
  return {
    fixedSigns: false,
    boxes: [
      diamond([H, 0], [3 * Q, Q], C, [Q, Q], { cx: H, cy: 92, w: 124, h: 96 }, m(H, 176)),
      tri([0, 0], [H, 0], [Q, Q], { cx: Q, cy: 30, w: 136, h: 56 }, m(Q, 84)),
      tri([0, 0], [Q, Q], [0, H], { cx: 36, cy: Q, w: 72, h: 124 }, m(80, Q + 4)),
      diamond([Q, Q], C, [Q, 3 * Q], [0, H], { cx: 92, cy: H, w: 110, h: 110 }, m(176, H + 4)),
      tri([0, H], [Q, 3 * Q], [0, S], { cx: 36, cy: 3 * Q, w: 72, h: 124 }, m(80, 3 * Q + 4)),
      tri([0, S], [Q, 3 * Q], [H, S], { cx: Q, cy: S - 30, w: 136, h: 56 }, m(Q, 3 * Q + 24)),
      diamond(C, [3 * Q, 3 * Q], [H, S], [Q, 3 * Q], { cx: H, cy: S - 92, w: 124, h: 96 }, m(H, H + 32)),
      tri([H, S], [3 * Q, 3 * Q], [S, S], { cx: 3 * Q, cy: S - 30, w: 136, h: 56 }, m(3 * Q, 3 * Q + 24)),
      tri([S, S], [3 * Q, 3 * Q], [S, H], { cx: S - 36, cy: 3 * Q, w: 72, h: 124 }, m(S - 80, 3 * Q + 4)),
      diamond([3 * Q, Q], [S, H], [3 * Q, 3 * Q], C, { cx: S - 92, cy: H, w: 110, h: 110 }, m(H + 24, H + 4)),
      tri([S, H], [3 * Q, Q], [S, 0], { cx: S - 36, cy: Q, w: 72, h: 124 }, m(S - 80, Q + 4)),
      tri([S, 0], [3 * Q, Q], [H, 0], { cx: 3 * Q, cy: 30, w: 136, h: 56 }, m(3 * Q, 84)),
    ],
  };
};

const rect = (x: number, y: number, w: number, h: number): Box => ({
  points: [
    [x, y],
    [x + w, y],
    [x + w, y + h],
    [x, y + h],
  ],
  area: { cx: x + w / 2, cy: y + h / 2 + 6, w: w - 10, h: h - 26 },
  label: { x: x + 5, y: y + 13, anchor: 'start' },
});

const south = (): Layout => {
  // Cells of the 4 × 4 grid, Mesha first: Aries to Gemini along the top after Pisces, down the
  // right, back along the bottom and up the left.
  const cells: Pt[] = [
    [1, 0],
    [2, 0],
    [3, 0],
    [3, 1],
    [3, 2],
    [3, 3],
    [2, 3],
    [1, 3],
    [0, 3],
    [0, 2],
    [0, 1],
    [0, 0],
  ];
  return { fixedSigns: true, boxes: cells.map(([c, r]) => rect(c * Q, r * Q, Q, Q)), centre: { x: Q, y: Q, w: H, h: H } };
};

const east = (): Layout => {
  const tri = (a: Pt, b: Pt, c: Pt, cx: number, cy: number, label: Box['label']): Box => ({ points: [a, b, c], area: { cx, cy, w: 126, h: 64 }, label });
  const m = 2 * T;
  return {
    fixedSigns: true,
    centre: { x: T, y: T, w: T, h: T },
    boxes: [
      rect(T, 0, T, T), // Mesha, top middle
      tri([0, 0], [T, 0], [T, T], 80, 50, { x: T - 5, y: 13, anchor: 'end' }), // Vrishabha, top-left, upper half
      tri([0, 0], [T, T], [0, T], 50, 80, { x: 5, y: T - 6, anchor: 'start' }), // Mithuna, top-left, lower half
      rect(0, T, T, T), // Karka, left middle
      tri([0, m], [T, m], [0, S], 50, m + 50, { x: 5, y: m + 13, anchor: 'start' }), // Simha, bottom-left, upper half
      tri([0, S], [T, m], [T, S], 80, S - 50, { x: T - 5, y: S - 6, anchor: 'end' }), // Kanya, bottom-left, lower half
      rect(T, m, T, T), // Tula, bottom middle
      tri([m, m], [m, S], [S, S], m + 50, S - 50, { x: m + 5, y: S - 6, anchor: 'start' }), // Vrischika, bottom-right, lower half
      tri([m, m], [S, m], [S, S], S - 50, m + 50, { x: S - 5, y: m + 13, anchor: 'end' }), // Dhanu, bottom-right, upper half
      rect(m, T, T, T), // Makara, right middle
      tri([S, 0], [S, T], [m, T], S - 50, T - 50, { x: S - 5, y: T - 6, anchor: 'end' }), // Kumbha, top-right, lower half
      tri([m, 0], [S, 0], [m, T], m + 50, 50, { x: m + 5, y: 13, anchor: 'start' }), // Meena, top-right, upper half
    ],
  };
};

export const LAYOUTS: Record<ChartStyle, Layout> = { north: north(), south: south(), east: east() };
