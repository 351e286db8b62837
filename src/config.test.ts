import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, SETTINGS, settingsTable } from './config.js';

describe('config', () => {
  it('gives the embedded defaults with an empty environment', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.DATABASE_URL).toBe('sqlite:./data/jankari.db');
    expect(c.REDIS_URL).toBeUndefined();
    expect(c.API_KEYS).toEqual([]);
    expect(c.SCHEDULER_ENABLED).toBe(true);
  });

  it('binds to this machine only unless HOST says otherwise (a laptop does not serve its fetcher to the network)', () => {
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('parses integers, booleans, lists and URLs', () => {
    const c = loadConfig({ PORT: '9000', SCHEDULER_ENABLED: 'off', API_KEYS: ' a, b ,,c', REDIS_URL: 'redis://127.0.0.1:6379/' });
    expect(c.PORT).toBe(9000);
    expect(c.SCHEDULER_ENABLED).toBe(false);
    expect(c.API_KEYS).toEqual(['a', 'b', 'c']);
    expect(c.REDIS_URL).toBe('redis://127.0.0.1:6379');
  });

  it.each([
    ['PORT', 'eighty', /PORT.*not an integer/],
    ['PORT', '70000', /PORT.*outside 0 to 65535/],
    ['SCHEDULER_ENABLED', 'maybe', /SCHEDULER_ENABLED.*not a boolean/],
    ['LOG_LEVEL', 'loud', /LOG_LEVEL.*not one of/],
    ['REDIS_URL', 'not a url', /REDIS_URL.*not a URL/],
    ['DATABASE_URL', 'mysql://x', /DATABASE_URL.*sqlite: or postgres/],
    ['TRUST_PROXY', 'sometimes', /TRUST_PROXY/],
  ])('stops on an invalid %s, naming it', (env, value, msg) => {
    let err: unknown;
    try {
      loadConfig({ [env]: value });
    } catch (e) {
      err = e;
    }
    expect(err).toBeInstanceOf(ConfigError);
    expect((err as ConfigError).setting).toBe(env);
    expect((err as Error).message).toMatch(msg);
  });

  it.each([
    [{ BROWSER_WS_ENDPOINT: 'ws://browser:3000', BROWSER_CDP_URL: 'http://browser:9222' }, 'BROWSER_CDP_URL', /not both/],
    [{ BROWSER_WS_ENDPOINT: 'http://browser:3000' }, 'BROWSER_WS_ENDPOINT', /ws:\/\/ or wss:\/\//],
    [{ BROWSER_CDP_URL: 'ftp://browser:9222' }, 'BROWSER_CDP_URL', /http:\/\/, https:\/\/, ws:\/\/ or wss:\/\//],
    [{ BROWSER_PROXY_LISTEN: '3129' }, 'BROWSER_PROXY_LISTEN', /host:port/],
    [{ BROWSER_PROXY_ADVERTISE: 'jankari-1:0' }, 'BROWSER_PROXY_ADVERTISE', /not 0/],
    [{ BROWSER_WS_ENDPOINT: 'ws://browser:3000', BROWSER_PROXY_LISTEN: '0.0.0.0:3129' }, 'BROWSER_PROXY_ADVERTISE', /every interface/],
  ])('stops on a browser tier it could not use (%o), naming %s', (env, setting, msg) => {
    const err = (() => {
      try {
        loadConfig(env);
      } catch (e) {
        return e as ConfigError;
      }
    })();
    expect(err).toBeInstanceOf(ConfigError);
    expect(err!.setting).toBe(setting);
    expect(err!.message).toMatch(msg);
  });

  it('takes a remote browser with the address its proxy listens on and the one the tier reaches', () => {
    const c = loadConfig({ BROWSER_WS_ENDPOINT: 'wss://browser:3000/', BROWSER_PROXY_LISTEN: '0.0.0.0:3129', BROWSER_PROXY_ADVERTISE: 'jankari-1:3129' });
    expect([c.BROWSER_WS_ENDPOINT, c.BROWSER_PROXY_LISTEN, c.BROWSER_PROXY_ADVERTISE]).toEqual(['wss://browser:3000', '0.0.0.0:3129', 'jankari-1:3129']);
    expect(loadConfig({ BROWSER_CDP_URL: 'http://[::1]:9222', BROWSER_PROXY_LISTEN: '[::1]:0' }).BROWSER_PROXY_LISTEN).toBe('[::1]:0');
  });

  it('documents every setting in the README table', () => {
    const table = settingsTable();
    for (const s of SETTINGS) expect(table).toContain(`\`${s.env}\``);
  });

  it('has no setting declared twice', () => {
    const names = SETTINGS.map((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
  });
});
