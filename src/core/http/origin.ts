// The address the service's pages write into copyable calls (curl lines): the public address
// when one is configured, else the one the page was asked at, if its Host is a plain host name.

import type { FastifyRequest } from 'fastify';

const PLAIN_HOST = /^[A-Za-z0-9.-]+(:\d+)?$|^\[[0-9A-Fa-f:.]+\](:\d+)?$/;

export function publicOrigin(req: FastifyRequest, publicBase: string | undefined): string {
  if (publicBase) return publicBase.replace(/\/$/, '');
  return PLAIN_HOST.test(req.host) ? `${req.protocol}://${req.host}` : 'http://localhost';
}
