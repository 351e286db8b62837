// QR codes drawn with the qrcode package (MIT). An image depends only on its parameters, so its
// ETag is a hash of them and it may be cached for a year.

import { createHash } from 'node:crypto';
import type QRCodeLib from 'qrcode';
import { lazyRequire } from '../../core/lazy.js';
import { invalidParam } from '../../core/errors.js';
import type { QrQuery } from './schemas.js';
import { matrixPng } from './png.js';

// Loaded on the first code drawn (core/lazy.ts).
const qrcode = lazyRequire<typeof QRCodeLib>('qrcode');

/** Bytes a version-40 code holds in byte mode, per error-correction level (ISO/IEC 18004). */
export const CAPACITY = { L: 2953, M: 2331, Q: 1663, H: 1273 } as const;

export type Drawing = Pick<QrQuery, 'format' | 'size' | 'margin' | 'ecc' | 'dark' | 'light'>;

export interface QrImage {
  body: Buffer | string;
  contentType: string;
  etag: string;
}

const hex = (c: string) => `#${c.replace(/^#/, '').toLowerCase()}`;

export async function drawQr(text: string, d: Drawing, param = 'text'): Promise<QrImage> {
  const bytes = Buffer.byteLength(text);
  const max = CAPACITY[d.ecc];
  if (bytes > max)
    throw invalidParam(param, `${param} is ${bytes} bytes; a QR code holds at most ${max} bytes at ecc=${d.ecc} (L holds the most: ${CAPACITY.L})`, {
      limit: max,
    });
  const opts = { errorCorrectionLevel: d.ecc, margin: d.margin, color: { dark: hex(d.dark), light: hex(d.light) } };
  const etag = `"${createHash('sha256')
    .update(JSON.stringify([text, d.format, d.size, d.margin, d.ecc, hex(d.dark), hex(d.light)]))
    .digest('base64url')
    .slice(0, 27)}"`;
  if (d.format === 'svg') {
    return { body: await qrcode().toString(text, { ...opts, type: 'svg' }), contentType: 'image/svg+xml; charset=utf-8', etag };
  }
  const { modules } = qrcode().create(text, { errorCorrectionLevel: d.ecc });
  return { body: matrixPng(modules, { px: d.size, margin: d.margin, dark: hex(d.dark), light: hex(d.light) }), contentType: 'image/png', etag };
}
