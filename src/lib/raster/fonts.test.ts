import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BUNDLED_FONTS_DIR, fontconfigWith } from './fonts.js';
import { sharp } from './index.js';

/** Width of a line of text as the renderer draws it (its ink, trimmed). */
async function inkWidth(text: string): Promise<number> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="60"><text x="4" y="40" font-size="32" font-family="Noto Sans Devanagari, sans-serif">${text}</text></svg>`;
  const { info } = await sharp(Buffer.from(svg)).trim().toBuffer({ resolveWithObject: true });
  return info.width;
}

describe('the fonts the rasteriser finds', () => {
  it('ships Noto Sans Devanagari with its licence beside it', () => {
    expect(existsSync(join(BUNDLED_FONTS_DIR, 'NotoSansDevanagari-Regular.ttf'))).toBe(true);
    expect(existsSync(join(BUNDLED_FONTS_DIR, 'OFL.txt'))).toBe(true);
  });

  it("keeps the host's configuration and adds the shipped folder, as XML", () => {
    const conf = fontconfigWith('/etc/fonts/a&b.conf', '/opt/x<y>/');
    expect(conf).toContain('<include ignore_missing="yes">/etc/fonts/a&amp;b.conf</include>');
    expect(conf).toContain('<dir>/opt/x&lt;y&gt;/</dir>');
  });

  // Before the font shipped, a host without a Devanagari font (this project's CI machine among them)
  // drew these letters as boxes, each as wide as a box for a private-use character.
  it('draws Devanagari letters, not boxes, on any host', async () => {
    const [letters, boxes] = await Promise.all([inkWidth('कखगघ'), inkWidth('\uE000\uE001\uE002\uE003')]);
    expect(letters).not.toBe(boxes);
  });
});
