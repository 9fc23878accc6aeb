import { defineProject } from 'vitest/config';

export default defineProject({
  resolve: { conditions: ['mms-source'] },
  ssr: { resolve: { conditions: ['mms-source'] } },
  test: {
    name: 'server',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
  },
});
