// The test suite's own switches (kept out of src/ so that only src/config.ts reads the
// environment there). CI sets both; a developer without the services runs the rest.

/** PostgreSQL admin URL; when set, the PostgreSQL suites run and a missing server fails them. */
export const PG_URL = withUser(process.env.JANKARI_TEST_PG || undefined);

/** pg falls back to $USER when the URL names no user, and test workers may not have one. */
function withUser(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const u = new URL(url);
  if (!u.username) u.username = 'postgres';
  return u.toString();
}
/** Redis URL; when set, the Redis suites run and a missing server fails them. */
export const REDIS_URL = process.env.JANKARI_TEST_REDIS || undefined;
/** A Chromium binary; when set, the browser tests run and a browser that fails fails them. */
export const CHROMIUM = process.env.JANKARI_TEST_CHROMIUM || undefined;
/** The browser tier the browser suites run through: local (the default), playwright or cdp. */
export const BROWSER_TIER = parseTier(process.env.JANKARI_TEST_BROWSER_TIER);

function parseTier(v: string | undefined): 'local' | 'playwright' | 'cdp' {
  if (!v) return 'local';
  if (v === 'local' || v === 'playwright' || v === 'cdp') return v;
  throw new Error(`JANKARI_TEST_BROWSER_TIER=${v}: local, playwright or cdp`);
}
