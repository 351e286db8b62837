// The test suite's own switches (kept out of src/ so that only src/config.ts reads the
// environment there). CI sets both; a developer without the services runs the rest.

/** PostgreSQL admin URL; when set, the PostgreSQL suites run and a missing server fails them. */
export const PG_URL = process.env.JANKARI_TEST_PG || undefined;
/** Redis URL; when set, the Redis suites run and a missing server fails them. */
export const REDIS_URL = process.env.JANKARI_TEST_REDIS || undefined;
/** Where ../shared lives (data sets and vectors used by tests and benchmarks). */
export const SHARED_DIR = process.env.JANKARI_SHARED_DIR || new URL('../../../shared/', import.meta.url).pathname;
