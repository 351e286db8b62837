// The container files, checked without a container engine (none runs on the CI machines):
// what they set must be real settings with valid values, what they run must be what
// package.json runs, every base image is pinned by digest, the default image has the browser,
// compose starts the instances once their database and Redis answer, and its browser-tier
// profile points instances without Chromium at a browser service that may reach their proxies.

import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import { loadConfig, SETTINGS } from '../src/config.js';

const root = new URL('..', import.meta.url);
const read = (name: string) => readFileSync(new URL(name, root), 'utf8');
const pkg = JSON.parse(read('package.json')) as { scripts: Record<string, string> };
const dockerfile = read('Dockerfile');
type Service = {
  image?: string;
  profiles?: string[];
  command?: string[];
  environment?: Record<string, string>;
  build?: { context: string; target?: string };
  ports?: string[];
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
};
const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service>; configs: Record<string, { content: string }> };
const known = new Set<string>(SETTINGS.map((s) => s.env));

/** An image reference pinned to one manifest: `name[:tag]@sha256:<64 hex digits>`. */
const PINNED = /^[a-z0-9][a-z0-9._/-]*(:[A-Za-z0-9._-]+)?@sha256:[0-9a-f]{64}$/;

/** The Dockerfile's stages in order, backslash continuations folded: name, base (ARGs filled in), lines. */
function stages(): { name: string; from: string; lines: string[] }[] {
  const lines = dockerfile
    .replace(/\\\n\s*/g, ' ')
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'));
  const args: Record<string, string> = {};
  const out: { name: string; from: string; lines: string[] }[] = [];
  for (const line of lines) {
    const arg = /^ARG (\w+)=(\S+)$/.exec(line);
    if (arg && out.length === 0) args[arg[1]] = arg[2];
    const from = /^FROM (\S+)(?: AS (\S+))?$/i.exec(line);
    if (from) out.push({ name: from[2] ?? '', from: from[1].replace(/\$\{(\w+)\}/g, (_, k: string) => args[k] ?? ''), lines: [] });
    else out.at(-1)?.lines.push(line);
  }
  return out;
}

/** The stage and the stages it is built on, base first. */
function chain(name: string): ReturnType<typeof stages> {
  const all = stages();
  const stage = all.find((s) => s.name === name)!;
  const parent = all.find((s) => s.name === stage.from);
  return parent ? [...chain(parent.name), stage] : [stage];
}

/** ENV of the default image (the last stage and the stages under it). */
function runtimeEnv(): Record<string, string> {
  const env: Record<string, string> = {};
  for (const stage of chain(stages().at(-1)!.name)) {
    for (const line of stage.lines) {
      if (!line.startsWith('ENV ')) continue;
      for (const pair of line.slice(4).trim().split(/\s+/)) {
        const [k, v] = pair.split('=');
        env[k] = v;
      }
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

  it('binds every interface in the container, where the default (this machine only) would serve nobody', () => {
    expect(dockerfile).toMatch(/^\s*HOST=0\.0\.0\.0 /m);
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

  it('builds every stage on an image pinned by digest or on an earlier stage', () => {
    const all = stages();
    expect(all.map((s) => s.name)).toEqual(['build', 'slim', 'browser']);
    for (const [i, stage] of all.entries()) {
      const earlier = all.slice(0, i).map((s) => s.name);
      if (!earlier.includes(stage.from)) expect(stage.from, stage.name).toMatch(PINNED);
    }
  });

  it("makes the default image (the last stage) the one with Debian's Chromium, where BROWSER_PATH points", () => {
    const browser = stages().at(-1)!;
    expect(browser.name).toBe('browser');
    const installs = browser.lines.filter((l) => /apt-get install/.test(l)).join(' ');
    expect(installs).toMatch(/\bchromium\b/);
    expect(runtimeEnv().BROWSER_PATH).toBe('/usr/bin/chromium');
    // It runs as the unprivileged user, as the slim image does.
    expect(browser.lines.filter((l) => l.startsWith('USER ')).at(-1)).toBe('USER node');
    // The slim image has no browser.
    expect(
      chain('slim')
        .flatMap((s) => s.lines)
        .join(' '),
    ).not.toMatch(/\bchromium\b/);
  });
});

describe('compose.yaml', () => {
  const built = Object.entries(compose.services).filter(([, s]) => s.build?.context === '.');
  const instances = built.filter(([, s]) => !s.profiles);
  const tier = built.filter(([name, s]) => s.profiles?.includes('browser-tier') && name !== 'browser');

  it('runs two instances of the service, both allowed to run the scheduler', () => {
    expect(instances.map(([name]) => name)).toEqual(['jankari-1', 'jankari-2']);
    for (const [, s] of instances) expect(s.environment?.SCHEDULER_ENABLED).toBe('true');
  });

  it('sets only real settings, with values the config accepts', () => {
    for (const [name, s] of [...instances, ...tier]) {
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

  it('pins every image by digest, and builds the instances from the image with the browser', () => {
    for (const [name, s] of Object.entries(compose.services)) if (s.image) expect(s.image, name).toMatch(PINNED);
    for (const [name, s] of instances) expect(s.build?.target, name).toBe('browser');
  });

  it('health-checks PostgreSQL and Redis, and starts the instances once both answer', () => {
    expect(compose.services.redis.healthcheck?.test).toEqual(['CMD', 'redis-cli', 'ping']);
    expect(compose.services.postgres.healthcheck?.test.join(' ')).toMatch(/pg_isready/);
    for (const [name, s] of instances) {
      expect(s.depends_on, name).toEqual({ postgres: { condition: 'service_healthy' }, redis: { condition: 'service_healthy' } });
    }
  });

  it("puts both instances behind the one published port (and the profile's two behind a second)", () => {
    for (const [name] of instances) expect(compose.configs.nginx.content).toContain(`server ${name}:8080`);
    for (const [name] of tier) expect(compose.configs['nginx-lite'].content).toContain(`server ${name}:8080`);
    const published = Object.values(compose.services).flatMap((s) => s.ports ?? []);
    expect(published).toEqual(['8080:8080', '8081:8080']);
  });

  it('has a browser-tier profile: a browser service, and two instances without Chromium that render in it through their own proxies', () => {
    const browser = compose.services.browser;
    expect(browser.profiles).toEqual(['browser-tier']);
    expect(browser.build?.target).toBe('browser');
    // It runs the project's browser server, allowed to resolve exactly the instances' proxies.
    const cmd = browser.command!;
    expect(cmd.slice(0, 3)).toEqual(['node', '--enable-source-maps', 'dist/browser-server.js']);
    expect(pkg.scripts['browser-server']).toContain('dist/browser-server.js');
    const listen = cmd[cmd.indexOf('--listen') + 1];
    const proxyHosts = cmd[cmd.indexOf('--proxy-hosts') + 1].split(',');
    expect(browser.healthcheck?.test.join(' ')).toContain(`127.0.0.1:${listen.split(':')[1]}/health`);
    expect(tier.map(([name]) => name)).toEqual(['jankari-lite-1', 'jankari-lite-2']);
    for (const [name, s] of tier) {
      const env = s.environment!;
      expect(s.build?.target, name).toBe('slim');
      const config = loadConfig(env);
      expect(config.BROWSER_WS_ENDPOINT, name).toBe(`ws://browser:${listen.split(':')[1]}`);
      expect(config.BROWSER_WS_TOKEN, name).toBe(browser.environment?.BROWSER_WS_TOKEN);
      // Reachable from the browser: on every interface, advertised under its own name, which the browser may resolve.
      expect(config.BROWSER_PROXY_LISTEN.startsWith('0.0.0.0:'), name).toBe(true);
      expect(config.BROWSER_PROXY_ADVERTISE, name).toBe(`${name}:${config.BROWSER_PROXY_LISTEN.split(':')[1]}`);
      expect(proxyHosts).toContain(name);
    }
  });
});

describe('scripts/pin-images.sh', () => {
  const script = fileURLToPath(new URL('scripts/pin-images.sh', root));

  it('lists the pinned images of both files', () => {
    const listed = execFileSync('bash', [script, '--list'], { encoding: 'utf8' }).trim().split('\n');
    expect(listed.map((ref) => ref.split('@')[0])).toEqual(['nginx:1.30-trixie', 'node:22-bookworm-slim', 'postgres:16-bookworm', 'redis:7-bookworm']);
  });

  it('rewrites each digest with the one the registry gives for its tag (a fake registry here)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'pin-images-'));
    try {
      for (const f of ['Dockerfile', 'compose.yaml']) copyFileSync(new URL(f, root), join(dir, f));
      // The fake resolver answers the tag's digest: "0"s for node, the old digest for the rest.
      const resolver = join(dir, 'resolve.sh');
      const old = (tag: string) => new RegExp(`${tag.replace(/[.:]/g, '\\$&')}@(sha256:[0-9a-f]{64})`).exec(read('compose.yaml') + dockerfile)![1];
      const cases = ['nginx:1.30-trixie', 'postgres:16-bookworm', 'redis:7-bookworm'].map((t) => `${t}) echo ${old(t)} ;;`).join(' ');
      const body = `case "$1" in node:22-bookworm-slim) echo sha256:${'0'.repeat(64)} ;; ${cases} esac`;
      execFileSync('bash', ['-c', `printf '%s\\n' "$1" > "$2"`, '_', body, resolver]);
      const out = execFileSync('bash', [script], { encoding: 'utf8', env: { ...process.env, PIN_ROOT: dir, PIN_RESOLVER: `bash ${resolver}` } });
      expect(out).toMatch(/1 digest\(s\) changed/);
      const rewritten = readFileSync(join(dir, 'Dockerfile'), 'utf8');
      expect(rewritten).toContain(`ARG NODE_IMAGE=node:22-bookworm-slim@sha256:${'0'.repeat(64)}`);
      expect(readFileSync(join(dir, 'compose.yaml'), 'utf8')).toBe(read('compose.yaml'));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
