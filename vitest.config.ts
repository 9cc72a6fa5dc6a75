import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';

/** `npm test`: everything that needs no browser. Server tests use PGlite, and PostgreSQL too when TEST_DATABASE_URL is set. */
export default defineConfig({
  plugins: [react()],
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: ['test/core/**/*.test.ts', 'test/metadata/**/*.test.ts', 'test/server/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
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
