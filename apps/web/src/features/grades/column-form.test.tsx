import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { registerGradesMessages } from '../../i18n/grades/index.ts';
import { registerLearningObjectivesMessages } from '../../i18n/learning-objectives/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ColumnForm } from './components/column-form.tsx';

const sheet = { classGroupId: 3, subjectId: 4, semester: 'GANJIL' as const };
const message =
  'Penilaian Kuis Bab 3 pada 2 Desember 2026 sudah ada di lembar nilai ini. Simpan lagi hanya bila ini memang penilaian yang lain.';

afterEach(() => vi.restoreAllMocks());

describe('the assessment (score column) form', () => {
  it('shows the server’s warning of the same name on the same date and adds it only when confirmed', async () => {
    const bodies: Record<string, unknown>[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      const body = JSON.parse(String(init?.body)) as Record<string, unknown>;
      bodies.push(body);
      if (!body.confirmDuplicate) {
        const error = { code: 'CONFLICT', message, fields: { confirmDuplicate: 'Sudah ada' } };
        return new Response(JSON.stringify({ error }), { status: 409 });
      }
      const saved = { id: 9, ...sheet, kind: 'HARIAN', title: 'Kuis Bab 3', date: '2026-12-02', assessmentId: null };
      return new Response(JSON.stringify(saved), { status: 200 });
    });
    const onDone = vi.fn();
    await renderWithApp(<ColumnForm sheet={sheet} column={null} onDone={onDone} />, '/', {
      messages: [registerGradesMessages],
    });
    fireEvent.change(await screen.findByLabelText(/Nama penilaian/), { target: { value: 'Kuis Bab 3' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getByText('Penilaian ini sudah ada')).toBeTruthy();
    expect(bodies).toHaveLength(1);
    expect(onDone).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Ya, tambahkan penilaian lain' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies[1]).toMatchObject({ title: 'Kuis Bab 3', confirmDuplicate: true });
  });

  it('keeps the name and date of a column an online exam fills, and sends only its kind', async () => {
    const bodies: unknown[] = [];
    const column = {
      id: 12,
      ...sheet,
      kind: 'SUMATIF' as const,
      title: 'Sumatif Bab 1',
      date: '2026-11-18',
      assessmentId: 77,
    };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (_input, init) => {
      bodies.push(JSON.parse(String(init?.body)));
      return new Response(JSON.stringify(column), { status: 200 });
    });
    const onDone = vi.fn();
    await renderWithApp(<ColumnForm sheet={sheet} column={column} onDone={onDone} />, '/', {
      messages: [registerGradesMessages],
    });
    const title = (await screen.findByLabelText(/Nama penilaian/)) as HTMLInputElement;
    expect(title.disabled).toBe(true);
    expect(screen.getByText(/hanya jenis penilaiannya yang dapat diubah/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(bodies).toEqual([{ kind: 'SUMATIF' }]);
  });

  it('tags a column with the TPs picked, after the column is saved, and leaves unchanged tags alone', async () => {
    const objectives = {
      academicYearId: 1,
      canManage: true,
      items: [
        { id: 1, code: 'TP 7.1', description: 'Membandingkan bilangan bulat', position: 1 },
        { id: 2, code: 'TP 7.2', description: 'Menyelesaikan operasi pecahan', position: 2 },
      ].map((o) => ({ ...o, unitId: 2, academicYearId: 1, subjectId: 4, gradeId: 7, columnTags: 0, questionTags: 0 })),
    };
    const column = {
      id: 12,
      ...sheet,
      kind: 'HARIAN' as const,
      title: 'Kuis 1',
      date: '2026-11-18',
      assessmentId: null,
    };
    const calls: { method: string; url: string; body: unknown }[] = [];
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
      const json = (v: unknown) => new Response(JSON.stringify(v), { status: 200 });
      if (url.includes('/learning-objectives/column-tags?'))
        return json({ items: [{ columnId: 12, objectiveIds: [2] }] });
      if (url.includes('/learning-objectives/column-tags/12')) return json({ objectiveIds: [1, 2] });
      if (url.includes('/learning-objectives?')) return json(objectives);
      return json(column);
    });
    const onDone = vi.fn();
    await renderWithApp(<ColumnForm sheet={sheet} column={column} gradeId={7} onDone={onDone} />, '/', {
      messages: [registerGradesMessages, registerLearningObjectivesMessages],
    });
    // the column's saved TP shows as chosen
    expect((await screen.findAllByText('TP 7.2 – Menyelesaikan operasi pecahan')).length).toBeGreaterThan(0);
    const input = screen.getByRole('combobox', { name: /Tujuan pembelajaran \(TP\)/ });
    await waitFor(() => expect((input as HTMLInputElement).disabled).toBe(false));
    const option = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(input);
      return screen.getByRole('option', { name: 'TP 7.1 – Membandingkan bilangan bulat', hidden: true });
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    const writes = calls.filter((c) => c.method !== 'GET');
    expect(writes.map((c) => `${c.method} ${c.url.replace(/^.*\/api\/v1/, '')}`)).toEqual([
      'PUT /scores/columns/12',
      'PUT /learning-objectives/column-tags/12',
    ]);
    expect(writes[1]!.url).toContain('/api/v1/learning-objectives/column-tags/12');
    expect(writes[1]!.body).toEqual({ ...sheet, objectiveIds: [2, 1] });
  });

  it('saves no tags when the picker was left as it was', async () => {
    const calls: string[] = [];
    const saved = { id: 9, ...sheet, kind: 'HARIAN', title: 'Kuis Bab 4', date: '2026-12-02', assessmentId: null };
    vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
      calls.push(`${init?.method ?? 'GET'} ${String(input)}`);
      const body = String(input).includes('/learning-objectives?')
        ? { academicYearId: 1, canManage: true, items: [] }
        : saved;
      return new Response(JSON.stringify(body), { status: 200 });
    });
    const onDone = vi.fn();
    await renderWithApp(<ColumnForm sheet={sheet} column={null} gradeId={7} onDone={onDone} />, '/', {
      messages: [registerGradesMessages, registerLearningObjectivesMessages],
    });
    fireEvent.change(await screen.findByLabelText(/Nama penilaian/), { target: { value: 'Kuis Bab 4' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.filter((c) => !c.startsWith('GET'))).toEqual([expect.stringContaining('POST')]);
  });
});
