// The README is part of the contract with operators: its settings table must be the one
// src/config.ts defines (regenerate with `npm run config:doc -- --write`).
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { settingsTable } from '../src/config.js';

const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');

describe('README', () => {
  it('lists every setting exactly as src/config.ts defines it', () => {
    expect(readme).toContain(settingsTable());
  });

  it('keeps the two commands', () => {
    expect(readme).toContain('npm install && npm start');
    expect(readme).toContain('npm test');
  });
});
