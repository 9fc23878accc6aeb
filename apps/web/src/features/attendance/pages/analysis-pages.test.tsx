import { screen } from '@testing-library/react';
import type { AuthUser, JournalAnalysis } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';

// recharts measures its box, which jsdom has not: the page's BarChart is recorded with the props it was given
const charts = vi.hoisted(() => [] as Record<string, unknown>[]);
vi.mock('@mantine/charts', () => ({
  BarChart: (props: Record<string, unknown>) => {
    charts.push(props);
    return <div data-testid="chart" />;
  },
}));

const { JournalAnalysisPage, countChartProps } = await import('./analysis-pages.tsx');

const principal: AuthUser = {
  id: 1,
  username: 'kepsek',
  displayName: 'Drs. Yusuf',
  division: 'PRINCIPAL',
  avatarUrl: null,
  employeeId: 2,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};

const analysis: JournalAnalysis = {
  from: '2026-12-01',
  to: '2026-12-02',
  subjects: [{ subjectId: 1, subjectName: 'Matematika', journals: 1, absences: 0, substitutes: 0 }],
  total: { journals: 1, absences: 0, substitutes: 0 },
};

beforeEach(() => {
  charts.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn(
      async (url: string) =>
        new Response(JSON.stringify(url.startsWith('/api/v1/analytics/journals') ? analysis : { items: [] }), {
          status: 200,
        }),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the journal-analysis chart (issue 39 finding 12)', () => {
  it('counts in whole numbers, shows its legend, and writes numbers in the reader’s locale', async () => {
    await renderWithApp(<JournalAnalysisPage />, '/', { user: principal });
    await screen.findByTestId('chart');
    const props = charts.at(-1)!;
    expect(props.yAxisProps).toMatchObject({ allowDecimals: false });
    expect(props.withLegend).toBe(true);
    const format = props.valueFormatter as (v: number) => string;
    expect(format(1250)).toBe('1.250');
    const tick = (props.yAxisProps as { tickFormatter: (v: number) => string }).tickFormatter;
    expect(tick(1250)).toBe('1.250');
  });

  it('writes the counts in English for an English reader', () => {
    expect(countChartProps('en').valueFormatter(1250)).toBe('1,250');
    expect(countChartProps('id').yAxisProps.tickFormatter(2)).toBe('2');
  });

  it('loads the colour keys’ stylesheet with the charts', async () => {
    const { readFileSync } = await import('node:fs');
    const source = readFileSync(`${import.meta.dirname}/analysis-pages.tsx`, 'utf8');
    expect(source).toContain("import '@mantine/core/styles/ColorSwatch.css';");
  });
});
