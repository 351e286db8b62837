import { defineConfig } from 'vitest/config';
import { rerunOnSupportedNode } from './test/helpers/supported-node.js';

// On a Node the project does not support, the same command runs again on the pinned Node 22.
rerunOnSupportedNode();

// Tests live next to the code (src/**) and in test/ for cross-module cases.
// The PostgreSQL and Redis suites run when JANKARI_TEST_PG / JANKARI_TEST_REDIS
// are set (the CI script sets both and fails if a service is missing).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    environment: 'node',
    // Generous on purpose: users run the suite on busy laptops and CI on a shared 2-core
    // machine, where a start-up or a browser visit can take many times its quiet length. A test
    // asserts what is correct, never how fast (speed is shown by npm run bench…); these only
    // end a test that hangs.
    testTimeout: 300_000,
    hookTimeout: 300_000,
    pool: 'forks',
    maxWorkers: 2,
  },
});
