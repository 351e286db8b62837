// Compression of answers over 1 KiB for clients that ask (Accept-Encoding): Brotli at a fast
// level, else gzip. Only compressible types (JSON, text, HTML, SVG); images go as they are.
// Brotli's default level 11 costs tens of milliseconds on a 60 KB chart; level 4 compresses
// almost as well for JSON at a fraction of the time (figures in decision 0010). A compressed
// request body (Content-Encoding) is inflated only where a body is read: POST /mcp.

import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

export async function registerCompression(app: FastifyInstance): Promise<void> {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
    // Request bodies are read by POST /mcp alone (src/plugins/mcp.ts turns decompression on
    // there): every other route is a GET, and a preParsing hook on each cost every request a step.
    globalDecompression: false,
  });
}
