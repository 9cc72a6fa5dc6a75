import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import { mockingFiles } from './test/mocking-files.ts';

/** What both node projects share: the server suites build apps on real databases, seconds per test. */
// Passwords hash at N=2^14 here, not production's 2^17 (server/lib/password.ts): thousands of users are made, and the
// hash's cost is the sign-in bench's to measure.
// Generous: background work (imports, type changes) settles slowly on a loaded 2-core CI machine; speed is for the benchmarks.
const nodeTests = { environment: 'node', testTimeout: 60_000, hookTimeout: 60_000, env: { SCRYPT_LOG2_N: '14' } } as const;

/** `npm test`: everything that needs no browser. Server tests use PGlite, and PostgreSQL too when TEST_DATABASE_URL is set. */
export default defineConfig({
  plugins: [react()],
  test: {
    // Vitest's default on 2 cores is one worker; the suites mostly wait on PostgreSQL, SMTP and timers, so three
    // files at a time finish in less than half the time without starving each other. VITEST_MAX_WORKERS overrides.
    maxWorkers: Number(process.env.VITEST_MAX_WORKERS ?? 3),
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          ...nodeTests,
          include: ['test/core/**/*.test.ts', 'test/metadata/**/*.test.ts', 'test/server/**/*.test.ts'],
          exclude: mockingFiles,
          // Files in one worker share the imported server modules instead of importing them again each (a fifth of the
          // run's CPU): every suite builds its own app on its own database, so no state is shared through them.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'node-isolated',
          ...nodeTests,
          include: mockingFiles,
        },
      },
      {
        extends: true,
        test: {
          name: 'dom',
          environment: 'happy-dom',
          include: ['test/engine/**/*.test.tsx', 'test/ui/**/*.test.tsx', 'test/widgets/**/*.test.{ts,tsx}', 'test/stories/**/*.test.tsx'],
          setupFiles: ['test/setup-dom.ts'],
          // Generous: a loaded CI machine makes big widget lists slow, and slowness is measured in benchmarks, not here.
          testTimeout: 60_000,
        },
      },
    ],
  },
});
