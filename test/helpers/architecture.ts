// The house rules of docs/ARCHITECTURE.md that the source text can show, each a function of a
// repository root that returns its violations (empty when the tree keeps the rule), so that
// test/architecture.test.ts can run it on this repository and on small planted trees.
//
// Imports are read with a scanner, not the TypeScript compiler API (TypeScript 7's package has
// no stable JavaScript API): comments are blanked first (strings and template literals kept),
// then every `import … from '…'`, `export … from '…'`, side-effect `import '…'`, dynamic
// `import('…')` and `require('…')` with a literal specifier is taken. Only relative
// specifiers are followed (packages and node: builtins are outside the layers); `.js` in a
// specifier resolves to the `.ts` file beside it, as NodeNext resolution does.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

const SOURCE = /\.(ts|mts|mjs)$/;
const TEST = /\.test(-d)?\.ts$/;

/** Every source file under `dir` (relative to `root`, with forward slashes), sorted. */
export function sourceFiles(root: string, dir = 'src'): string[] {
  const out: string[] = [];
  const walk = (abs: string) => {
    if (!existsSync(abs)) return;
    for (const name of readdirSync(abs).sort()) {
      if (name === 'node_modules' || name.startsWith('.')) continue;
      const p = join(abs, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (SOURCE.test(name) && !name.endsWith('.d.ts')) out.push(posix(relative(root, p)));
    }
  };
  walk(join(root, dir));
  return out;
}

const posix = (p: string) => p.split(sep).join('/');

/** The text with every comment replaced by spaces (line breaks kept); strings are left as they are. */
export const blankComments = (text: string): string => scan(text, false);

/** The text with comments blanked and the contents of strings and template literals masked (`_`), positions kept. */
const maskStrings = (text: string): string => scan(text, true);

function scan(text: string, mask: boolean): string {
  const inner = (s: string) => (mask ? s.replace(/[^\n]/g, '_') : s);
  let out = '';
  let i = 0;
  // Open template literals: the brace depth of each `${` entered inside one.
  const templates: number[] = [];
  let depth = 0;
  while (i < text.length) {
    const c = text[i]!;
    const next = text[i + 1];
    if (c === '/' && next === '/') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      out += ' '.repeat(stop - i);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = text.indexOf('*/', i + 2);
      const stop = end < 0 ? text.length : end + 2;
      out += text.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      while (j < text.length && text[j] !== c && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
      out += c + inner(text.slice(i + 1, j)) + text.slice(j, j + 1);
      i = j + 1;
    } else if (c === '`' || (c === '}' && templates.length && templates[templates.length - 1] === depth)) {
      // The start of a template literal, or the `}` that ends a `${…}` and resumes one.
      if (c === '}') templates.pop();
      let j = i + 1;
      while (j < text.length && text[j] !== '`' && !(text[j] === '$' && text[j + 1] === '{')) j += text[j] === '\\' ? 2 : 1;
      out += c + inner(text.slice(i + 1, j));
      if (text[j] === '$') {
        templates.push(depth);
        out += '${';
        i = j + 2;
      } else {
        out += text.slice(j, j + 1);
        i = j + 1;
      }
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      out += c;
      i++;
    }
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from '…', import { a } from '…', import type …, export { a } from '…', export * from '…'
  /(?:^|[;\n}])\s*(?:import|export)\b[^;'"`]*?\bfrom\s*(['"])([^'"\n]+)\1/dg,
  // import '…' (side effects only)
  /(?:^|[;\n}])\s*import\s*(['"])([^'"\n]+)\1/dg,
  // import('…'), require('…')
  /\b(?:import|require)\s*\(\s*(['"`])([^'"`\n$]+)\1\s*\)/dg,
];

/** The module specifiers a source text imports or re-exports, in the order found. */
export function importSpecifiers(text: string): string[] {
  // Matched where strings are masked (an import written inside a string is no import), read
  // from the text with comments blanked (the same positions, the specifier's own characters).
  const code = blankComments(text);
  const masked = maskStrings(text);
  const found: { at: number; spec: string }[] = [];
  for (const re of IMPORT_PATTERNS) {
    for (const m of masked.matchAll(re)) {
      const [start, end] = m.indices![2]!;
      found.push({ at: start, spec: code.slice(start, end) });
    }
  }
  return [...new Set(found.sort((a, b) => a.at - b.at).map((f) => f.spec))];
}

/** The file a relative specifier names, relative to `root`; undefined for packages and builtins. */
export function resolveImport(root: string, from: string, spec: string): string | undefined {
  if (!spec.startsWith('.')) return undefined;
  const base = resolve(root, dirname(from), spec);
  const candidates = [base, base.replace(/\.js$/, '.ts'), base.replace(/\.mjs$/, '.mts'), `${base}.ts`, join(base, 'index.ts')];
  const hit = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return hit ? posix(relative(root, hit)) : posix(relative(root, base));
}

export interface Violation {
  file: string;
  message: string;
}

/** Where a file sits: a module (by name), core, lib, or elsewhere. */
function layerOf(file: string): { layer: 'module'; name: string } | { layer: 'core' | 'lib' | 'other' } {
  const m = /^src\/modules\/([^/]+)\//.exec(file);
  if (m) return { layer: 'module', name: m[1]! };
  if (file.startsWith('src/core/')) return { layer: 'core' };
  if (file.startsWith('src/lib/')) return { layer: 'lib' };
  return { layer: 'other' };
}

/** Every relative import of every file under src, resolved. */
function importEdges(root: string): { from: string; to: string; spec: string }[] {
  const edges: { from: string; to: string; spec: string }[] = [];
  for (const file of sourceFiles(root)) {
    for (const spec of importSpecifiers(readFileSync(join(root, file), 'utf8'))) {
      const to = resolveImport(root, file, spec);
      if (to) edges.push({ from: file, to, spec });
    }
  }
  return edges;
}

/**
 * No module imports another module (tests included); core and lib import no module. A test
 * file of core or lib is excepted from the second: it may build an app with a module in it to
 * drive core machinery (src/core/http/conditional.test.ts builds one with numerology).
 */
export function layerViolations(root: string): Violation[] {
  const out: Violation[] = [];
  for (const { from, to, spec } of importEdges(root)) {
    const a = layerOf(from);
    const b = layerOf(to);
    if (b.layer !== 'module') continue;
    if (a.layer === 'module' && a.name !== b.name)
      out.push({ file: from, message: `module ${a.name} imports module ${b.name} ('${spec}'): share it through src/lib, src/core or a port` });
    if ((a.layer === 'core' || a.layer === 'lib') && !TEST.test(from)) out.push({ file: from, message: `src/${a.layer} imports module ${b.name} ('${spec}')` });
  }
  return out;
}

/** Import circles among the files under src (Tarjan's strongly connected components). */
export function importCycles(root: string): Violation[] {
  const graph = new Map<string, string[]>();
  for (const { from, to } of importEdges(root)) {
    if (!graph.has(from)) graph.set(from, []);
    graph.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const out: Violation[] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const members: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    const selfLoop = (graph.get(v) ?? []).includes(v);
    if (members.length > 1 || selfLoop) {
      members.sort();
      out.push({ file: members[0]!, message: `import circle: ${members.join(' ↔ ')}` });
    }
  };
  for (const v of [...graph.keys()].sort()) if (!index.has(v)) visit(v);
  return out;
}

/** The one file allowed to read the environment. */
export const CONFIG_FILE = 'src/config.ts';

const ENV_READS = [
  /\bprocess\s*\.\s*env\b/,
  /\bprocess\s*\[\s*['"`]env['"`]\s*\]/,
  /\{[^}]*\benv\b[^}]*\}\s*=\s*process\b/,
  /\bimport\s*\{[^}]*\benv\b[^}]*\}\s*from\s*['"](?:node:)?process['"]/,
];

/**
 * Only src/config.ts reads process.env under src. Excepted: test files (`*.test.ts`), which
 * read the JANKARI_TEST_* switches; test/, bench/ and scripts/ are outside src and not checked.
 */
export function envReaders(root: string): Violation[] {
  const out: Violation[] = [];
  for (const file of sourceFiles(root)) {
    if (file === CONFIG_FILE || TEST.test(file)) continue;
    const code = blankComments(readFileSync(join(root, file), 'utf8'));
    if (ENV_READS.some((re) => re.test(code))) out.push({ file, message: `reads process.env: only ${CONFIG_FILE} does (add a setting there)` });
  }
  return out;
}

/** The files every module folder has: its factory, its routes, the schemas of its answers. */
export const MODULE_FILES = ['index.ts', 'routes.ts', 'schemas.ts'] as const;

/** Each folder under src/modules has index.ts, routes.ts and schemas.ts. */
export function moduleShape(root: string): Violation[] {
  const dir = join(root, 'src/modules');
  if (!existsSync(dir)) return [];
  const out: Violation[] = [];
  for (const name of readdirSync(dir).sort()) {
    if (!statSync(join(dir, name)).isDirectory()) continue;
    for (const f of MODULE_FILES) if (!existsSync(join(dir, name, f))) out.push({ file: `src/modules/${name}/`, message: `module ${name} has no ${f}` });
  }
  return out;
}

/** Folders whose files each read one upstream (or are the helpers those files share). */
export const PROVIDER_FOLDERS = ['providers', 'engines', 'sources', 'importers'] as const;

/** A URL, a host name, or the `{base}` / `*_URL` setting a request goes to. */
const NAMES_A_SOURCE = /https?:\/\/|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|org|net|in|io|gov|dev|co|info|app|uk|de|eu)\b|\{base\}|\b[A-Z][A-Z0-9_]*_URL\b/i;

/** The comment a file opens with (blank lines before it allowed), or '' if it opens with code. */
export function headerComment(text: string): string {
  const m = /^(?:\s*(?:\/\/[^\n]*|\/\*[\s\S]*?\*\/))+/.exec(text.replace(/^#![^\n]*\n/, ''));
  return m ? m[0].trim() : '';
}

/**
 * Each file in a provider folder (providers/, engines/, sources/, importers/ of a module) opens
 * with a header comment. An upstream file, one that no sibling imports (the shared helpers,
 * `types.ts` and the like, are imported by the upstream files beside them) and not the
 * folder's `index.ts`, names in that header where it reads from: a URL, a host, or the
 * `{base}` / `*_URL` setting.
 */
export function providerHeaders(root: string): Violation[] {
  const out: Violation[] = [];
  const files = sourceFiles(root, 'src/modules').filter(
    (f) => !TEST.test(f) && PROVIDER_FOLDERS.some((d) => new RegExp(`^src/modules/[^/]+/${d}/[^/]+$`).test(f)),
  );
  const importedBySibling = new Set<string>();
  for (const f of files) {
    for (const spec of importSpecifiers(readFileSync(join(root, f), 'utf8'))) {
      const to = resolveImport(root, f, spec);
      if (to && to !== f && dirname(to) === dirname(f)) importedBySibling.add(to);
    }
  }
  for (const f of files) {
    const header = headerComment(readFileSync(join(root, f), 'utf8'));
    if (!header) {
      out.push({ file: f, message: 'opens without a header comment (what it reads, from where, docs, quirks, terms)' });
      continue;
    }
    const upstream = !importedBySibling.has(f) && !f.endsWith('/index.ts');
    if (upstream && !NAMES_A_SOURCE.test(header))
      out.push({ file: f, message: 'its header does not say where it reads from (a URL, a host, or the {base} setting)' });
  }
  return out;
}

/** Every rule, by name, for the test that runs them all on this repository. */
export const RULES = { layerViolations, importCycles, envReaders, moduleShape, providerHeaders } as const;
