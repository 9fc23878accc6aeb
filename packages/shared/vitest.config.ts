import { defineProject } from 'vitest/config';

export default defineProject({
  // the catalog test reads every contract and server file: 1.4 s alone, past Vitest's 5 s default on a 2-core
  // machine while the server suite runs beside it (npm test); a hang still fails
  test: { name: 'shared', include: ['src/**/*.test.ts'], testTimeout: 30_000 },
});
