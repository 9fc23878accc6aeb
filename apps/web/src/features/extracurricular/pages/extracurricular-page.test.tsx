import type { AuthUser } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PHONE_QUERY } from '../../../components/data-list/responsive-table.tsx';
import { registerExtracurricularMessages } from '../../../i18n/extracurricular/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ExtracurricularPage } from './extracurricular-page.tsx';

const coach: AuthUser = {
  id: 3,
  username: '1987',
  displayName: 'Pak Pembina',
  division: 'TEACHER',
  avatarUrl: null,
  employeeId: 5,
  employeeNumber: '1987',
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};
const wakakur: AuthUser = { ...coach, id: 4, division: 'WAKAKUR', displayName: 'Bu Wakakur', employeeId: 6 };

const pramuka = {
  id: 1,
  unitId: 2,
  academicYearId: 1,
  academicYearName: '2026/2027',
  name: 'Pramuka',
  coachEmployeeId: 5,
  coachName: 'Pak Pembina',
  schedule: 'Jumat 14.00',
  memberCount: 2,
  canGrade: true,
};
const member = (studentId: number, name: string, predicate: string | null, note = '') => ({
  studentId,
  nis: `N${studentId}`,
  name,
  className: '7A',
  predicate,
  note,
});

let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => ((init as RequestInit | undefined)?.method ?? 'GET') === method);

beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, media !== PHONE_QUERY));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const json = (body: unknown, status = 200) => Promise.resolve(new Response(JSON.stringify(body), { status }));
    const members = {
      activity: pramuka,
      semester: 'GANJIL',
      members: [member(11, 'Ahmad', 'B', 'Rajin'), member(12, 'Budi', null)],
    };
    if (init?.method === 'PUT') return json(members);
    if (url.startsWith('/api/v1/extracurriculars/1/members')) return json(members);
    if (url.startsWith('/api/v1/extracurriculars?')) return json({ items: [pramuka], total: 1, page: 1, pageSize: 25 });
    return json({ items: [], total: 0, page: 1, pageSize: 25 });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function open(user: AuthUser) {
  await renderWithApp(<ExtracurricularPage />, '/', { user, messages: [registerExtracurricularMessages] });
  return screen.findByRole('table', { name: 'Daftar ekstrakurikuler' });
}

describe('the extracurricular screen', { timeout: 30_000 }, () => {
  it('lets the coach grade the members of a semester and saves the whole table at once', async () => {
    const table = await open(coach);
    expect(screen.getByRole('heading', { name: 'Ekstrakurikuler' })).toBeTruthy();
    expect(screen.getByRole('button', { name: /Excel/ })).toBeTruthy();
    // a coach neither adds nor deletes activities
    expect(screen.queryByRole('button', { name: 'Tambah ekstrakurikuler' })).toBeNull();
    fireEvent.click(await within(table).findByRole('button', { name: /Anggota & nilai.*Pramuka/ }));
    const dialog = await screen.findByRole('dialog');
    const grid = await within(dialog).findByRole('table', { name: 'Anggota Pramuka' });
    await waitFor(() =>
      expect(within(grid).getByRole('textbox', { name: 'Keterangan Ahmad' })).toHaveProperty('value', 'Rajin'),
    );
    const select = within(grid).getByRole('combobox', { name: 'Predikat Budi' });
    fireEvent.click(select);
    // the options of Budi's select (each row's select has its own list)
    const list = await waitFor(() => document.getElementById(select.getAttribute('aria-controls') ?? '')!);
    fireEvent.click(within(list).getByRole('option', { name: 'SB – Sangat Baik', hidden: true }));
    fireEvent.change(within(grid).getByRole('textbox', { name: 'Keterangan Budi' }), {
      target: { value: 'Memimpin regu' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan nilai' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    const [url, init] = calls('PUT')[0]!;
    expect(url).toBe('/api/v1/extracurriculars/1/grades');
    expect(JSON.parse(String((init as RequestInit).body))).toEqual({
      semester: expect.stringMatching(/GANJIL|GENAP/),
      grades: [
        { studentId: 11, predicate: 'B', note: 'Rajin' },
        { studentId: 12, predicate: 'SB', note: 'Memimpin regu' },
      ],
    });
  });

  it('checks a new activity with the shared contract, and deletes only after a confirmation', async () => {
    const table = await open(wakakur);
    fireEvent.click(screen.getByRole('button', { name: 'Tambah ekstrakurikuler' }));
    const form = await screen.findByRole('dialog');
    fireEvent.click(within(form).getByRole('button', { name: 'Simpan' }));
    expect(await within(form).findByText('Nama kegiatan wajib diisi')).toBeTruthy();
    expect(within(form).getByText('Pembina wajib diisi')).toBeTruthy();
    expect(calls('POST')).toHaveLength(0);
    fireEvent.click(within(form).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    fireEvent.click(within(table).getByRole('button', { name: /Hapus.*Pramuka/ }));
    const confirm = await screen.findByRole('dialog');
    expect(within(confirm).getByText('Hapus Pramuka beserta daftar anggotanya?')).toBeTruthy();
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Hapus' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(String(calls('DELETE')[0]![0])).toBe('/api/v1/extracurriculars/1');
  });

  it('speaks English', async () => {
    await i18next.changeLanguage('en');
    try {
      await renderWithApp(<ExtracurricularPage />, '/', { user: coach, messages: [registerExtracurricularMessages] });
      expect(await screen.findByRole('heading', { name: 'Extracurriculars' })).toBeTruthy();
      expect(await screen.findByRole('table', { name: 'Extracurricular list' })).toBeTruthy();
    } finally {
      await i18next.changeLanguage('id');
    }
  });
});
