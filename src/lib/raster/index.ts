// sharp (libvips), set up once for the process: every module that rasterises (the PNG charts,
// the liquor label cards, WebP screenshots) imports it from here, so the settings below hold
// wherever an image is made. How many images are made at once is the app's raster slots
// (ctx.raster, RASTER_CONCURRENCY); a burst beyond its queue is answered 503.
//
// Measured with bench/raster.ts (1,200 PNG charts of 2,400 px sent at once): see
// docs/decisions/rasterising.md for the figures. The fonts it draws text with: fonts.ts.

// First: the fonts the renderer finds are set before sharp (and fontconfig) load.
import './fonts.js';
import sharp from 'sharp';

// libvips keeps recent operations and their pixels for reuse (up to 50 MB and 100 operations by
// default). Every image here is drawn from a different SVG or screenshot, so nothing is ever
// reused: the cache would only hold memory.
sharp.cache(false);
// One libvips worker thread per image. The slots decide how many images run at once; threads
// within one image would multiply its buffers (and, on glibc, its malloc arenas) for a picture
// that takes a few hundred milliseconds anyway. sharp picks 1 itself on glibc without jemalloc,
// but not elsewhere.
sharp.concurrency(1);

export { sharp };
