// Route table of the qr module: the image (or, for UPI, the link as JSON), with long caching.

import type { FastifyReply } from 'fastify';
import type { App } from '../../core/module.js';
import { QrAnswers, QrQuery, UpiAnswers, UpiQuery } from './schemas.js';
import { drawQr, type QrImage } from './service.js';
import { upiLink } from './upi.js';

// An image is a pure function of its URL: cache it for a year. Its ETag is a hash of the
// parameters (cheaper than of the image); the app's conditional-GET hook answers 304 to it.
const CACHE_CONTROL = 'public, max-age=31536000, immutable';

function sendImage(reply: FastifyReply, img: QrImage) {
  return reply.header('cache-control', CACHE_CONTROL).header('etag', img.etag).type(img.contentType).send(img.body);
}

export function qrRoutes(app: App): void {
  app.get(
    '/qr',
    {
      schema: {
        summary: 'QR code of a text, as PNG or SVG (size, margin, error correction and colours set by parameters)',
        querystring: QrQuery,
        response: { 200: QrAnswers },
      },
      config: { example: '/qr?text=https%3A%2F%2Fexample.org&format=svg' },
    },
    async (req, reply) => sendImage(reply, await drawQr(req.query.text, req.query)),
  );
  app.get(
    '/qr/upi',
    {
      schema: {
        summary: 'UPI payment link (upi://pay, NPCI parameters) and its QR code: png, svg, or json with the link',
        querystring: UpiQuery,
        response: { 200: UpiAnswers },
      },
      config: { example: '/qr/upi?pa=shop%40okaxis&pn=Asha%20Stores&am=149.5&tn=Order%2042' },
    },
    async (req, reply) => {
      const upi = upiLink(req.query);
      if (req.query.format === 'json') return { status: 'ok', ...upi };
      return sendImage(reply, await drawQr(upi.link, { ...req.query, format: req.query.format }, 'pa'));
    },
  );
}
