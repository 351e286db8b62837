import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { fakeUpstream, type FakeUpstream, type RecordedRequest } from '../../../test/helpers/fake-upstream.js';
import { REDIS_URL } from '../../../test/helpers/env.js';
import { RAJDHANI_FARES, RAJDHANI_LEG, fixtureJson, fixtureText } from './fixtures/index.js';
import { STATIONS_JOB } from './index.js';
import { parsePnr } from './providers/confirmtkt.js';

// Tuesday 24 November 2026, 10:00 in India.
const NOW = new Date('2026-11-24T04:30:00Z');
const stationsBody = fixtureText('datameet-stations-cut.json');

let erail: FakeUpstream;
let ct: FakeUpstream;
let ry: FakeUpstream;
let datameet: FakeUpstream;

function erailRoutes() {
  erail.set('GET /rail/getTrains.aspx', (r: RecordedRequest) => {
    const train = r.query.get('TrainNo');
    if (train) return { body: train === '12432' ? fixtureText('erail-train-12432.txt') : fixtureText('erail-train-not-found.txt') };
    if (r.query.get('Station_From') === 'NZM' && r.query.get('Station_To') === 'TVC') return { body: fixtureText('erail-between-nzm-tvc.txt') };
    return { body: fixtureText('erail-no-direct.txt') };
  });
  erail.set('GET /data.aspx', (r: RecordedRequest) =>
    r.query.get('Password') === 'route-key' && r.query.get('Data1') === '4321'
      ? { body: fixtureText('erail-route-4321.txt') }
      : { status: 403, body: 'denied' },
  );
}

function confirmtktRoutes() {
  ct.set('GET /api/v1/trains/search', (r: RecordedRequest) =>
    // Monday the 23rd: the Rajdhani does not leave NZM, so ConfirmTkt lists nothing for it.
    r.query.get('dateOfJourney') === '23-11-2026'
      ? { body: { data: { errorCode: 0, trainList: [] } } }
      : { body: fixtureJson('confirmtkt-search-nzm-tvc.json') },
  );
  ct.set('GET /api/v1/trains/schedule', (r: RecordedRequest) => ({
    body: r.query.get('trainNo') === '12432' ? fixtureJson('confirmtkt-schedule-12432.json') : fixtureJson('confirmtkt-schedule-not-found.json'),
  }));
  ct.set('GET /api/pnr/status/4521376890', { body: fixtureJson('confirmtkt-pnr.json') });
  ct.set('GET /api/pnr/status/4521376891', { body: fixtureJson('confirmtkt-pnr-flushed.json') });
}

function railyatriRoutes() {
  ry.set('GET /api/trains-between-station-with-sa.json', (r: RecordedRequest) =>
    r.query.get('journey_date') === '23-11-2026' ? { body: fixtureJson('railyatri-no-trains.json') } : { body: fixtureJson('railyatri-between-nzm-tvc.json') },
  );
}

const env = () => ({
  TRAIN_ERAIL_URL: erail.url,
  TRAIN_ERAIL_ROUTE_KEY: 'route-key',
  TRAIN_CONFIRMTKT_URL: ct.url,
  TRAIN_CONFIRMTKT_PNR_URL: ct.url,
  TRAIN_RAILYATRI_URL: ry.url,
  TRAIN_STATIONS_URL: `${datameet.url}/stations.json`,
  // The fixture is a 254-station cut of the list; the default (5000) is for the whole list.
  TRAIN_STATIONS_MIN_ROWS: '100',
  // At its most: a busy machine's slow answer is no timeout (the timeout test hangs every provider).
  UPSTREAM_TIMEOUT_MS: '120000',
});

async function start(extra: Record<string, string> = {}, { loadStations = true } = {}) {
  const t = await testApp({ ...env(), ...extra }, { now: () => NOW });
  // The start-up catch-up may hold the job's lock (runNow then answers false at once), and a run
  // of our own may fail on a machine too busy for the fixture upstream's deadline: ask until the
  // stored list answers a search.
  if (loadStations) {
    for (;;) {
      if (await t.ctx.scheduler.runNow(STATIONS_JOB)) {
        const probe = await t.app.inject({ url: '/train/stations?q=loaded-probe' });
        if (probe.statusCode !== 503) break;
      }
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  return t;
}

const down = { status: 503, body: 'maintenance' };

beforeAll(async () => {
  [erail, ct, ry, datameet] = await Promise.all([
    fakeUpstream(),
    fakeUpstream(),
    fakeUpstream(),
    fakeUpstream({ 'GET /stations.json': { body: stationsBody, headers: { 'content-type': 'application/json' } } }),
  ]);
});
afterAll(async () => {
  await Promise.all([erail, ct, ry, datameet].map((u) => u.close()));
});
beforeEach(() => {
  // Provider health belongs to an app: each test's new app starts with every provider healthy.
  erailRoutes();
  confirmtktRoutes();
  railyatriRoutes();
  for (const u of [erail, ct, ry]) u.requests.length = 0;
});

describe('GET /train', () => {
  let t: Awaited<ReturnType<typeof start>>;
  // A new app per test: provider health (suspensions) belongs to the app.
  beforeEach(async () => {
    t = await start();
  });
  afterEach(() => t.close());

  it('lists trains between two stations for today in India by default', async () => {
    const res = await t.app.inject({ url: '/train?from=nzm&to=TVC' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', date: '2026-11-24', count: 1, source: 'erail', cached: false, stale: false });
    expect(body.trains[0]).toEqual({
      ...RAJDHANI_LEG,
      classes: ['1A', '2A', '3A'],
      train_name: 'TVC RAJDHANI',
      from: { code: 'NZM', name: 'H NIZAMUDDIN' },
      to: { code: 'TVC', name: 'TRIVANDRUM CNTL' },
    });
    const again = await t.app.inject({ url: '/train?from=NZM&to=TVC' });
    expect(again.json()).toMatchObject({ cached: true, count: 1 });
    expect(erail.requests).toHaveLength(1);
  });

  it('lists the trains that run on the date asked (a Friday-only train on a Friday)', async () => {
    const res = await t.app.inject({ url: '/train?from=NZM&to=TVC&date=20261127' });
    expect(res.json().trains.map((x: { train_number: string }) => x.train_number)).toEqual(['22634']);
  });

  it('takes the date written YYYY-MM-DD as well as YYYYMMDD', async () => {
    const res = await t.app.inject({ url: '/train?from=NZM&to=TVC&date=2026-11-27' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().trains.map((x: { train_number: string }) => x.train_number)).toEqual(['22634']);
  });

  it('answers an empty list when no train joins the stations', async () => {
    const res = await t.app.inject({ url: '/train?from=NDLS&to=MAO&date=20261125' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ count: 0, trains: [] });
  });

  it('rejects an unknown station with a 404 naming it', async () => {
    const res = await t.app.inject({ url: '/train?from=QQQQ&to=TVC' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ status: 'error', code: 'NOT_FOUND', param: 'from', station: 'QQQQ' });
    expect(res.json().message).toContain('QQQQ');
    expect(erail.requests).toHaveLength(0);
  });

  it.each([
    ['/train?from=NZM&to=TVC&date=20261131', 'date'],
    ['/train?from=NZM&to=TVC&date=2026-11-31', 'date'],
    ['/train?from=NZM&to=TVC&date=20260229', 'date'],
    ['/train?from=N1&to=TVC', 'from'],
    ['/train?from=NZMXX&to=TVC', 'from'],
    ['/train?from=NZM', 'to'],
    ['/train?from=NZM&to=nzm', 'to'],
    ['/train/info?number=123', 'number'],
    ['/train/info?number=123456', 'number'],
    ['/train/route?number=12a32', 'number'],
    ['/train/pnr?number=12345', 'number'],
    ['/train/pnr?number=45213768901', 'number'],
    ['/train/live?number=12432&date=20261340', 'date'],
    ['/train/stations', 'q'],
  ])('rejects %s with a 400 naming %s', async (url, param) => {
    const res = await t.app.inject({ url });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', code: 'INVALID_PARAMETER', param });
  });

  it('fails over to the next provider and suspends the one that failed', async () => {
    erail.set('GET /rail/getTrains.aspx', down);
    const res = await t.app.inject({ url: '/train?from=NZM&to=TVC&date=20261129' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ source: 'confirmtkt', count: 1 });
    expect(res.json().trains[0]).toMatchObject({
      train_number: '12432',
      from: { code: 'NZM', name: 'Hazrat Nizamuddin' },
      days_runs: '0110001',
      duration: '46.59',
    });
    expect(erail.requests).toHaveLength(1);
    // erail is suspended now: the next question goes straight to ConfirmTkt.
    const next = await t.app.inject({ url: '/train?from=NZM&to=TVC&date=20261201' });
    expect(next.json().source).toBe('confirmtkt');
    expect(erail.requests).toHaveLength(1);
  });

  it('answers 502 listing every provider tried when all are down', async () => {
    erail.set('GET /rail/getTrains.aspx', down);
    ct.set('GET /api/v1/trains/search', down);
    ry.set('GET /api/trains-between-station-with-sa.json', { status: 200, body: '<html>oops</html>' });
    const res = await t.app.inject({ url: '/train?from=NZM&to=TVC&date=20261208' });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toMatchObject({ status: 'error', code: 'UPSTREAM_FAILED' });
    expect(res.json().tried).toMatchObject([
      { provider: 'erail', reason: 'unavailable' },
      { provider: 'confirmtkt', reason: 'unavailable' },
      { provider: 'railyatri', reason: 'bad_response' },
    ]);
  });
});

describe('station list', () => {
  it('answers 503 for station search before the list is loaded, and lets the upstreams judge codes', async () => {
    const t = await start({ TRAIN_PROVIDERS: 'erail' }, { loadStations: false });
    try {
      const search = await t.app.inject({ url: '/train/stations?q=delhi' });
      expect(search.statusCode).toBe(503);
      expect(search.json().code).toBe('NOT_READY');
      // says when the list will come, not "retry in a minute" (this test app runs no jobs)
      expect(search.json().message).toBe(
        'the station list: not loaded yet; this instance runs no jobs (SCHEDULER_ENABLED=false), so another instance or the command in hint loads it; train searches still answer; the upstreams judge station codes meanwhile',
      );
      expect(search.json()).toMatchObject({
        state: 'not_run_here',
        job: 'train-stations',
        hint: '`npm run crawl -- train-stations` loads it now; without internet, `npm run import -- train-stations --file <a downloaded copy>` (README: data sets)',
      });
      expect((await t.app.inject({ url: '/train?from=NZM&to=TVC' })).statusCode).toBe(200);
      // Nothing can be called unknown locally yet: erail's "not found" is the answer.
      erail.set('GET /rail/getTrains.aspx', { body: fixtureText('erail-station-not-found.txt') });
      const unknown = await t.app.inject({ url: '/train?from=QQQ&to=TVC' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().tried).toEqual([{ provider: 'erail', reason: 'not_found', message: 'erail: From station not found' }]);
    } finally {
      await t.close();
    }
  });

  it('loads the datameet list through the job and searches it by code or name', async () => {
    const t = await start();
    try {
      const byName = await t.app.inject({ url: '/train/stations?q=nizamuddin' });
      expect(byName.statusCode).toBe(200);
      expect(byName.json().stations.map((s: { code: string }) => s.code)).toContain('NZM');
      const byCode = await t.app.inject({ url: '/train/stations?q=tvc&limit=3' });
      expect(byCode.json().stations[0]).toMatchObject({ code: 'TVC', name: 'TRIVANDRUM CENTRAL' });
      expect(byCode.json().stations[0].lat).toBeCloseTo(8.4867, 3);
      expect(byCode.json().count).toBeLessThanOrEqual(3);
    } finally {
      await t.close();
    }
  });

  it('keeps the stored list when a new download has too few stations', async () => {
    const t = await start();
    try {
      datameet.set('GET /stations.json', {
        body: { type: 'FeatureCollection', features: [{ type: 'Feature', geometry: null, properties: { code: 'ABC', name: 'Only one' } }] },
      });
      await t.ctx.scheduler.runNow(STATIONS_JOB);
      const status = t.ctx.scheduler.status().find((j) => j.name === STATIONS_JOB)!;
      expect(status.last_error).toMatch(/fewer than TRAIN_STATIONS_MIN_ROWS/);
      const res = await t.app.inject({ url: '/train/stations?q=NDLS' });
      expect(res.json().stations[0].code).toBe('NDLS');
    } finally {
      datameet.set('GET /stations.json', { body: stationsBody, headers: { 'content-type': 'application/json' } });
      await t.close();
    }
  });
});

describe('GET /train/info, /train/route', () => {
  let t: Awaited<ReturnType<typeof start>>;
  // A new app per test: provider health (suspensions) belongs to the app.
  beforeEach(async () => {
    t = await start();
  });
  afterEach(() => t.close());

  it('answers train info with distance and running days', async () => {
    const res = await t.app.inject({ url: '/train/info?number=12432' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 'ok',
      train_number: '12432',
      train_name: 'TVC RAJDHANI',
      type: 'Rajdhani',
      from: 'NZM',
      to: 'TVC',
      departure: '06.16',
      arrival: '05.15',
      duration: '46.59',
      distance_km: 3149,
      days_runs: '0110001',
      source: 'erail',
      cached: false,
      stale: false,
    });
  });

  it('answers 404 for a train no upstream knows, saying what each said', async () => {
    const res = await t.app.inject({ url: '/train/info?number=9999' }); // four digits: an older number, accepted
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('train 9999 not found');
    expect(res.json().tried.map((x: { provider: string }) => x.provider)).toEqual(['erail', 'confirmtkt']);
  });

  it('answers every station of the route, with coordinates from the station list where the upstream has none', async () => {
    const res = await t.app.inject({ url: '/train/route?number=12432' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 'ok', train_number: '12432', train_name: 'TVC RAJDHANI', count: 5, source: 'erail' });
    expect(body.route.map((s: { station: { code: string } }) => s.station.code)).toEqual(['NZM', 'KOTA', 'MAO', 'ERS', 'TVC']);
    const mao = body.route[2];
    expect(mao).toMatchObject({ sequence: 3, arrival: '09.45', departure: '09.55', halt_min: 10, day: 2, distance_km: 2004 });
    expect(mao.lat).toBeCloseTo(15.2679, 3); // datameet's Madgaon
    expect(body.route[0]).toMatchObject({ arrival: null, lat: 28.5873 });
    expect(body.route[4]).toMatchObject({ departure: null, day: 3 });
  });

  it('serves routes from ConfirmTkt when no erail route key is configured', async () => {
    const t2 = await start({ TRAIN_ERAIL_ROUTE_KEY: '' });
    try {
      const res = await t2.app.inject({ url: '/train/route?number=12432' });
      expect(res.json()).toMatchObject({ source: 'confirmtkt', count: 5 });
      expect(res.json().route[1].lat).toBeCloseTo(25.18, 1); // Kota, from the station list
      expect(erail.requests.filter((r) => r.path === '/data.aspx')).toHaveLength(0);
    } finally {
      await t2.close();
    }
  });
});

describe('GET /train/pnr', () => {
  it("answers each passenger's booking and current status", async () => {
    const t = await start({}, { loadStations: false });
    try {
      const res = await t.app.inject({ url: '/train/pnr?number=4521376890' });
      expect(res.statusCode).toBe(200);
      // The parser's record (checked field by field in its own test), plus the envelope.
      expect(res.json()).toEqual({
        status: 'ok',
        ...parsePnr(fixtureJson('confirmtkt-pnr.json'), '4521376890'),
        source: 'confirmtkt',
        cached: false,
        stale: false,
      });
      const flushed = await t.app.inject({ url: '/train/pnr?number=4521376891' });
      expect(flushed.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it('serves a stale copy, flagged, when the upstream is down after the cache has expired', async () => {
    const t = await start({}, { loadStations: false });
    try {
      expect((await t.app.inject({ url: '/train/pnr?number=4521376890' })).statusCode).toBe(200);
      // Age the cached answer past its five minutes.
      const key = 'train:pnr:4521376890';
      const entry = (await t.ctx.cache.store.get(key))!;
      await t.ctx.cache.store.set(key, { ...entry, fresh: 0 }, 3_600_000);
      ct.set('GET /api/pnr/status/4521376890', down);
      const res = await t.app.inject({ url: '/train/pnr?number=4521376890' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ stale: true, cached: true, pnr: '4521376890' });
    } finally {
      await t.close();
    }
  });
});

describe('GET /train/live', () => {
  it('answers the train on a date with fares keyed by class', async () => {
    const t = await start();
    try {
      const res = await t.app.inject({ url: '/train/live?number=12432&date=20261124' });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        status: 'ok',
        train_number: '12432',
        train_name: 'TVC RAJDHANI',
        from: { code: 'NZM', name: 'Hazrat Nizamuddin' },
        to: { code: 'TVC', name: 'Thiruvananthapuram Central' },
        departure: RAJDHANI_LEG.departure,
        arrival: RAJDHANI_LEG.arrival,
        duration: RAJDHANI_LEG.duration,
        distance_km: 3149,
        train_type: 'Rajdhani',
        fare: RAJDHANI_FARES,
        date: '2026-11-24',
        source: 'confirmtkt',
        cached: false,
        stale: false,
      });
      // The fare comes from ConfirmTkt's search, never from erail (which quotes none).
      expect(erail.requests.every((r) => r.query.get('TrainNo') === '12432')).toBe(true);
    } finally {
      await t.close();
    }
  });

  it('falls back to RailYatri fares, and answers 404 on a day the train does not run', async () => {
    const t = await start();
    try {
      ct.set('GET /api/v1/trains/search', down);
      const res = await t.app.inject({ url: '/train/live?number=12432&date=20261125' });
      expect(res.json()).toMatchObject({ source: 'railyatri', fare: { '3A': 4210 } });
      const monday = await t.app.inject({ url: '/train/live?number=12432&date=20261123' });
      expect(monday.statusCode).toBe(404);
      expect(monday.json().message).toContain('does not run');
    } finally {
      await t.close();
    }
  });
});

describe('deadlines and odd input', () => {
  it('answers 504 when every provider times out, within the deadline', async () => {
    // Every provider hangs and one upstream call may take two minutes: only the request's 500 ms
    // deadline ends it soon (without it the three calls would take six minutes).
    const t = await start({ UPSTREAM_TIMEOUT_MS: '120000', TRAIN_DEADLINE_MS: '500' }, { loadStations: false });
    try {
      erail.set('GET /rail/getTrains.aspx', { hang: true });
      ct.set('GET /api/v1/trains/search', { hang: true });
      ry.set('GET /api/trains-between-station-with-sa.json', { hang: true });
      const started = Date.now();
      const res = await t.app.inject({ url: '/train?from=NZM&to=TVC&date=20261215' });
      expect(res.statusCode).toBe(504);
      expect(res.json()).toMatchObject({ code: 'UPSTREAM_TIMEOUT' });
      // A hang guard, not a speed test: 60 s is far from both the 500 ms deadline and the 120 s call timeout.
      expect(Date.now() - started).toBeLessThan(60_000);
    } finally {
      await t.close();
    }
  });

  it.each([
    '/train?from=%00%00%00&to=TVC',
    '/train?from=NZM&to=TVC&date=%F0%9F%9A%82',
    '/train/stations?q=' + 'x'.repeat(61),
    '/train/pnr?number=+123456789',
    '/train/live?number=12432&date=99999999',
  ])('answers %s with a 400, never a 500', async (url) => {
    const t = await start({}, { loadStations: false });
    try {
      expect((await t.app.inject({ url })).statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });

  it('finds nothing rather than everything for a station query made of LIKE wildcards', async () => {
    const t = await start();
    try {
      const res = await t.app.inject({ url: '/train/stations?q=%25_' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().count).toBe(0);
    } finally {
      await t.close();
    }
  });
});

describe.skipIf(!REDIS_URL)('with the Redis cache', () => {
  it('stores and serves train answers through Redis', async () => {
    const t = await start({ REDIS_URL: REDIS_URL!, CACHE_PREFIX: `jt-train-${process.pid}-${Date.now()}:` }, { loadStations: false });
    try {
      const first = await t.app.inject({ url: '/train?from=NZM&to=TVC' });
      expect(first.json()).toMatchObject({ cached: false, count: 1 });
      const second = await t.app.inject({ url: '/train?from=NZM&to=TVC' });
      expect(second.json()).toEqual({ ...first.json(), cached: true });
    } finally {
      await t.close();
    }
  });
});

describe('provider configuration', () => {
  it('follows the configured provider order', async () => {
    const t = await start({ TRAIN_PROVIDERS: 'railyatri,erail' });
    try {
      const res = await t.app.inject({ url: '/train?from=NZM&to=TVC' });
      expect(res.json()).toMatchObject({ source: 'railyatri', count: 1 });
      expect(res.json().trains[0].train_name).toBe('Trivandrum Rajdhani');
    } finally {
      await t.close();
    }
  });

  it('refuses to start with an unknown provider name', async () => {
    await expect(testApp({ ...env(), TRAIN_PROVIDERS: 'erail,irctc' })).rejects.toThrow(/irctc/);
  });
});
