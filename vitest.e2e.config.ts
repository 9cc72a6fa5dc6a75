import { defineConfig } from 'vitest/config';

/** `npm run test:e2e`: a real Chromium against a real server with the built UI. */
export default defineConfig({
  test: {
    name: 'e2e',
    environment: 'node',
    include: ['test/e2e/**/*.e2e.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
    // A real browser on a shared 2-core machine: a debounced search and its request can take seconds, not one.
    expect: { poll: { timeout: 20_000, interval: 100 } },
  },
});
