import { defineConfig } from 'vitest/config';

// Tests live next to the code (src/**) and in test/ for cross-module cases.
// The PostgreSQL and Redis suites run when JANKARI_TEST_PG / JANKARI_TEST_REDIS
// are set (the CI script sets both and fails if a service is missing).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
