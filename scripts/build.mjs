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
writeFileSync(join(dist, '.build-stamp'), `${new Date().toISOString()}\n`);
console.log('built dist/');
