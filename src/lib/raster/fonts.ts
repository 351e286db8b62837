// The fonts the rasteriser finds: the host's, through its own fontconfig configuration, and the ones
// this project ships in data/ (Noto Sans Devanagari, OFL; SOURCES.md). Most servers and containers
// have no Devanagari font, and librsvg draws a letter no font has as a box: with this folder added, a
// Hindi chart PNG is drawn in Hindi on any host (issue 44).
//
// fontconfig reads FONTCONFIG_FILE when it first starts, at the first text an image draws, so
// setting it before sharp is loaded (src/lib/raster/index.ts calls useBundledFonts first, on the
// first image) is in time. A FONTCONFIG_FILE the operator set is kept: it is included, and the folder added to it.

import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { processFontconfig } from '../../config.js';

/** The folder of the shipped fonts (copied to dist/ with every data folder). */
export const BUNDLED_FONTS_DIR = fileURLToPath(new URL('./data/', import.meta.url));

const xml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** A fontconfig file that includes `base` (the host's configuration) and adds the shipped fonts. */
export function fontconfigWith(base: string, dir = BUNDLED_FONTS_DIR): string {
  return [
    '<?xml version="1.0"?>',
    '<!DOCTYPE fontconfig SYSTEM "urn:fontconfig:fonts.dtd">',
    '<fontconfig>',
    `  <include ignore_missing="yes">${xml(base)}</include>`,
    `  <dir>${xml(dir)}</dir>`,
    '</fontconfig>',
    '',
  ].join('\n');
}

const PREFIX = 'jankari-fonts-';

let done = false;

/** Points fontconfig at the host's fonts plus the shipped ones; once per process. */
export function useBundledFonts(): void {
  if (done) return;
  done = true;
  const base = processFontconfig.get() || '/etc/fonts/fonts.conf';
  // A worker thread starts with its process's environment: the shipped fonts are in already.
  if (base.includes(PREFIX)) return;
  try {
    const file = join(mkdtempSync(join(tmpdir(), PREFIX)), 'fonts.conf');
    writeFileSync(file, fontconfigWith(base));
    processFontconfig.set(file);
  } catch {
    // A read-only temporary folder: the host's fonts alone; a Hindi PNG then says it fell back to English.
  }
}
