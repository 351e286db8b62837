// Route table of the qr module: the image (or, for UPI, the link as JSON), with long caching.

import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from '../../core/module.js';
import { QrQuery, UpiQuery } from './schemas.js';
import { drawQr, type QrImage } from './service.js';
import { upiLink } from './upi.js';

// An image is a pure function of its URL: cache it for a year, revalidate with the ETag.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

function sendImage(req: FastifyRequest, reply: FastifyReply, img: QrImage) {
  reply.header('cache-control', CACHE_CONTROL).header('etag', img.etag);
  if (req.headers['if-none-match'] === img.etag) return reply.code(304).send();
  return reply.type(img.contentType).send(img.body);
}

export function qrRoutes(app: App): void {
  app.get(
    '/qr',
    {
      schema: { summary: 'QR code of a text, as PNG or SVG (size, margin, error correction and colours set by parameters)', querystring: QrQuery },
      config: { example: '/qr?text=https%3A%2F%2Fexample.org&format=svg' },
    },
    async (req, reply) => sendImage(req, reply, await drawQr(req.query.text, req.query)),
  );
  app.get(
    '/qr/upi',
    {
      schema: { summary: 'UPI payment link (upi://pay, NPCI parameters) and its QR code: png, svg, or json with the link', querystring: UpiQuery },
      config: { example: '/qr/upi?pa=shop%40okaxis&pn=Asha%20Stores&am=149.5&tn=Order%2042' },
    },
    async (req, reply) => {
      const upi = upiLink(req.query);
      if (req.query.format === 'json') return { status: 'ok', ...upi };
      return sendImage(req, reply, await drawQr(upi.link, { ...req.query, format: req.query.format }, 'pa'));
    },
  );
}
