import { screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { id } from '../../../i18n/id.ts';
import { registerAssessmentMessages } from '../../../i18n/assessment/index.ts';
import { ApiError } from '../../../lib/api.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ImportErrorTable, importProblems } from './question-import.tsx';

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  registerAssessmentMessages();
});

const rejected = new ApiError(400, 'VALIDATION_FAILED', '3 masalah di 3 soal; tidak ada data yang disimpan', {
  'soal 12: Bobot': 'Bobot harus bilangan bulat 1-100',
  'soal 3: Kunci': 'Kunci harus huruf pilihan yang terisi (A sampai E)',
  'soal 3: Tipe': 'Tipe harus salah satu dari PG, PGK, BS, JODOH, ISIAN, URAIAN',
});

describe('the import error table', () => {
  it('reads every problem of a rejected import, in question order', () => {
    expect(importProblems(rejected)).toEqual([
      { no: 3, field: 'Kunci', message: 'Kunci harus huruf pilihan yang terisi (A sampai E)' },
      { no: 3, field: 'Tipe', message: 'Tipe harus salah satu dari PG, PGK, BS, JODOH, ISIAN, URAIAN' },
      { no: 12, field: 'Bobot', message: 'Bobot harus bilangan bulat 1-100' },
    ]);
    expect(importProblems(new Error('x'))).toEqual([]);
  });

  it('shows each problem as a row: question number, field, message', async () => {
    await renderWithApp(<ImportErrorTable problems={importProblems(rejected)} />);
    const table = screen.getByRole('table', { name: '3 masalah; tidak ada soal yang disimpan' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['No. soal', 'Kolom', 'Masalah']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows.map((r) =>
        within(r)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ['3', 'Kunci', 'Kunci harus huruf pilihan yang terisi (A sampai E)'],
      ['3', 'Tipe', 'Tipe harus salah satu dari PG, PGK, BS, JODOH, ISIAN, URAIAN'],
      ['12', 'Bobot', 'Bobot harus bilangan bulat 1-100'],
    ]);
  });
});
