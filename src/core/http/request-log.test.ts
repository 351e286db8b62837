// What an operator reads at LOG_LEVEL=info: one line per request with what it needs, none for
// the probes, and nothing a user typed in a query string.

import { describe, expect, it } from 'vitest';
import { testApp } from '../../../test/helpers/app.js';
import { numerologyModule } from '../../modules/numerology/index.js';

async function logged(level: string, urls: string[]): Promise<Record<string, unknown>[]> {
  const lines: string[] = [];
  const t = await testApp({ LOG_LEVEL: level }, { modules: [numerologyModule], logLevel: level, logStream: { write: (m) => void lines.push(m) } });
  for (const url of urls) await t.app.inject(url);
  await t.close();
  return lines
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((l) => l.msg === 'request' || /incoming request|request completed/.test(String(l.msg)));
}

describe('request log', () => {
  it('writes one line per request at info, with method, path, route, status, time and request id', async () => {
    const lines = await logged('info', ['/numerology?name=Secret%20Name&dob=1990-01-01', '/nowhere?q=typed']);
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatchObject({ level: 30, msg: 'request', method: 'GET', path: '/numerology', route: '/numerology', status: 200 });
    expect(typeof lines[0].ms).toBe('number');
    expect(typeof lines[0].reqId).toBe('string');
    expect(lines[1]).toMatchObject({ path: '/nowhere', route: null, status: 404 });
    expect(JSON.stringify(lines)).not.toContain('Secret');
    expect(JSON.stringify(lines)).not.toContain('typed');
  });

  it('does not log the probes', async () => {
    expect(await logged('info', ['/health', '/metrics', '/health'])).toEqual([]);
  });

  it('writes nothing per request at warn', async () => {
    expect(await logged('warn', ['/numerology?name=A&dob=1990-01-01'])).toEqual([]);
  });
});
