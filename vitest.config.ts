import { defineConfig } from 'vitest/config';

/** One run for every unit and API suite of the monorepo (`npm test` adds the browser suite). */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'scripts/vitest.config.ts'],
  },
});
