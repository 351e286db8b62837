// axe-core (Deque, MPL-2.0) run inside a Playwright page: the rules a page breaks at the two
// impacts that block people (critical, serious), as "impact rule-id: first target" lines.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';

const source = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** The page's context must be made with `bypassCSP: true`: the pages' policies refuse inline scripts. */
export async function axeBlocking(page: Page): Promise<string[]> {
  await page.addScriptTag({ content: source });
  return page.evaluate(async () => {
    type Result = { violations: { id: string; impact: string; nodes: { target: unknown[] }[] }[] };
    const r = await (window as unknown as { axe: { run: () => Promise<Result> } }).axe.run();
    return r.violations
      .filter((v) => v.impact === 'critical' || v.impact === 'serious')
      .map((v) => `${v.impact} ${v.id}: ${JSON.stringify(v.nodes[0]?.target)} (${v.nodes.length})`);
  });
}
