import type { BtqTeacher } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TeacherPage } from './teacher-page.tsx';
import { btqTestUser, renderBtqScreen, stubBtqFetch } from './test-render.tsx';

const outside: BtqTeacher = {
  id: 7,
  unitId: 2,
  employeeId: null,
  employeeNumber: null,
  name: 'Ustadzah Luar',
  phone: null,
  isCoordinator: false,
  isActive: true,
  groupCount: 1,
  username: null,
};

let fetchMock: ReturnType<typeof stubBtqFetch>;
beforeEach(() => {
  fetchMock = stubBtqFetch((_url, init) => ({
    body:
      init?.method === 'POST'
        ? { teacher: { ...outside, username: 'ustadzah.luar' }, username: 'ustadzah.luar', password: 'Xk7pQ2mN9rTa' }
        : { items: [outside, { ...outside, id: 8, name: 'Ustadz Pegawai', employeeId: 3, employeeNumber: 'NIP3' }] },
  }));
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () => renderBtqScreen(<TeacherPage />, { user: btqTestUser('PRINCIPAL') });

describe('the BTQ ustadz page', { timeout: 30_000 }, () => {
  it('makes an account for an outside ustadz only and shows the one-time password once', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Penugasan ustadz' })).toBeTruthy();
    await screen.findByText('Ustadz Pegawai');
    expect(screen.getByText('Akun pegawai')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Buat akun Ustadz Pegawai' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Buat akun Ustadzah Luar' }));
    const dialog = await screen.findByRole('dialog');
    const name = within(dialog).getByRole('textbox', { name: 'Nama pengguna' });
    fireEvent.change(name, { target: { value: 'a b' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText(/hanya boleh huruf/)).toBeTruthy();
    expect(
      fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'POST'),
    ).toHaveLength(0);
    fireEvent.change(name, { target: { value: 'ustadzah.luar' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Simpan' }));
    expect(await within(dialog).findByText('Xk7pQ2mN9rTa')).toBeTruthy();
    const post = fetchMock.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST')!;
    expect(post[0]).toContain('/api/v1/btq/teachers/7/account');
    expect(JSON.parse(String((post[1] as RequestInit).body))).toEqual({ username: 'ustadzah.luar' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Selesai' }));
    await waitFor(() => expect(screen.queryByText('Xk7pQ2mN9rTa')).toBeNull());
  });

  it('searches the ustadz and offers the list as Excel', async () => {
    await renderPage();
    await screen.findByText('Ustadz Pegawai');
    expect(screen.getByRole('button', { name: 'Ekspor Excel' })).toHaveProperty('disabled', false);
    fireEvent.change(screen.getByRole('textbox', { name: 'Cari nama, NIP atau akun' }), { target: { value: 'nip3' } });
    await waitFor(() => expect(screen.queryByText('Ustadzah Luar')).toBeNull());
    expect(screen.getByText('Ustadz Pegawai')).toBeTruthy();
  });
});
