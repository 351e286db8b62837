// The /train route table: validated input → one service call → the answer.

import type { App } from '../../core/module.js';
import type { TrainService } from './service.js';
import * as S from './schemas.js';

export function trainRoutes(app: App, service: TrainService): void {
  app.get(
    '/train',
    {
      schema: { summary: 'Trains between two stations on a date', querystring: S.BetweenQuery, response: { 200: S.BetweenResponse } },
      config: { example: '/train?from=NZM&to=TVC' },
    },
    async (req) => service.between(req.query.from, req.query.to, req.query.date),
  );
  app.get(
    '/train/info',
    {
      schema: { summary: 'Train info: terminals, times, distance, running days', querystring: S.NumberQuery, response: { 200: S.InfoResponse } },
      config: { example: '/train/info?number=12951' },
    },
    async (req) => service.info(req.query.number),
  );
  app.get(
    '/train/route',
    {
      schema: { summary: 'Station-wise route with timings and coordinates', querystring: S.NumberQuery, response: { 200: S.RouteResponse } },
      config: { example: '/train/route?number=12951' },
    },
    async (req) => service.route(req.query.number),
  );
  app.get(
    '/train/pnr',
    {
      schema: { summary: 'PNR status: train, date, class and each passenger', querystring: S.PnrQuery, response: { 200: S.PnrResponse } },
      config: { example: '/train/pnr?number=1234567890' },
    },
    async (req) => service.pnr(req.query.number),
  );
  app.get(
    '/train/live',
    {
      schema: { summary: 'Train status on a date with fares by class', querystring: S.LiveQuery, response: { 200: S.LiveResponse } },
      config: { example: '/train/live?number=12432' },
    },
    async (req) => service.live(req.query.number, req.query.date),
  );
  app.get(
    '/train/stations',
    {
      schema: { summary: 'Stations by code or name', querystring: S.StationsQuery, response: { 200: S.StationsResponse } },
      config: { example: '/train/stations?q=delhi' },
    },
    async (req) => service.stations(req.query.q, req.query.limit),
  );
}
