import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AuthUser, ScoreRecap } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerGradesMessages } from '../../../i18n/grades/index.ts';
import { PAPER_LETTERHEAD } from '../../../test/printed-paper.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PolicyForm } from './policy-form.tsx';
import { RecapView } from './recap-view.tsx';

const person = (division: AuthUser['division']): AuthUser => ({
  id: 1,
  username: division.toLowerCase(),
  displayName: division,
  division,
  avatarUrl: null,
  employeeId: 2,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});
const teacher = person('TEACHER');
const wakakur = person('WAKAKUR');

const weights = { HARIAN: 0, TUGAS: 0, FORMATIF: 40, SUMATIF: 30, PTS: 0, PAS: 30 };
const means = { HARIAN: null, TUGAS: null, FORMATIF: 85, SUMATIF: 70, PTS: null, PAS: 60 };
const recap = (over: Partial<ScoreRecap> = {}): ScoreRecap => ({
  classGroup: { id: 1, name: '7A', gradeId: 7 },
  subject: { id: 4, name: 'Matematika' },
  semester: 'GANJIL',
  policy: { subjectId: 4, gradeId: 7, kkm: 75, weights, custom: false, ownWeights: false, remedialRule: 'CAP' },
  columnCounts: { HARIAN: 0, TUGAS: 0, FORMATIF: 1, SUMATIF: 1, PTS: 0, PAS: 1 },
  columns: [
    { id: 10, kind: 'FORMATIF', title: 'Kuis 1' },
    { id: 11, kind: 'SUMATIF', title: 'SLM 1' },
    { id: 12, kind: 'PAS', title: 'PAS' },
  ],
  cells: [
    { columnId: 10, studentId: 101, score: 85 },
    { columnId: 11, studentId: 101, score: 70 },
    { columnId: 12, studentId: 101, score: 60 },
  ],
  remedials: [],
  canEdit: true,
  // (85*40 + 70*30 + 60*30) / 100 = 73
  rows: [
    { studentId: 101, nis: '7001', name: 'Ahmad', means, final: 73, computed: 73, override: null, belowKkm: true },
  ],
  classMean: 73,
  belowKkm: 1,
  ...over,
});

let calls: { method: string; url: string; body: unknown }[];
beforeEach(() => {
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      if (url.startsWith('/api/v1/letterhead')) return new Response(JSON.stringify(PAPER_LETTERHEAD), { status: 200 });
      if (url.startsWith('/api/v1/scores/rules') && method === 'GET') {
        const rules = {
          unitId: 2,
          academicYearId: 5,
          weights,
          kktp: 75,
          remedialRule: 'CAP',
          raporDecimals: 0,
          custom: true,
        };
        return new Response(JSON.stringify(rules), { status: 200 });
      }
      if (url.startsWith('/api/v1/scores/remedials') && method === 'PUT') {
        return new Response(JSON.stringify({ columnId: 12, studentId: 101, kind: 'REMEDIAL', score: 90 }), {
          status: 200,
        });
      }
      if (url.startsWith('/api/v1/scores/policy')) {
        return new Response(JSON.stringify(recap().policy), { status: 200 });
      }
      return new Response(JSON.stringify(url.startsWith('/api/v1/scores') ? { ok: true } : {}), { status: 200 });
    }),
  );
});
afterEach(() => vi.unstubAllGlobals());

const show = (r: ScoreRecap, user = teacher) =>
  renderWithApp(<RecapView recap={r} semesterLabel="Semester Ganjil" />, '/', {
    user,
    messages: [registerGradesMessages],
  });
const writes = () => calls.filter((c) => c.method !== 'GET');

describe("the recap's override of a final score", () => {
  it('needs a reason (the Indonesian message) before anything is sent, then sends the score with it', async () => {
    await show(recap());
    fireEvent.click(await screen.findByRole('button', { name: 'Ubah nilai akhir Ahmad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah nilai akhir Ahmad' });
    expect(within(dialog).getByText(/Nilai hitungan: 73\./)).toBeTruthy();
    const score = within(dialog).getByRole('textbox', { name: /Nilai akhir/ });
    fireEvent.change(score, { target: { value: '78' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Alasan mengubah nilai akhir wajib diisi')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Alasan/ }), {
      target: { value: 'Tugas susulan sudah dinilai' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/scores/final-overrides',
      body: {
        classGroupId: 1,
        subjectId: 4,
        semester: 'GANJIL',
        studentId: 101,
        score: 78,
        reason: 'Tugas susulan sudah dinilai',
      },
    });
  });

  it('marks an overridden score and removes the override only after a confirmation', async () => {
    const row = {
      ...recap().rows[0]!,
      final: 78,
      override: { score: 78, reason: 'Susulan', updatedAt: '2026-12-01T01:00:00Z' },
    };
    await show(recap({ rows: [{ ...row, belowKkm: false }] }));
    expect(await screen.findByText('Diubah guru')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Ubah nilai akhir Ahmad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah nilai akhir Ahmad' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus perubahan' }));
    expect(await screen.findByText('Nilai akhir Ahmad kembali ke nilai hitungan 73.')).toBeTruthy();
    expect(writes()).toEqual([]);
    const confirm = await screen.findByRole('dialog', { name: 'Hapus perubahan nilai akhir?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus perubahan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]!.method).toBe('DELETE');
    expect(writes()[0]!.url).toContain('/api/v1/scores/final-overrides?');
    expect(writes()[0]!.url).toContain('studentId=101');
  });

  it('offers no override nor remedial where the caller may not type', async () => {
    await show(recap({ canEdit: false }));
    await screen.findByTestId('recap-table');
    expect(screen.queryByRole('button', { name: 'Ubah nilai akhir Ahmad' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Remedial atau pengayaan Ahmad' })).toBeNull();
  });
});

describe('remedial entry', () => {
  it('records a remedial beside the original score of a chosen assessment', async () => {
    await show(recap());
    fireEvent.click(await screen.findByRole('button', { name: 'Remedial atau pengayaan Ahmad' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remedial dan pengayaan Ahmad' });
    expect(within(dialog).getByText(/paling tinggi sebesar KKTP/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('combobox', { name: /^Penilaian/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'PAS (PAS)', hidden: true }));
    expect(await within(dialog).findByText('Nilai asli 60')).toBeTruthy();
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Nilai remedial/ }), { target: { value: '90' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/scores/remedials',
      body: { columnId: 12, studentId: 101, kind: 'REMEDIAL', score: 90 },
    });
  });

  it('lists a remedial with its original and removes it after a confirmation', async () => {
    await show(recap({ remedials: [{ columnId: 12, studentId: 101, kind: 'REMEDIAL', score: 90 }] }));
    fireEvent.click(await screen.findByRole('button', { name: 'Remedial atau pengayaan Ahmad' }));
    const list = await screen.findByTestId('remedial-list');
    expect(list.textContent).toContain('Nilai asli 60');
    expect(list.textContent).toContain('Remedial 90');
    fireEvent.click(within(list).getByRole('button', { name: 'Hapus nilai Remedial PAS' }));
    const confirm = await screen.findByRole('dialog', { name: 'Hapus nilai Remedial?' });
    expect(writes()).toEqual([]);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus perubahan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({ method: 'DELETE' });
    expect(writes()[0]!.url).toContain('columnId=12');
  });
});

describe("the unit's grade rules and the subject's KKTP", () => {
  it("let WAKAKUR set the unit's weights, KKTP and remedial rule, checking the KKTP first", async () => {
    await show(recap(), wakakur);
    fireEvent.click(await screen.findByRole('button', { name: 'Aturan nilai unit' }));
    const dialog = await screen.findByRole('dialog', { name: 'Aturan nilai unit tahun pelajaran ini' });
    expect(within(dialog).getByText('Sumatif lingkup materi')).toBeTruthy();
    const kktp = await within(dialog).findByRole('textbox', { name: 'KKTP bawaan' });
    fireEvent.change(kktp, { target: { value: '101' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('KKTP 0 sampai 100')).toBeTruthy();
    expect(writes()).toEqual([]);
    fireEvent.change(kktp, { target: { value: '78' } });
    fireEvent.click(within(dialog).getByRole('radio', { name: /lebih tinggi/ }));
    fireEvent.click(within(dialog).getByRole('radio', { name: '1 desimal (87,4)' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(writes()).toHaveLength(1));
    expect(writes()[0]).toMatchObject({
      method: 'PUT',
      url: '/api/v1/scores/rules',
      body: { unitId: 2, academicYearId: 5, kktp: 78, remedialRule: 'HIGHER', raporDecimals: 1, weights },
    });
  });

  it("sends a subject's KKTP without weights of its own unless they are ticked", async () => {
    const onDone = vi.fn();
    await renderWithApp(<PolicyForm policy={recap().policy} onDone={onDone} />, '/', {
      messages: [registerGradesMessages],
    });
    fireEvent.change(await screen.findByRole('textbox', { name: 'KKTP' }), { target: { value: '70' } });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(writes()[0]!.body).toEqual({ subjectId: 4, gradeId: 7, kkm: 70, weights: null });
  });
});
