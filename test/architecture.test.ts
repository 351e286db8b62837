// The house rules of docs/ARCHITECTURE.md that the source can show, held on this repository;
// and each rule shown to catch a planted violation in a small tree written to a temp folder.

import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { blankComments, envReaders, importCycles, importSpecifiers, layerViolations, moduleShape, providerHeaders, RULES } from './helpers/architecture.js';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

describe('this repository', () => {
  it.each(Object.entries(RULES))('keeps the rule %s', (_name, rule) => {
    expect(rule(ROOT)).toEqual([]);
  });
});

/** A module folder that keeps every rule, with one upstream file. */
const goodModule = (name: string): Record<string, string> => ({
  [`src/modules/${name}/index.ts`]: `// The ${name} module.\nimport { routes } from './routes.js';\nexport const m = { routes };\n`,
  [`src/modules/${name}/routes.ts`]: `// Routes of ${name}.\nimport { S } from './schemas.js';\nexport const routes = [S];\n`,
  [`src/modules/${name}/schemas.ts`]: `// Schemas of ${name}.\nimport { helper } from '../../lib/util/index.js';\nexport const S = helper();\n`,
  [`src/modules/${name}/providers/types.ts`]: `// What a ${name} source is asked and answers.\nexport type Q = string;\n`,
  [`src/modules/${name}/providers/acme.ts`]: `// Acme's ${name} API (https://api.acme.example/docs): GET {base}/v1/x.\nimport type { Q } from './types.js';\nexport const acme = (q: Q) => q;\n`,
});

const BASE: Record<string, string> = {
  'src/config.ts': `export const port = Number(process.env.PORT ?? 3000);\n`,
  'src/core/errors.ts': `// Errors.\nexport class E extends Error {}\n`,
  'src/lib/util/index.ts': `// Shared.\nimport { E } from '../../core/errors.js';\nexport const helper = () => new E('x');\n`,
  'src/app.ts': `import { m as a } from './modules/alpha/index.js';\nimport { m as b } from './modules/beta/index.js';\nexport const mods = [a, b];\n`,
  ...goodModule('alpha'),
  ...goodModule('beta'),
};

describe('each rule on a planted tree', () => {
  const made: string[] = [];
  afterEach(() => {
    for (const d of made.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const tree = (files: Record<string, string | undefined>): string => {
    const root = mkdtempSync(join(tmpdir(), 'jankari-arch-'));
    made.push(root);
    for (const [path, text] of Object.entries({ ...BASE, ...files })) {
      if (text === undefined) continue;
      mkdirSync(dirname(join(root, path)), { recursive: true });
      writeFileSync(join(root, path), text);
    }
    return root;
  };
  const rules = (root: string) => Object.fromEntries(Object.entries(RULES).map(([n, r]) => [n, r(root)]));

  it('finds nothing wrong in the tree that keeps every rule', () => {
    expect(rules(tree({}))).toEqual({ layerViolations: [], importCycles: [], envReaders: [], moduleShape: [], providerHeaders: [] });
  });

  it('reports a module that imports another module, statically or through import()', () => {
    const stat = tree({ 'src/modules/alpha/service.ts': `import { acme } from '../beta/providers/acme.js';\nexport const s = acme;\n` });
    expect(layerViolations(stat)).toEqual([{ file: 'src/modules/alpha/service.ts', message: expect.stringMatching(/module alpha imports module beta/) }]);
    const dyn = tree({ 'src/modules/alpha/lazy.ts': `export const load = () => import('../beta/index.js');\n` });
    expect(layerViolations(dyn)).toEqual([{ file: 'src/modules/alpha/lazy.ts', message: expect.stringMatching(/module alpha imports module beta/) }]);
    // A re-export is an import too; a test file is held to the rule as well.
    const reexport = tree({ 'src/modules/alpha/alpha.test.ts': `export { S } from '../beta/schemas.js';\n` });
    expect(layerViolations(reexport)).toHaveLength(1);
  });

  it('reports core or lib importing a module, and not an import named only in a comment or a string', () => {
    const core = tree({ 'src/core/registry.ts': `import { m } from '../modules/alpha/index.js';\nexport const all = [m];\n` });
    expect(layerViolations(core)).toEqual([{ file: 'src/core/registry.ts', message: expect.stringMatching(/src\/core imports module alpha/) }]);
    const lib = tree({ 'src/lib/util/extra.ts': `export * from '../../modules/beta/routes.js';\n` });
    expect(layerViolations(lib)).toEqual([{ file: 'src/lib/util/extra.ts', message: expect.stringMatching(/src\/lib imports module beta/) }]);
    const quiet = tree({
      'src/core/words.ts': `// import { m } from '../modules/alpha/index.js';\n/* import('../modules/beta/index.js') */\nexport const say = 'import x from "../modules/alpha/index.js"';\n`,
    });
    expect(layerViolations(quiet)).toEqual([]);
  });

  it('reports an import circle, however long', () => {
    const two = tree({
      'src/core/a.ts': `import { b } from './b.js';\nexport const a = () => b;\n`,
      'src/core/b.ts': `import { a } from './a.js';\nexport const b = () => a;\n`,
    });
    expect(importCycles(two)).toEqual([{ file: 'src/core/a.ts', message: 'import circle: src/core/a.ts ↔ src/core/b.ts' }]);
    const three = tree({
      'src/lib/util/x.ts': `import type { Z } from './z.js';\nexport type X = Z;\n`,
      'src/lib/util/y.ts': `export type { X as Y } from './x.js';\n`,
      'src/lib/util/z.ts': `import type { Y } from './y.js';\nexport type Z = Y | 1;\n`,
    });
    expect(importCycles(three).map((v) => v.message)).toEqual(['import circle: src/lib/util/x.ts ↔ src/lib/util/y.ts ↔ src/lib/util/z.ts']);
  });

  it('reports process.env read outside src/config.ts, in any spelling, but not in a test file', () => {
    const direct = tree({ 'src/core/port.ts': `export const port = process.env.PORT;\n` });
    expect(envReaders(direct)).toEqual([{ file: 'src/core/port.ts', message: expect.stringMatching(/only src\/config.ts/) }]);
    const spellings = tree({
      'src/modules/alpha/a.ts': `export const a = process['env'].A;\n`,
      'src/modules/alpha/b.ts': `const { env } = process;\nexport const b = env.B;\n`,
      'src/modules/alpha/c.ts': `import { env } from 'node:process';\nexport const c = env.C;\n`,
      'src/modules/alpha/alpha.test.ts': `export const t = process.env.JANKARI_TEST_PG;\n`,
    });
    expect(envReaders(spellings).map((v) => v.file)).toEqual(['src/modules/alpha/a.ts', 'src/modules/alpha/b.ts', 'src/modules/alpha/c.ts']);
  });

  it('reports a module folder without its index, routes or schemas file', () => {
    const root = tree({ 'src/modules/beta/routes.ts': undefined, 'src/modules/gamma/index.ts': `export const m = {};\n` });
    expect(moduleShape(root)).toEqual([
      { file: 'src/modules/beta/', message: 'module beta has no routes.ts' },
      { file: 'src/modules/gamma/', message: 'module gamma has no routes.ts' },
      { file: 'src/modules/gamma/', message: 'module gamma has no schemas.ts' },
    ]);
  });

  it('reports a provider file without a header, and an upstream whose header does not say where it reads', () => {
    const bare = tree({ 'src/modules/alpha/engines/plain.ts': `export const plain = 1;\n` });
    expect(providerHeaders(bare)).toEqual([{ file: 'src/modules/alpha/engines/plain.ts', message: expect.stringMatching(/without a header comment/) }]);
    const vague = tree({ 'src/modules/beta/importers/vague.ts': `// Reads the prices.\nexport const vague = 1;\n` });
    expect(providerHeaders(vague)).toEqual([
      { file: 'src/modules/beta/importers/vague.ts', message: expect.stringMatching(/does not say where it reads from/) },
    ]);
    // A helper its siblings import needs a header, not a source; so does the folder's index.
    const helper = tree({
      'src/modules/beta/sources/tables.ts': `// Reads the tables both sources print.\nexport const t = 1;\n`,
      'src/modules/beta/sources/one.ts': `// One (one.example.com): GET /x.\nimport { t } from './tables.js';\nexport const one = t;\n`,
      'src/modules/beta/sources/index.ts': `// The list of sources.\nexport * from './one.js';\n`,
    });
    expect(providerHeaders(helper)).toEqual([]);
  });
});

describe('the decision records', () => {
  it('are each listed in docs/decisions/README.md with a status', () => {
    const dir = join(ROOT, 'docs/decisions');
    const index = readFileSync(join(dir, 'README.md'), 'utf8');
    const records = readdirSync(dir).filter((f) => f.endsWith('.md') && f !== 'README.md');
    expect(records.length).toBeGreaterThan(0);
    const unlisted = records.filter(
      (f) => !new RegExp(`^\\| \\[[^\\]]+\\]\\(${f.replace(/\./g, '\\.')}\\) \\| (proposed|accepted|superseded)[^|]*\\| .+\\|$`, 'm').test(index),
    );
    expect(unlisted).toEqual([]);
  });
});

describe('the import scanner', () => {
  it('finds static, type, side-effect, re-export and dynamic imports with literal specifiers', () => {
    const text = [
      `import a from './a.js';`,
      `import type { B } from "./b.js";`,
      `import {`,
      `  c,`,
      `  d,`,
      `} from './cd.js';`,
      `import './side.js';`,
      `export * from './e.js';`,
      `export { f } from './f.js';`,
      `const g = await import('./g.js');`,
      `const h = require('./h.cjs');`,
      `const url = 'https://example.com/x'; // import x from './not.js'`,
      "const t = `${1} import('./not-either.js')`;",
    ].join('\n');
    expect(importSpecifiers(text)).toEqual(['./a.js', './b.js', './cd.js', './side.js', './e.js', './f.js', './g.js', './h.cjs']);
  });

  it('blanks comments but keeps strings that hold comment marks, line for line', () => {
    const text = `const u = 'http://x'; // note\n/* a\n b */ const v = "/*"; const w = \`//\${u}\`;\n`;
    const out = blankComments(text);
    expect(out.split('\n')).toHaveLength(text.split('\n').length);
    expect(out).toContain(`const u = 'http://x';`);
    expect(out).not.toContain('note');
    expect(out).toContain('const v = "/*"; const w = `//${u}`;');
  });
});
