// A process that prepared many SQLite statements ends cleanly. From Node 24.19 on, better-sqlite3 12
// aborted the process (`Assertion failed: (env) != nullptr` in RemoveEnvironmentCleanupHook, from
// Statement::~Statement) when V8 collected a dropped statement outside Node's environment, as in a
// garbage collection that runs while the process ends: the reason Node 24 was refused until
// better-sqlite3 13 (docs/decisions/node-lines.md). With better-sqlite3 12.11.1 on Node 24.21.0 this
// child aborted in 29 runs of 30 on an in-memory database and 10 of 10 on a file (and this test
// failed 3 times of 3); the test starts five in memory and one on a file, and asks each for a
// clean exit.

import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = new URL('../../..', import.meta.url).pathname;

// Plain CommonJS run by `node --expose-gc -e`, so nothing but the driver is loaded.
const CHILD = `
const Database = require('better-sqlite3');
const db = new Database(process.argv[1]);
db.exec('create table if not exists t (id integer primary key, v text)');
const insert = db.prepare('insert into t (v) values (?)');
for (let i = 0; i < 200; i++) insert.run('row ' + i);
const kept = [];
let prepared = 0;
function churn(n) {
  for (let i = 0; i < n; i++) {
    const s = db.prepare('select v, ' + i + ' as n from t where id > ?');
    s.get(i % 200);
    s.iterate(0).next(); // an iterator left open holds its statement
    prepared++;
    if (i % 100 === 0) kept.push(s); // a few stay reachable until the end
  }
}
churn(6000);
setImmediate(() => churn(200));
// A forced collection left for the process's end: it runs after the event loop, outside Node's
// environment, as the collections that aborted did. (One forced inside the running process as
// well made the abort rarer: it collected most statements while the environment was there.)
process.on('exit', () => {
  globalThis.gc({ type: 'major', execution: 'async' });
  process.stdout.write('prepared ' + prepared + ', kept ' + kept.length + '\\n');
});
`;

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

function runChild(dbPath: string): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--expose-gc', '-e', CHILD, dbPath], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const dir = mkdtempSync(join(tmpdir(), 'jankari-stmt-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('a process holding prepared statements', () => {
  it('ends with exit code 0 after its dropped statements are collected, in memory and on a file', async () => {
    const paths = [':memory:', ':memory:', ':memory:', ':memory:', ':memory:', join(dir, 'a.db')];
    const ended = await Promise.all(paths.map(runChild));
    for (const e of ended) {
      expect({ code: e.code, signal: e.signal }, e.stderr.slice(0, 500)).toEqual({ code: 0, signal: null });
      expect(e.stderr).toBe('');
      expect(e.stdout).toBe('prepared 6200, kept 62\n');
    }
  });
});
