// Runs before `npm start`: builds dist/ when it is missing or older than any file under src/
// (or package.json, tsconfig). A deployment that ships dist/ without src/ (the container
// image) skips the check.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const stamp = join(root, 'dist/.build-stamp');
const src = join(root, 'src');

function newest(path) {
  const st = statSync(path);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const name of readdirSync(path)) max = Math.max(max, newest(join(path, name)));
  return max;
}

if (existsSync(src)) {
  const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const inputs = [src, join(root, 'package.json'), join(root, 'tsconfig.json'), join(root, 'tsconfig.build.json')].filter(existsSync);
  if (Math.max(...inputs.map(newest)) > built) {
    console.error(built ? 'dist/ is older than src/: building' : 'dist/ is missing: building');
    const r = spawnSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
}
