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
    // one module graph per worker, not per file (about half the suite's CPU went to importing the app for each
    // file); what a file may leave behind in a module is reset per file by the setup file
    isolate: false,
    setupFiles: ['src/test/per-file-setup.ts'],
  },
});
