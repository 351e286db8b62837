// The container files, checked without a container engine (none runs on the CI machines):
// what they set must be real settings with valid values, and what they run must be what
// package.json runs.

import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTINGS } from '../src/config.js';

const root = new URL('..', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
const dockerfile = read('Dockerfile');
const compose = parse(read('compose.yaml'), { merge: true }) as {
  services: Record<string, { environment?: Record<string, string>; build?: string; ports?: string[] }>;
  configs: { nginx: { content: string } };
};
const known = new Set<string>(SETTINGS.map((s) => s.env));

/** ENV lines of the runtime stage (the last FROM), folded over backslash continuations. */
function runtimeEnv(): Record<string, string> {
  const runtime = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
  const env: Record<string, string> = {};
  for (const m of runtime.replace(/\\\n\s*/g, ' ').matchAll(/^ENV (.+)$/gm)) {
    for (const pair of m[1].trim().split(/\s+/)) {
      const [k, v] = pair.split('=');
      env[k] = v;
    }
  }
  return env;
}

describe('Dockerfile', () => {
  it('runs the same command as npm start, as a non-root user, with a health check on /health', () => {
    const cmd = JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]) as string[];
    expect(cmd.join(' ')).toBe(pkg.scripts.start.replace(/^exec /, ''));
    expect(dockerfile).toMatch(/^USER node$/m);
    expect(dockerfile).toMatch(/HEALTHCHECK[^]*\/health/);
  });

  it('builds with the project scripts and keeps production dependencies only', () => {
    for (const m of dockerfile.matchAll(/npm run (\S+)/g)) expect(pkg.scripts, m[1]).toHaveProperty(m[1]);
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
  });

  it('sets only real settings, with values the config accepts', () => {
    const env = runtimeEnv();
    const settings = Object.keys(env).filter((k) => k !== 'NODE_ENV');
    expect(settings.filter((k) => !known.has(k))).toEqual([]);
    expect(() => loadConfig(env)).not.toThrow();
  });
});

describe('compose.yaml', () => {
  const instances = Object.entries(compose.services).filter(([, s]) => s.build === '.');

  it('runs two instances of the service, both allowed to run the scheduler', () => {
    expect(instances.map(([name]) => name)).toEqual(['jankari-1', 'jankari-2']);
    for (const [, s] of instances) expect(s.environment?.SCHEDULER_ENABLED).toBe('true');
  });

  it('sets only real settings, with values the config accepts', () => {
    for (const [name, s] of instances) {
      const env = s.environment ?? {};
      expect(
        Object.keys(env).filter((k) => !known.has(k)),
        name,
      ).toEqual([]);
      expect(() => loadConfig(env), name).not.toThrow();
      expect(env.DATABASE_URL).toMatch(/^postgres:\/\/[^@]+@postgres:5432\//);
      expect(env.REDIS_URL).toMatch(/^redis:\/\/redis:6379/);
    }
  });

  it('puts both instances behind the one published port', () => {
    const nginx = compose.configs.nginx.content;
    for (const [name] of instances) expect(nginx).toContain(`server ${name}:8080`);
    const published = Object.values(compose.services).flatMap((s) => s.ports ?? []);
    expect(published).toEqual(['8080:8080']);
  });
});
