import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { ClassForm } from './class-form.tsx';

const years = [
  { id: 3, name: '2025/2026', startDate: '2025-07-14', endDate: '2026-06-20', isActive: false },
  { id: 4, name: '2026/2027', startDate: '2026-07-13', endDate: '2027-06-19', isActive: true },
];
const grades = [{ id: 9, unitId: 1, level: 1, name: 'Kelas 1' }];

describe('ClassForm', () => {
  afterEach(() => vi.restoreAllMocks());

  it('a new class takes the active year when the page has none yet, and saves it', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch').mockImplementation(async (url, init) => {
      if (init?.method === 'POST') return new Response(JSON.stringify({ id: 1 }), { status: 201 });
      const items = String(url).includes('academic-years') ? years : String(url).includes('grades') ? grades : [];
      return new Response(JSON.stringify({ items, total: items.length }), { status: 200 });
    });
    await renderWithApp(<ClassForm unitId={1} academicYearId={null} onDone={() => {}} />);
    await waitFor(() =>
      expect(screen.getByRole<HTMLInputElement>('combobox', { name: /^Tahun pelajaran/ }).value).toBe('2026/2027'),
    );
    fireEvent.change(screen.getByRole('textbox', { name: /^Nama kelas/ }), { target: { value: '1A' } });
    const grade = screen.getByRole('combobox', { name: /^Tingkat/ });
    const option = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(grade);
      return screen.getByRole('option', { name: 'Kelas 1', hidden: true });
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: /Simpan/ }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, i]) => i?.method === 'POST')).toBe(true));
    const [, init] = fetchMock.mock.calls.find(([, i]) => i?.method === 'POST')!;
    expect(JSON.parse(String(init!.body))).toMatchObject({ academicYearId: 4, gradeId: 9, name: '1A' });
  });
});
