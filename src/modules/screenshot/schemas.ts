// Request schema of /screenshot. The limits keep one shot within a browser's means: a viewport
// of at most 1920 × 1920, a full page at most LIMITS.fullPageHeight tall and LIMITS.maxPixels
// in area, a delay that leaves the deadline time to load.

import { BinaryBody, ContentTypes, Flag, IntRange, Type, defaulted, type Static } from '../../core/schema.js';

export const LIMITS = {
  /** Tallest full-page image (CSS pixels). */
  fullPageHeight: 8000,
  /** Largest full-page image area: 12 million pixels (1280 × 8000 fits; 1920 wide stops at 6250). */
  maxPixels: 12_000_000,
  /** Images larger than this are answered but not cached (the cache counts entries, not bytes). */
  maxCachedBytes: 2_000_000,
};

export const FORMATS = ['png', 'jpeg', 'webp'] as const;
export type ImageFormat = (typeof FORMATS)[number];

export const ScreenshotQuery = Type.Object({
  url: Type.String({ minLength: 1, maxLength: 2048, description: 'a full http(s) URL, or a bare hostname to which https is added' }),
  width: IntRange(320, 1920, 1280, 'viewport width in CSS pixels'),
  height: IntRange(240, 1920, 800, 'viewport height in CSS pixels (with full_page=1, the least image height)'),
  full_page: Flag('0', `1 captures the whole page, down to ${LIMITS.fullPageHeight} pixels and ${LIMITS.maxPixels / 1e6} million pixels in all`),
  format: defaulted(Type.Enum([...FORMATS], { default: 'png', description: 'png, jpeg or webp' })),
  quality: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, description: 'jpeg and webp quality (default 80); not for png' })),
  delay: IntRange(0, 5000, 0, 'milliseconds to wait after the page loaded, for scripts and animations'),
  dark: Flag('0', '1 asks the page for its dark colour scheme (prefers-color-scheme: dark)'),
});
export type ScreenshotQuery = Static<typeof ScreenshotQuery>;

export const ScreenshotAnswers = ContentTypes(
  'The image, in the format asked for',
  Object.fromEntries(FORMATS.map((f) => [`image/${f}`, BinaryBody(`image/${f}`)])),
  {
    'x-final-url': Type.String({ description: 'the page shot, after redirects' }),
    'x-cache': Type.String({ enum: ['hit', 'miss', 'stale'], description: 'stale: an earlier shot, served because the page could not be shot now' }),
    'last-modified': Type.String({ description: 'when the shot was taken' }),
  },
);
