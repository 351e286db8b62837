// The PNG writer packs each module row once and copies it to the pixel rows below: every pixel
// must still be the module under its centre, at sizes that divide the code evenly and not.

import { PNG } from 'pngjs';
import QRCode from 'qrcode';
import { describe, expect, it } from 'vitest';
import { matrixPng } from './png.js';

describe('matrixPng', () => {
  for (const px of [64, 99, 256, 301]) {
    it(`paints each of ${px}×${px} pixels as the module under its centre`, () => {
      const { modules } = QRCode.create('https://example.org/?q=jankari', { errorCorrectionLevel: 'Q' });
      const margin = 3;
      const total = modules.size + 2 * margin;
      const img = PNG.sync.read(matrixPng(modules, { px, margin, dark: '#102030', light: '#f0e0d0' }));
      let wrong = 0;
      for (let y = 0; y < px; y++) {
        for (let x = 0; x < px; x++) {
          const my = Math.floor(((y + 0.5) * total) / px) - margin;
          const mx = Math.floor(((x + 0.5) * total) / px) - margin;
          const dark = my >= 0 && my < modules.size && mx >= 0 && mx < modules.size && modules.data[my * modules.size + mx] === 1;
          if (img.data[(y * px + x) * 4] !== (dark ? 0x10 : 0xf0)) wrong++;
        }
      }
      expect(wrong).toBe(0);
    });
  }
});
