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

  it('documents every setting in the README table', () => {
    const table = settingsTable();
    for (const s of SETTINGS) expect(table).toContain(`\`${s.env}\``);
  });

  it('has no setting declared twice', () => {
    const names = SETTINGS.map((s) => s.env);
    expect(new Set(names).size).toBe(names.length);
  });
});
