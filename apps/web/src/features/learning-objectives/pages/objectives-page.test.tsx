import type { AuthUser } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerLearningObjectivesMessages } from '../../../i18n/learning-objectives/index.ts';
import { PHONE_QUERY } from '../../../components/data-list/responsive-table.tsx';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { LearningObjectivesPage } from './objectives-page.tsx';

const teacher: AuthUser = {
  id: 3,
  username: '1987',
  displayName: 'Bu Guru',
  division: 'TEACHER',
  avatarUrl: null,
  employeeId: 5,
  employeeNumber: '1987',
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};

const tp = (id: number, code: string, description: string, columnTags = 0, questionTags = 0) => ({
  id,
  unitId: 2,
  academicYearId: 1,
  subjectId: 4,
  gradeId: 7,
  code,
  description,
  position: id,
  columnTags,
  questionTags,
});

let canManage: boolean;
let items: ReturnType<typeof tp>[];
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method);

beforeEach(() => {
  canManage = true;
  items = [tp(1, 'TP 7.1', 'Membandingkan bilangan bulat', 2, 3), tp(2, 'TP 7.2', 'Menyelesaikan operasi pecahan')];
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, media !== PHONE_QUERY));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    if (url.startsWith('/api/v1/learning-objectives/choices'))
      return json({
        items: [
          { subjectId: 4, subjectName: 'Matematika', gradeId: 7, gradeName: 'Kelas 7', canManage },
          { subjectId: 5, subjectName: 'IPA', gradeId: 7, gradeName: 'Kelas 7', canManage },
        ],
      });
    if (init?.method === 'DELETE') {
      items = items.filter((i) => !url.endsWith(`/${i.id}`));
      return json({ ok: true });
    }
    if (init?.method === 'POST') {
      const body = JSON.parse(String(init.body)) as { code: string; description: string };
      items = [...items, tp(3, body.code, body.description)];
      return json(items[2]);
    }
    if (url.startsWith('/api/v1/learning-objectives?')) return json({ academicYearId: 1, items, canManage });
    return json({});
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** Picks Matematika of grade 7 in the pair select (its options show once the choices have come). */
async function choose(label: RegExp) {
  const input = await screen.findByRole('combobox', { name: label });
  const option = await waitFor(() => {
    if (!screen.queryByRole('listbox')) fireEvent.click(input);
    return screen.getByRole('option', { name: 'Matematika – Kelas 7', hidden: true });
  });
  fireEvent.click(option);
}

async function open() {
  await renderWithApp(<LearningObjectivesPage />, '/', {
    user: teacher,
    messages: [registerLearningObjectivesMessages],
  });
  await choose(/Mapel dan tingkat/);
  return screen.findByRole('table', { name: 'Daftar tujuan pembelajaran' });
}

describe('the learning objectives (TP) screen', { timeout: 30_000 }, () => {
  it('lists the TPs of the chosen subject and grade with their tags, and searches them', async () => {
    const table = await open();
    await waitFor(() => expect(within(table).getByText('Membandingkan bilangan bulat')).toBeTruthy());
    expect(within(table).getByText('2 kolom nilai, 3 soal')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('subjectId=4&gradeId=7'))).toBe(true);
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari kode atau rumusan TP' }), {
      target: { value: 'pecahan' },
    });
    await waitFor(() => expect(within(table).queryByText('Membandingkan bilangan bulat')).toBeNull());
    expect(within(table).getByText('Menyelesaikan operasi pecahan')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Excel/ })).toBeTruthy();
  });

  it('deletes only after a confirmation that says how many tags go with the TP', async () => {
    const table = await open();
    fireEvent.click(await within(table).findByRole('button', { name: /Hapus.*TP 7\.1/ }));
    const dialog = await screen.findByRole('dialog');
    expect(
      within(dialog).getByText('Hapus TP TP 7.1? Tandanya pada 2 kolom nilai dan 3 soal ikut terhapus.'),
    ).toBeTruthy();
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(String(calls('DELETE')[0]![0])).toBe('/api/v1/learning-objectives/1');
  });

  it('adds a TP through the form, checked by the shared contract', async () => {
    await open();
    fireEvent.click(await screen.findByRole('button', { name: 'Tambah TP' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Kode TP wajib diisi')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Kode/ }), { target: { value: 'TP 7.3' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Rumusan TP/ }), {
      target: { value: 'Menyajikan data' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(calls('POST')).toHaveLength(1));
    expect(JSON.parse(String((calls('POST')[0]![1] as RequestInit).body))).toEqual({
      subjectId: 4,
      gradeId: 7,
      code: 'TP 7.3',
      description: 'Menyajikan data',
    });
  });

  it('offers no writing to a reader, and speaks English', async () => {
    canManage = false;
    await i18next.changeLanguage('en');
    try {
      await renderWithApp(<LearningObjectivesPage />, '/', {
        user: teacher,
        messages: [registerLearningObjectivesMessages],
      });
      expect(await screen.findByRole('heading', { name: 'Learning objectives (TP)' })).toBeTruthy();
      await choose(/Subject and grade/);
      const table = await screen.findByRole('table', { name: 'Learning objectives' });
      await waitFor(() => expect(within(table).getByText('2 score columns, 3 questions')).toBeTruthy());
      expect(screen.queryByRole('button', { name: 'Add TP' })).toBeNull();
      expect(within(table).queryByRole('button', { name: /Delete/ })).toBeNull();
    } finally {
      await i18next.changeLanguage('id');
    }
  });
});
