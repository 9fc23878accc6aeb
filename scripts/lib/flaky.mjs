// Tests that passed only on a retry, read from a Playwright JSON report. The test scripts print each on its
// own line and count it as failed: a retry that passes hides a fault, it does not prove its absence.

/**
 * Every test of the report whose outcome is `flaky` (failed, then passed on a retry), in report order.
 * @param {{ suites?: object[] } | null | undefined} report the parsed Playwright JSON report
 * @returns {{ file: string, title: string, project: string, retry: number }[]}
 */
export function flakyTests(report) {
  const found = [];
  const walk = (suite, titles) => {
    // the top-level suite of a file is titled with the file name, which the line already shows
    const inner = suite.title && suite.title !== suite.file ? [...titles, suite.title] : titles;
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'flaky') continue;
        const results = test.results ?? [];
        const pass = results.findLast((r) => r.status === 'passed');
        found.push({
          file: spec.file ?? suite.file ?? '',
          title: [...inner, spec.title].join(' > '),
          project: test.projectName ?? '',
          retry: pass?.retry ?? results.length - 1,
        });
      }
    }
    for (const child of suite.suites ?? []) walk(child, inner);
  };
  for (const suite of report?.suites ?? []) walk(suite, []);
  return found;
}

/** The line printed for one flaky test: `flaky: <file> > <title> (passed on retry N)`. */
export const flakyLine = (t) => `flaky: ${t.file} > ${t.title} (passed on retry ${t.retry})`;
