// The test run on a Node the project supports. `npx vitest` takes the first Node on PATH, and on
// a machine whose own Node is older (Debian's 20, say) every test fork dies inside better-sqlite3
// (its prebuilt module needs Node-API 10) with nothing but "Worker exited unexpectedly". The
// config (vitest.config.ts) runs the same command again on the pinned Node 22 instead, which
// scripts/node.sh provides (from its cache, or once from the npm registry): the lines and the
// pins stay in package.json's engines and that script (docs/decisions/node-lines.md).

import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const ROOT = new URL('../..', import.meta.url).pathname;
/** Set on the re-run, so a pinned Node that is somehow refused too never loops. */
const RERUN = 'JANKARI_TEST_RERUN';

/** Whether `version` (e.g. 22.23.5) satisfies package.json's engines (caret terms joined by ||). */
export function supportedNode(version: string): boolean {
  const range = (JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { engines: { node: string } }).engines.node;
  const v = version.replace(/^v/, '').split('.').map(Number);
  return range.split('||').some((term) => {
    const m = /^\s*\^(\d+)\.(\d+)\.(\d+)\s*$/.exec(term);
    if (!m) return false;
    const [maj, min, pat] = [Number(m[1]), Number(m[2]), Number(m[3])];
    return v[0] === maj && (v[1]! > min || (v[1] === min && v[2]! >= pat));
  });
}

/** The command that runs this process again on the pinned Node 22, or undefined when this Node will do. */
export function rerunCommand(
  version: string,
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
): { node: string; args: string[]; env: NodeJS.ProcessEnv } | undefined {
  if (supportedNode(version) || env[RERUN]) return undefined;
  const found = spawnSync('sh', [join(ROOT, 'scripts/node.sh'), '22'], { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (found.status !== 0) return undefined;
  const node = join(found.stdout.trim(), 'bin/node');
  return { node, args: argv.slice(1), env: { ...env, [RERUN]: '1', PATH: `${dirname(node)}:${env.PATH ?? ''}` } };
}

/** Runs this command again on the pinned Node and exits with its status, when this Node is not a supported one. */
export function rerunOnSupportedNode(): void {
  const cmd = rerunCommand(process.versions.node, process.argv, process.env);
  if (!cmd) return;
  console.error(`Node ${process.version} is not a line this project supports (package.json engines); running the tests on ${cmd.node}`);
  const r = spawnSync(cmd.node, cmd.args, { stdio: 'inherit', env: cmd.env });
  process.exit(r.status ?? 1);
}
