import { screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { FormativeAnalysisPage } from './formative-analysis-page.tsx';

const analysis = {
  assessments: [{ id: 1, title: 'Kuis pangkat', classes: [{ className: '7A', takers: 2, mean: 83.34 }] }],
  byClass: [
    { className: '7A', takers: 2, mean: 83.34 },
    { className: '7B', takers: 0, mean: null },
  ],
  byObjective: [{ objective: 'TP1 Perpangkatan', items: 1, mastery: 87.5 }],
};

beforeEach(() => {
  // recharts measures its box; jsdom has none
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) =>
      Promise.resolve(
        new Response(
          JSON.stringify(
            url.includes('/questions/choices')
              ? { items: [{ subjectId: 4, subjectName: 'Matematika', gradeId: 7, gradeName: 'Kelas 7' }] }
              : analysis,
          ),
          { status: 200 },
        ),
      ),
    ),
  );
});
afterEach(() => vi.unstubAllGlobals());

describe('the formative analysis', { timeout: 30_000 }, () => {
  it('shows the numbers beside the charts, in Indonesian, and no data as "–" (never 0)', async () => {
    if (!i18next.isInitialized) {
      await i18next.use(initReactI18next).init({
        resources: { id: { translation: id } },
        lng: 'id',
        interpolation: { escapeValue: false },
      });
    }
    await renderWithApp(<FormativeAnalysisPage />);
    const byClass = await screen.findByTestId('formative-by-class');
    await waitFor(() => expect(within(byClass).getByText('83,34')).toBeTruthy());
    const rowB = within(byClass).getByText('7B').closest('tr')!;
    expect(rowB.textContent).toContain('–');
    expect(rowB.textContent).not.toContain('0,');
    expect(within(screen.getByTestId('formative-by-objective')).getByText('87,5')).toBeTruthy();
  });
});
