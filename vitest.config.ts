import { defineConfig } from 'vitest/config';

// Two projects: pure unit tests run in parallel; suites that launch Chromium run one
// file at a time (2-core machines; each file starts its own browser and gym).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.ts',
            'apps/*/src/**/*.test.tsx',
            'gym/src/**/*.test.ts',
            'bench/**/*.test.ts',
            'scripts/**/*.test.ts',
          ],
          pool: 'forks',
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['packages/*/test/**/*.e2e.ts', 'apps/*/test/**/*.e2e.ts', 'gym/test/**/*.e2e.ts', 'bench/**/*.e2e.ts'],
          pool: 'forks',
          fileParallelism: false,
          testTimeout: 60_000,
          hookTimeout: 60_000,
          // A page or a worker answers late on a loaded machine: polls wait up to 10 s (vitest's 1 s
          // default failed a cold extension's first message in a loaded run).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});
