import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DescriptionSheet } from '@mms/shared';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { initTestI18n, renderWithApp } from '../../test/render.tsx';
import { registerDescriptionsMessages } from './i18n.ts';
import { DescriptionsPage } from './pages/descriptions-page.tsx';

const choices = {
  items: [{ classGroupId: 3, className: '7A', gradeId: 7, subjectId: 4, subjectName: 'Matematika', canEdit: true }],
};
const draftA = 'Menunjukkan penguasaan yang baik dalam menyelesaikan persamaan linear.';
const sheet = (canEdit: boolean): DescriptionSheet => ({
  classGroup: { id: 3, name: '7A' },
  subject: { id: 4, name: 'Matematika' },
  semester: 'GANJIL',
  kktp: 75,
  canEdit,
  students: [
    {
      studentId: 11,
      nis: '7001',
      name: 'Ahmad Fauzi',
      draft: { status: 'ALL_MASTERED', id: draftA, en: 'Shows good mastery of solving linear equations.' },
      saved: null,
    },
    {
      studentId: 12,
      nis: '7002',
      name: 'Budi Santoso',
      draft: { status: 'NONE_MASTERED', id: 'Perlu bantuan dalam operasi pecahan.', en: 'Needs help with fractions.' },
      saved: {
        text: 'Perlu latihan pecahan.',
        source: 'EDITED',
        updatedAt: '2026-11-18T03:00:00Z',
        updatedBy: 'Bu Sari',
      },
    },
    {
      studentId: 13,
      nis: '7003',
      name: 'Citra Dewi',
      draft: { status: 'NO_DATA', id: '', en: '' },
      saved: null,
    },
  ],
});

let calls: { method: string; url: string; body: unknown }[];
function serve(body: DescriptionSheet | 'error') {
  calls = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    const json = (v: unknown, status = 200) => new Response(JSON.stringify(v), { status });
    if (url.includes('/scores/choices')) return json(choices);
    if (method === 'PUT') return json({ saved: (calls.at(-1)!.body as { entries: unknown[] }).entries.length });
    if (body === 'error') return json({ error: { code: 'FORBIDDEN', message: 'Tidak boleh', fields: {} } }, 403);
    return json(body);
  });
}

beforeEach(async () => {
  await initTestI18n();
  registerDescriptionsMessages();
});
afterEach(async () => {
  vi.restoreAllMocks();
  await i18next.changeLanguage('id');
});

describe('the description editor', { timeout: 30_000 }, () => {
  it('shows each student’s draft and saved text, saves an edited one and accepts every open draft after a confirmation', async () => {
    serve(sheet(true));
    await renderWithApp(<DescriptionsPage />);
    const first = await screen.findByTestId('description-11');
    expect(within(first).getAllByText(draftA).length).toBeGreaterThan(0);
    expect(within(first).getByText('Belum disimpan')).toBeTruthy();
    const second = screen.getByTestId('description-12');
    expect(within(second).getByText('Diubah guru')).toBeTruthy();
    expect(within(second).getByText('Disimpan Bu Sari')).toBeTruthy();
    expect(within(screen.getByTestId('description-13')).getByText(/tulis deskripsinya sendiri/)).toBeTruthy();

    // an edited text of the second student
    fireEvent.change(screen.getByLabelText('Deskripsi untuk Budi Santoso'), {
      target: { value: 'Perlu latihan operasi pecahan.' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan Budi Santoso' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      classGroupId: 3,
      subjectId: 4,
      semester: expect.any(String),
      entries: [{ studentId: 12, text: 'Perlu latihan operasi pecahan.', source: 'EDITED' }],
    });

    // accept all: only the student with a draft and nothing saved, after the confirmation
    fireEvent.click(screen.getByRole('button', { name: 'Terima semua draf' }));
    expect(await screen.findByText(/deskripsi 1 siswa yang belum punya/)).toBeTruthy();
    const before = calls.filter((c) => c.method === 'PUT').length;
    fireEvent.click(screen.getByRole('button', { name: 'Ya, terima draf' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'PUT').length).toBe(before + 1));
    expect(calls.filter((c) => c.method === 'PUT').at(-1)!.body).toMatchObject({
      entries: [{ studentId: 11, text: draftA, source: 'DRAFT' }],
    });
  });

  it('is read-only for a reader, in English', async () => {
    await i18next.changeLanguage('en');
    serve(sheet(false));
    await renderWithApp(<DescriptionsPage />);
    expect(await screen.findByText(/saves them/)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Achievement descriptions' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Accept all drafts' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Save/ })).toBeNull();
    expect((screen.getByLabelText('Description for Ahmad Fauzi') as HTMLTextAreaElement).readOnly).toBe(true);
  });

  it('shows the server’s refusal, and an empty class', async () => {
    serve('error');
    const view = await renderWithApp(<DescriptionsPage />);
    expect(await screen.findByText('Tidak boleh')).toBeTruthy();
    view.unmount();
    serve({ ...sheet(true), students: [] });
    await renderWithApp(<DescriptionsPage />);
    expect(await screen.findByText('Kelas ini belum punya siswa.')).toBeTruthy();
  });
});
