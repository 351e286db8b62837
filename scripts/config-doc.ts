// npm run config:doc — prints the README's settings table from src/config.ts;
// with --write, replaces the table between the README's settings markers.
import { readFileSync, writeFileSync } from 'node:fs';
import { settingsTable } from '../src/config.js';

const table = settingsTable();
if (process.argv.includes('--write')) {
  const path = new URL('../README.md', import.meta.url);
  const readme = readFileSync(path, 'utf8');
  const next = readme.replace(/<!-- settings:start -->[\s\S]*<!-- settings:end -->/, `<!-- settings:start -->\n${table}\n<!-- settings:end -->`);
  writeFileSync(path, next);
  console.log('README settings table updated');
} else {
  console.log(table);
}
