import type { UserDetail } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAdminMessages } from '../../../i18n/admin/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { EditAccountForm } from './account-forms.tsx';

const user: UserDetail = {
  id: 7,
  username: 'guru.satu',
  displayName: 'Guru Satu',
  division: 'TEACHER',
  isActive: true,
  unitId: 2,
  unitCode: 'SMP',
  createdAt: '2026-11-01T00:00:00.000Z',
  lastSignInAt: null,
  activeSessions: 1,
  unitName: 'SMP Uji',
  updatedAt: '2026-11-01T00:00:00.000Z',
  passwordChangedAt: '2026-11-01T00:00:00.000Z',
  employeeNumber: '1985',
  studentNumber: null,
  sessions: [],
};

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  Element.prototype.scrollIntoView = () => {}; // jsdom has none; the select's list scrolls to its option
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string) => {
    const body = url.startsWith('/api/v1/units')
      ? { items: [{ id: 2, code: 'SMP', name: 'SMP Uji' }], total: 1, page: 1, pageSize: 25 }
      : user;
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const patches = () =>
  fetchMock.mock.calls
    .filter(([url, init]) => url === '/api/v1/users/7' && (init as RequestInit | undefined)?.method === 'PATCH')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)) as Record<string, unknown>);

describe('editing an account (issue 39 finding 13)', { timeout: 30_000 }, () => {
  it('asks before a change of division, naming the old and the new one, and sends the confirmation', async () => {
    const onDone = vi.fn();
    await renderWithApp(<EditAccountForm user={user} onDone={onDone} />, '/', { messages: [registerAdminMessages] });
    const input = await screen.findByRole('combobox', { name: /Divisi/ });
    const option = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(input);
      return screen.getByRole('option', { name: 'Tata Usaha', hidden: true });
    });
    fireEvent.click(option);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ubah divisi?' });
    expect(
      within(dialog).getByText(
        'Divisi Guru Satu berubah dari Guru menjadi Tata Usaha: seluruh menu dan hak aksesnya ikut berubah, dan semua sesinya berakhir.',
      ),
    ).toBeTruthy();
    expect(patches()).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, ubah divisi' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toMatchObject({ division: 'TU', confirmDivisionChange: true });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('sends a change of name alone without asking', async () => {
    await renderWithApp(<EditAccountForm user={user} onDone={() => {}} />, '/', { messages: [registerAdminMessages] });
    fireEvent.change(await screen.findByRole('textbox', { name: /^Nama/ }), {
      target: { value: 'Bu Guru Satu' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    await waitFor(() => expect(patches()).toHaveLength(1));
    expect(patches()[0]).toEqual({ displayName: 'Bu Guru Satu', division: 'TEACHER', unitId: 2 });
    expect(screen.queryByRole('dialog', { name: 'Ubah divisi?' })).toBeNull();
  });
});
