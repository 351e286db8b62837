// robots.txt as RFC 9309 reads it: groups of user-agent lines, allow/disallow rules
// matched by the longest path prefix (with * and $), allow winning ties; the group for
// our product token, else "*". Sitemap: lines are collected whatever group they are in.

export interface RobotsRules {
  /** True when our agent may fetch the path (path + query). */
  allows(pathAndQuery: string): boolean;
  sitemaps: string[];
}

interface Rule {
  allow: boolean;
  pattern: string;
  re: RegExp;
}

const toRegex = (pattern: string) =>
  new RegExp(
    '^' +
      pattern
        .split('*')
        .map((p) => p.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*')
        .replace(/\\\$$/, '$'),
  );

/** The product token robots.txt groups are matched against ("jankari-fetch" from "jankari-fetch/0.1 (…)"). */
export const productToken = (userAgent: string) => (userAgent.split(/[\s/]/)[0] ?? '').toLowerCase();

export function parseRobots(text: string, userAgent: string): RobotsRules {
  const token = productToken(userAgent);
  const groups: { agents: string[]; rules: Rule[] }[] = [];
  const sitemaps: string[] = [];
  let current: { agents: string[]; rules: Rule[] } | undefined;
  let lastWasAgent = false;
  for (const raw of text.split(/\r?\n|\r/)) {
    const line = raw.replace(/#.*/, '').trim();
    const m = /^([\w-]+)\s*:\s*(.*)$/.exec(line);
    if (!m) continue;
    const key = m[1].toLowerCase();
    const value = m[2].trim();
    if (key === 'sitemap') {
      if (value) sitemaps.push(value);
      continue;
    }
    if (key === 'user-agent') {
      if (!current || !lastWasAgent) {
        current = { agents: [], rules: [] };
        groups.push(current);
      }
      current.agents.push(value.toLowerCase());
      lastWasAgent = true;
      continue;
    }
    lastWasAgent = false;
    if (!current) continue;
    if (key === 'allow' || key === 'disallow') {
      // "Disallow:" with no path allows everything: no rule.
      if (!value) continue;
      const pattern = value.startsWith('/') || value.startsWith('*') ? value : `/${value}`;
      current.rules.push({ allow: key === 'allow', pattern, re: toRegex(pattern) });
    }
  }
  const mine = groups.filter((g) => g.agents.some((a) => a !== '*' && token.startsWith(a)));
  const chosen = mine.length ? mine : groups.filter((g) => g.agents.includes('*'));
  const rules = chosen.flatMap((g) => g.rules);
  return {
    sitemaps,
    allows(pathAndQuery: string) {
      if (pathAndQuery === '/robots.txt') return true;
      let best: Rule | undefined;
      for (const r of rules) {
        if (!r.re.test(pathAndQuery)) continue;
        if (!best || r.pattern.length > best.pattern.length || (r.pattern.length === best.pattern.length && r.allow && !best.allow)) best = r;
      }
      return best ? best.allow : true;
    },
  };
}

/** No robots.txt (404) means everything is allowed. */
export const ALLOW_ALL: RobotsRules = { sitemaps: [], allows: () => true };
/** A robots.txt that failed with a server error: RFC 9309 says assume complete disallow. */
export const DISALLOW_ALL: RobotsRules = { sitemaps: [], allows: () => false };
