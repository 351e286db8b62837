// The Node lines the project supports, where they are pinned and how a shell gets one
// (docs/decisions/node-lines.md): scripts/node.sh pins one release per line, package.json's
// engines accepts each of them, the README and CI take them from there, and the script reuses
// a release already in its cache folder (here a stand-in, so the test fetches nothing).

import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { rerunCommand, supportedNode } from './helpers/supported-node.js';

const ROOT = new URL('..', import.meta.url).pathname;
const SCRIPT = join(ROOT, 'scripts/node.sh');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');

/** The versions scripts/node.sh pins, by line. */
function pins(): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of read('scripts/node.sh').matchAll(/^JANKARI_NODE_(\d+)=(\d+\.\d+\.\d+)$/gm)) out[m[1]!] = m[2]!;
  return out;
}

const cache = mkdtempSync(join(tmpdir(), 'jankari-node-cache-'));
afterAll(() => rmSync(cache, { recursive: true, force: true }));

/** A stand-in release in the cache folder: a `node` that prints its version, and a header. */
function standIn(version: string): string {
  const dir = join(cache, `node-${version}`);
  mkdirSync(join(dir, 'bin'), { recursive: true });
  mkdirSync(join(dir, 'include/node'), { recursive: true });
  writeFileSync(join(dir, 'include/node/node_api.h'), '/* stand-in */\n');
  writeFileSync(join(dir, 'bin/node'), `#!/bin/sh\necho v${version}\n`);
  chmodSync(join(dir, 'bin/node'), 0o755);
  return dir;
}

describe('the Node lines', () => {
  it('pins one release each of 22, 24 and 26, every one accepted by package.json engines', () => {
    const pinned = pins();
    expect(Object.keys(pinned).sort()).toEqual(['22', '24', '26']);
    const engines = JSON.parse(read('package.json')).engines.node as string;
    for (const [line, version] of Object.entries(pinned)) {
      expect(version.split('.')[0]).toBe(line);
      expect(supportedNode(version), `${version} in ${engines}`).toBe(true);
    }
    // Node 20, and the 22s before Node-API 10 (better-sqlite3 13's prebuilt module needs it), are refused.
    for (const old of ['20.20.2', '22.13.0', '23.11.0', '25.9.0']) expect(supportedNode(old), old).toBe(false);
    expect(read('.npmrc')).toMatch(/^engine-strict=true$/m);
  });

  it('is named in the README and taken by CI from scripts/node.sh, never from the machine', () => {
    const { 22: v22 } = pins();
    expect(read('README.md')).toContain(`source scripts/node.sh       # Node ${v22} first on PATH`);
    const ci = read('.ci/run');
    expect(ci).toContain('source scripts/node.sh 22');
    expect(ci).toContain('source scripts/node.sh 26');
    expect(ci).not.toMatch(/nodedir=.*\/usr/);
  });

  it('runs a command with the cached release first on PATH and its headers as nodedir, fetching nothing', () => {
    const { 26: v26 } = pins();
    const dir = standIn(v26!);
    // An npm that leaves a mark: a fetch would call it.
    const fakeBin = join(cache, 'fake-bin');
    mkdirSync(fakeBin, { recursive: true });
    writeFileSync(join(fakeBin, 'npm'), `#!/bin/sh\ntouch ${join(cache, 'npm-called')}\nexit 1\n`);
    chmodSync(join(fakeBin, 'npm'), 0o755);
    const env = { PATH: `${fakeBin}:/usr/bin:/bin`, HOME: cache, JANKARI_NODE_CACHE: cache };
    const out = execFileSync(SCRIPT, ['26', 'sh', '-c', 'echo "$(node) $npm_config_nodedir"'], { env, encoding: 'utf8' });
    expect(out.trim()).toBe(`v${v26} ${dir}`);
    expect(execFileSync(SCRIPT, ['26'], { env, encoding: 'utf8' }).trim()).toBe(dir);
    // Sourced, it changes the shell that sourced it.
    const sourced = execFileSync('bash', ['-c', `source ${SCRIPT} 26 2>/dev/null && node && command -v node`], { env, encoding: 'utf8' });
    expect(sourced.trim().split('\n')).toEqual([`v${v26}`, join(dir, 'bin/node')]);
    expect(existsSync(join(cache, 'npm-called'))).toBe(false);
  });

  it('refuses a line it has no pin for, naming the ones it has', () => {
    const r = spawnSync(SCRIPT, ['20', 'node', '--version'], { env: { PATH: '/usr/bin:/bin', JANKARI_NODE_CACHE: cache }, encoding: 'utf8' });
    expect(r.status).not.toBe(0);
    expect(r.stderr).toMatch(/no pinned Node for line '20' \(pinned: 22 = 22\.\d+\.\d+, 24 = 24\.\d+\.\d+, 26 = 26\.\d+\.\d+\)/);
  });
  it('runs the tests again on the pinned Node 22 when the Node that started them is not a supported line', () => {
    const { 22: v22 } = pins();
    const dir = standIn(v22!);
    const env = { PATH: '/usr/bin:/bin', HOME: cache, JANKARI_NODE_CACHE: cache };
    const argv = ['/usr/bin/node', '/x/node_modules/vitest/vitest.mjs', 'run', 'test/a.test.ts'];
    const cmd = rerunCommand('20.20.2', argv, env);
    expect(cmd?.node).toBe(join(dir, 'bin/node'));
    expect(cmd?.args).toEqual(argv.slice(1));
    expect(cmd?.env.PATH?.split(':')[0]).toBe(join(dir, 'bin'));
    // A supported Node runs them itself, and the re-run never runs again.
    expect(rerunCommand(v22!, argv, env)).toBeUndefined();
    expect(rerunCommand('20.20.2', argv, cmd!.env)).toBeUndefined();
  });

  // The machine's own Node, when it is an unsupported line (Debian 12's is 20): the forks died in
  // better-sqlite3 before, with only "Worker exited unexpectedly".
  const machineNode = ['/usr/bin/node', '/usr/local/bin/node'].find((p) => existsSync(p));
  const machineVersion = machineNode ? execFileSync(machineNode, ['--version'], { encoding: 'utf8' }).trim() : undefined;
  it.skipIf(!machineVersion || supportedNode(machineVersion))(`passes a database test started with the machine's ${machineVersion ?? 'Node'}`, () => {
    const r = spawnSync(machineNode!, [join(ROOT, 'node_modules/vitest/vitest.mjs'), 'run', 'src/modules/domain/repository.test.ts'], {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, JANKARI_TEST_RERUN: '' },
    });
    expect(r.stderr + r.stdout).toMatch(/running the tests on .*node-22/);
    expect(r.status, r.stderr.slice(-2000)).toBe(0);
  });
});
