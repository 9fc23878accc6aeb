import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * Money is whole rupiah everywhere: this scan fails when float arithmetic or a fractional column enters
 * the finance source (server module, schema, contract, money rules, web feature).
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const SOURCES = [
  'apps/server/src/modules/finance',
  'apps/server/src/db/schema/finance.ts',
  'packages/shared/src/contracts/finance.ts',
  'packages/shared/src/domain/money.ts',
  'apps/web/src/features/finance',
  'apps/server/src/modules/bisyaroh',
  'apps/server/src/db/schema/bisyaroh.ts',
  'packages/shared/src/contracts/bisyaroh.ts',
  'packages/shared/src/domain/bisyaroh.ts',
  'apps/web/src/features/bisyaroh',
  'apps/server/src/modules/finance-reports',
  'packages/shared/src/contracts/finance-reports.ts',
  'apps/web/src/features/finance-reports',
  'apps/web/src/features/finance-books/pages/accounts-page.tsx',
  'apps/server/src/modules/finance-payments',
  'apps/server/src/db/schema/finance-payments.ts',
  'packages/shared/src/contracts/finance-payments.ts',
  'packages/shared/src/domain/allocation.ts',
  'apps/web/src/features/finance-payments',
];

const FLOAT_PATTERNS: [RegExp, string][] = [
  [/\bparseFloat\s*\(/, 'parseFloat'],
  [/\.toFixed\s*\(/, 'toFixed'],
  [/\bNumber\([^()]*\)\s*\//, 'Number(x) / (a fractional division)'],
  [/\b(numeric|real|doublePrecision|decimal)\s*\(/, 'a numeric/real/double column'],
  [/\b(double precision|float[48]?)\b/i, 'a float SQL type'],
  [/Math\.(round|ceil)\s*\(/, 'rounding a fraction'],
];

function filesOf(entry: string): string[] {
  const full = path.join(root, entry);
  let stat;
  try {
    stat = statSync(full);
  } catch {
    return [];
  }
  if (stat.isFile()) return [full];
  return readdirSync(full, { recursive: true, encoding: 'utf8' })
    .filter((f) => /\.(ts|tsx)$/.test(f))
    .map((f) => path.join(full, f));
}

/** The lines of `text` that use float money; comments and this scanner's own patterns are skipped. */
function floatUses(text: string): string[] {
  const found: string[] = [];
  text.split('\n').forEach((line, i) => {
    const code = line.replace(/\/\/.*$/, '').replace(/^\s*\*.*$/, '');
    for (const [pattern, what] of FLOAT_PATTERNS)
      if (pattern.test(code)) found.push(`${i + 1}: ${what}: ${line.trim()}`);
  });
  return found;
}

describe('no float in the money path', () => {
  it('catches what it looks for', () => {
    expect(floatUses('const x = parseFloat(v);')).toHaveLength(1);
    expect(floatUses('total.toFixed(2)')).toHaveLength(1);
    expect(floatUses('const r = Number(a) / 3;')).toHaveLength(1);
    expect(floatUses("price: numeric('price'),")).toHaveLength(1);
    expect(floatUses('amount: real(),')).toHaveLength(1);
    expect(floatUses('amount: integer(),')).toHaveLength(0);
  });

  it('finds none in the finance source', () => {
    const files = SOURCES.flatMap(filesOf).filter((f) => !f.endsWith('no-float.test.ts'));
    expect(files.length).toBeGreaterThan(4);
    const offences = files.flatMap((f) =>
      floatUses(readFileSync(f, 'utf8')).map((o) => `${path.relative(root, f)}:${o}`),
    );
    expect(offences).toEqual([]);
  });
});
