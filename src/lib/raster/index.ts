// sharp (libvips), set up once for the process: every module that rasterises (the PNG charts,
// the liquor label cards, WebP screenshots) imports it from here, so the settings below hold
// wherever an image is made. How many images are made at once is the app's raster slots
// (ctx.raster, RASTER_CONCURRENCY); a burst beyond its queue is answered 503.
//
// Measured with bench/raster.ts (1,200 PNG charts of 2,400 px sent at once): see
// docs/decisions/rasterising.md for the figures. The fonts it draws text with: fonts.ts.

import type Sharp from 'sharp';
import { lazyRequire } from '../../core/lazy.js';
import { useBundledFonts } from './fonts.js';

const load = lazyRequire<typeof Sharp>('sharp');
let configured: typeof Sharp | undefined;

/** sharp, loaded and set up on the first image (core/lazy.ts): a start makes none. */
function lib(): typeof Sharp {
  if (configured) return configured;
  // Before sharp (and fontconfig) load: the fonts the renderer finds (fonts.ts).
  useBundledFonts();
  const s = load();
  // libvips keeps recent operations and their pixels for reuse (up to 50 MB and 100 operations by
  // default). Every image here is drawn from a different SVG or screenshot, so nothing is ever
  // reused: the cache would only hold memory.
  s.cache(false);
  // One libvips worker thread per image. The slots decide how many images run at once; threads
  // within one image would multiply its buffers (and, on glibc, its malloc arenas) for a picture
  // that takes a few hundred milliseconds anyway. sharp picks 1 itself on glibc without jemalloc,
  // but not elsewhere.
  s.concurrency(1);
  configured = s;
  return s;
}

/** sharp as the modules use it (sharp(input), sharp.cache()…): loaded and set up by the first use. */
export const sharp = new Proxy(lib as unknown as typeof Sharp, {
  apply: (_target, _this, args: Parameters<typeof Sharp>) => lib()(...args),
  get: (_target, key) => Reflect.get(lib(), key),
});
