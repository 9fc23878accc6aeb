import { BaseSequencer, type TestSpecification } from 'vitest/node';
import { defineConfig } from 'vitest/config';

/**
 * The server files that take the longest (they wait on child processes, restarts and back-offs, or walk every route),
 * slowest first: a minute or more each where most files take seconds. On a clean clone Vitest has no durations
 * cached and starts the largest files first, which put these in the second half and left one of them running alone
 * at the end; they start first, beside each other, and the short files fill the other workers.
 */
const SLOW_FIRST = [
  'apps/server/src/main.process.test.ts',
  'apps/server/src/supervisor.process.test.ts',
  'apps/server/src/fuzz.test.ts',
  'apps/server/src/hostile-input.test.ts',
  'apps/server/src/lib/access.test.ts',
  'apps/server/src/modules/finance-payments/payments-property.test.ts',
  'apps/server/src/several-servers.process.test.ts',
];

class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (f: TestSpecification) => {
      const i = SLOW_FIRST.findIndex((p) => f.moduleId.replaceAll('\\', '/').endsWith(p));
      return i === -1 ? SLOW_FIRST.length : i;
    };
    // projects keep Vitest's order; within one, the known-slow files first, the rest in Vitest's own order
    const project = new Map<string, number>();
    sorted.forEach((f, i) => project.set(f.project.name, project.get(f.project.name) ?? i));
    return sorted
      .map((f, i) => ({ f, key: [project.get(f.project.name)!, rank(f), i] }))
      .sort((a, b) => a.key[0]! - b.key[0]! || a.key[1]! - b.key[1]! || a.key[2]! - b.key[2]!)
      .map(({ f }) => f);
  }
}

/** One run for every unit and API suite of the monorepo (`npm test` adds the browser suite). */
export default defineConfig({
  test: {
    projects: ['packages/*/vitest.config.ts', 'apps/*/vitest.config.ts', 'scripts/vitest.config.ts'],
    sequence: { sequencer: SlowFirst },
  },
});
