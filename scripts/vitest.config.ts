import { defineProject } from 'vitest/config';

/** The test scripts' own helpers (`scripts/lib`), e.g. reading a browser report for retried tests. */
export default defineProject({
  // the lint rule's test builds a TypeScript program: 1 s alone, past Vitest's 5 s default on a 2-core machine while
  // the server suite runs beside it (npm test); a hang still fails
  test: { name: 'scripts', include: ['lib/**/*.test.mjs'], testTimeout: 30_000 },
});
