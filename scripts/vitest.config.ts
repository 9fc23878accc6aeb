import { defineProject } from 'vitest/config';

/** The test scripts' own helpers (`scripts/lib`), e.g. reading a browser report for retried tests. */
export default defineProject({
  test: { name: 'scripts', include: ['lib/**/*.test.mjs'] },
});
