import { describe, expect, it } from 'vitest';
import { UpstreamError, toApiError } from './errors.js';
import { failover } from './failover.js';
import { DEFAULT_SUSPENSION, ProviderHealth, type Provider } from './provider.js';
import { PARSE_WARN_EVERY_MS, ProviderHealthRegistry } from './registry.js';

const answering = (name: string, rows: string[]): Provider<string, string[]> => ({ name, run: async () => rows });
const stale = (name: string): Provider<string, string[]> => ({
  name,
  run: async () => {
    throw new UpstreamError(name, 'parse', `${name}: a results list with no readable item`);
  },
});

function registry(now: () => number) {
  const warnings: { fields: Record<string, unknown>; msg: string }[] = [];
  return { warnings, reg: new ProviderHealthRegistry((fields, msg) => warnings.push({ fields, msg }), now) };
}

describe('parse failures', () => {
  it('fail over to the next provider and suspend the stale one for the parse back-off', async () => {
    let now = 1_000_000;
    const health = new ProviderHealth({}, () => now);
    const r = await failover('g', [stale('a'), answering('b', ['row'])], 'q', health, { deadlineMs: 1000 });
    expect(r.provider).toBe('b');
    expect(r.attempts).toEqual([{ provider: 'a', kind: 'parse', message: 'a: a results list with no readable item', retryAt: now + DEFAULT_SUSPENSION.parse }]);
    expect(health.suspendedUntil('a')).toBe(now + DEFAULT_SUSPENSION.parse);
    now += DEFAULT_SUSPENSION.parse + 1;
    expect(health.suspendedUntil('a')).toBe(0);
  });

  it('answer 502 naming the kind when every provider is stale', async () => {
    const err = await failover('g', [stale('a')], 'q', new ProviderHealth(), { deadlineMs: 1000 }).catch((e) => e);
    expect(toApiError(err, 'prices')).toMatchObject({ code: 'UPSTREAM_FAILED', statusCode: 502, extra: { tried: [{ provider: 'a', reason: 'parse' }] } });
  });
});

describe('provider health registry', () => {
  it('lists every expected provider before its first call, then its last success, failure kind and consecutive failures', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const { reg } = registry(() => now);
    const health = reg.track('prices', new ProviderHealth({}, () => now), ['a', 'b']);
    expect(reg.list()).toEqual([
      { group: 'prices', provider: 'a', last_success: null, last_failure: null, last_failure_kind: null, consecutive_failures: 0, suspended_until: null },
      { group: 'prices', provider: 'b', last_success: null, last_failure: null, last_failure_kind: null, consecutive_failures: 0, suspended_until: null },
    ]);
    health.ok('a');
    health.failed('b', new UpstreamError('b', 'parse', 'b: no rows'));
    now += 1000;
    health.failed('b', new UpstreamError('b', 'timeout', 'b: late'));
    const [a, b] = reg.list();
    expect(a).toMatchObject({ provider: 'a', last_success: '2026-03-01T10:00:00.000Z', consecutive_failures: 0, last_failure_kind: null });
    expect(b).toMatchObject({
      provider: 'b',
      last_success: null,
      last_failure: '2026-03-01T10:00:01.000Z',
      last_failure_kind: 'timeout',
      consecutive_failures: 2,
    });
    expect(b.suspended_until).not.toBeNull();
    health.ok('b');
    expect(reg.list()[1]).toMatchObject({
      consecutive_failures: 0,
      last_failure_kind: 'timeout',
      last_success: '2026-03-01T10:00:01.000Z',
      suspended_until: null,
    });
  });

  it('logs a parse failure at warn once per provider per hour, not once per request', () => {
    let now = 0;
    const { reg, warnings } = registry(() => now);
    const health = reg.track('search', new ProviderHealth({}, () => now));
    const fail = (p: string) => health.failed(p, new UpstreamError(p, 'parse', `${p}: no results parsed`));
    fail('bing');
    fail('bing');
    fail('brave');
    health.failed('bing', new UpstreamError('bing', 'blocked', 'captcha'));
    expect(warnings.map((w) => w.fields.upstream)).toEqual(['bing', 'brave']);
    expect(warnings[0]).toMatchObject({ fields: { group: 'search', upstream: 'bing', err: 'bing: no results parsed' } });
    now += PARSE_WARN_EVERY_MS - 1;
    fail('bing');
    expect(warnings).toHaveLength(2);
    now += 1;
    fail('bing');
    expect(warnings).toHaveLength(3);
  });

  it('counts every failure by group, provider and kind, parse failures included', () => {
    const counted: string[] = [];
    const reg = new ProviderHealthRegistry(
      () => {},
      () => 0,
      (group, provider, kind) => void counted.push(`${group}/${provider}/${kind}`),
    );
    const health = reg.track('search', new ProviderHealth({}, () => 0));
    health.failed('bing', new UpstreamError('bing', 'parse', 'bing: no results parsed'));
    health.failed('bing', new UpstreamError('bing', 'parse', 'bing: no results parsed'));
    health.failed('brave', new UpstreamError('brave', 'timeout', 'brave: late'));
    expect(counted).toEqual(['search/bing/parse', 'search/bing/parse', 'search/brave/timeout']);
  });

  it('tracks a health once even when two parts of a module hand it over', () => {
    const { reg, warnings } = registry(() => 0);
    const health = new ProviderHealth();
    reg.track('fuel', health);
    reg.track('fuel', health, ['goodreturns-fuel']);
    health.failed('goodreturns-fuel', new UpstreamError('goodreturns-fuel', 'parse', 'no table'));
    expect(reg.list().map((s) => s.provider)).toEqual(['goodreturns-fuel']);
    expect(warnings).toHaveLength(1);
  });
});
