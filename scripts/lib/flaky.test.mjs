import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { flakyLine, flakyTests } from './flaky.mjs';

const report = JSON.parse(readFileSync(new URL('./fixtures/playwright-report.json', import.meta.url), 'utf8'));

describe('flakyTests', () => {
  it('finds the one test that passed on a retry, not the passed or the failed one', () => {
    expect(flakyTests(report)).toEqual([
      {
        file: 'prayer.spec.ts',
        title: 'the prayer recap > shows the week of 1 July',
        project: 'chromium',
        retry: 1,
      },
    ]);
  });

  it('prints it on its own line with the retry that passed', () => {
    expect(flakyTests(report).map(flakyLine)).toEqual([
      'flaky: prayer.spec.ts > the prayer recap > shows the week of 1 July (passed on retry 1)',
    ]);
  });

  it('finds nothing in a report without suites', () => {
    expect(flakyTests(null)).toEqual([]);
    expect(flakyTests({ suites: [] })).toEqual([]);
  });
});
