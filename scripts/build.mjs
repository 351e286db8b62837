// npm run build: compiles src/ to dist/ with tsc and copies the data files the code reads at run
// time (every src/**/data/ folder, each with its SOURCES.md), then stamps the build so that
// `npm start` can tell a stale dist/ from a current one. Plain JavaScript: it runs before
// anything is compiled, and without the TypeScript loader.
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const src = join(root, 'src');
const dist = join(root, 'dist');

rmSync(dist, { recursive: true, force: true });
execFileSync(process.execPath, [join(root, 'node_modules/typescript/bin/tsc'), '-p', join(root, 'tsconfig.build.json')], { stdio: 'inherit' });

// Data folders, and worker scripts written as plain JavaScript (*.worker.mjs) that tsc does not emit.
function copyDataFolders(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isFile() && entry.name.endsWith('.worker.mjs')) {
      cpSync(join(dir, entry.name), join(dist, relative(src, join(dir, entry.name))));
      continue;
    }
    if (!entry.isDirectory() || entry.name === 'fixtures' || entry.name === 'testing') continue;
    const path = join(dir, entry.name);
    if (entry.name === 'data') {
      const target = join(dist, relative(src, path));
      mkdirSync(dirname(target), { recursive: true });
      cpSync(path, target, { recursive: true });
    } else {
      copyDataFolders(path);
    }
  }
}
copyDataFolders(src);
if (!existsSync(join(dist, 'server.js'))) throw new Error('build: dist/server.js was not written');
// The compile cache filled now, so that the first start after a build is as quick as every later
// one (docs/decisions/start-up.md: 1.04 s cold against 0.81 s warm to /health/live on a quiet 2-core
// machine). A child process imports what a start and an MCP session load, without starting
// anything, and writes the cache the entry points read (src/core/compile-cache.ts). Best effort:
// a Node without the cache, or a failure here, leaves a build that starts cold.
const warm = `
  import { flushCompileCache } from 'node:module';
  import { useCompileCache } from './core/compile-cache.js';
  useCompileCache(new URL('./server.js', import.meta.url).href);
  for (const m of ['close-with-grace', './config.js', './app.js', './core/db/index.js', './mcp/sdk-server.js', './mcp/post.js', '@modelcontextprotocol/sdk/server/stdio.js']) await import(m);
  flushCompileCache();
`;
try {
  writeFileSync(join(dist, '.warm-compile-cache.mjs'), warm);
  execFileSync(process.execPath, [join(dist, '.warm-compile-cache.mjs')], { stdio: 'ignore', timeout: 120_000 });
} catch {
  console.log('build: the compile cache was not filled (the first start compiles)');
} finally {
  rmSync(join(dist, '.warm-compile-cache.mjs'), { force: true });
}
writeFileSync(join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);
console.log('built dist/');
