import { PERMISSION_NAMES, PERMISSIONS, SYSTEM_PERMISSIONS, type AuthUser, type PermissionTable } from '@mms/shared';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerPermissionsMessages } from '../../../i18n/permissions/index.ts';
import { permissionsEn } from '../../../i18n/permissions/en.ts';
import { PHONE_QUERY } from '../../../components/data-list/responsive-table.tsx';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { PermissionsPage } from './permissions-page.tsx';

const admin: AuthUser = {
  id: 1,
  username: 'admin',
  displayName: 'Administrator',
  division: 'ADMIN',
  avatarUrl: null,
  employeeId: null,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: null,
};

const codeTable = (): PermissionTable['permissions'] =>
  PERMISSION_NAMES.map((name) => ({
    name,
    divisions: [...PERMISSIONS[name]],
    system: (SYSTEM_PERMISSIONS as readonly string[]).includes(name),
  }));

const withdrawal = {
  id: 5,
  division: 'TEACHER',
  unitId: 2,
  permission: 'school.employee.read',
  granted: false,
  createdAt: '2026-12-01T22:42:00.000Z',
  createdBy: 1,
  createdByName: 'Administrator',
} as const;

let table: PermissionTable;
let fetchMock: ReturnType<typeof vi.fn>;
const calls = (method: string) =>
  fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === method);

beforeEach(() => {
  table = { permissions: codeTable(), overrides: [] };
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, media !== PHONE_QUERY));
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const json = (body: unknown) => Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
    if (url.startsWith('/api/v1/units'))
      return json({
        items: [
          { id: 1, code: 'SD', name: 'SD Uji' },
          { id: 2, code: 'SMP', name: 'SMP Uji' },
        ],
        total: 2,
        page: 1,
        pageSize: 100,
      });
    if (url.startsWith('/api/v1/auth/session'))
      return json({ user: admin, csrfToken: 'x', now: '2026-12-02T08:00:00+07:00' });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as PermissionTable['overrides'][number];
      table = {
        ...table,
        overrides: [
          ...table.overrides,
          { ...body, id: 9, createdAt: '2026-12-02T01:00:00.000Z', createdBy: 1, createdByName: 'Administrator' },
        ],
      };
    }
    if (init?.method === 'DELETE') table = { ...table, overrides: [] };
    return json(table);
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderWithApp(<PermissionsPage />, '/', { user: admin, messages: [registerPermissionsMessages] });
const matrix = (name = 'Hak akses per divisi') => screen.findByRole('table', { name });
const rowOf = async (permission: string, table?: string) =>
  (await within(await matrix(table)).findByText(permission)).closest('tr') as HTMLElement;

describe('the permission table screen', { timeout: 60_000 }, () => {
  it("lists each permission with what every division may do, the code's grant, and no change yet", async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Tabel hak akses', level: 1 })).toBeTruthy();
    const row = await rowOf('school.employee.read');
    expect(
      within(row).getByRole('button', { name: /^Cabut school\.employee\.read dari Guru \(semua unit\)/ }),
    ).toBeTruthy();
    expect(within(row).getByRole('button', { name: /^Berikan school\.employee\.read kepada Siswa/ })).toBeTruthy();
    expect(screen.getByText('Belum ada perubahan: semua divisi memakai tabel kode.')).toBeTruthy();
    // with the menu screens it opens, by name
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari hak akses atau layar' }), {
      target: { value: 'cadangan data' },
    });
    expect(await within(await rowOf('backup.manage')).findByText('Cadangan data')).toBeTruthy();
  });

  it("marks ADMIN's system rights locked: no division gains them, ADMIN does not lose them", async () => {
    await renderPage();
    const row = await rowOf('users.manage');
    expect(within(row).getByText('Hak sistem')).toBeTruthy();
    expect(within(row).queryAllByRole('button')).toHaveLength(0);
    expect(
      within(row).getByLabelText('users.manage untuk Guru: hak sistem ADMIN, terkunci (Tidak)', { exact: true }),
    ).toBeTruthy();
    expect(
      within(row).getByLabelText(/users\.manage untuk Administrator: hak sistem ADMIN, terkunci \(Ya\)/),
    ).toBeTruthy();
  });

  it('searches and filters: by text, by division, changed only', async () => {
    table = { ...table, overrides: [withdrawal] };
    await renderPage();
    await matrix();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari hak akses atau layar' }), {
      target: { value: 'backup.manage' },
    });
    await waitFor(() =>
      expect(within(screen.getByRole('table', { name: 'Hak akses per divisi' })).getAllByRole('row')).toHaveLength(2),
    );
    fireEvent.change(screen.getByRole('searchbox', { name: 'Cari hak akses atau layar' }), { target: { value: '' } });

    // one division: one column of cells
    const input = await screen.findByRole('combobox', { name: 'Divisi' });
    const option = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(input);
      return screen.getByRole('option', { name: 'Guru', hidden: true });
    });
    fireEvent.click(option);
    const head = await waitFor(() => {
      const cells = within(screen.getByRole('table', { name: 'Hak akses per divisi' })).getAllByRole('columnheader');
      expect(cells.map((c) => c.textContent)).toEqual(['Hak akses', 'Guru']);
      return cells;
    });
    expect(head).toHaveLength(2);

    // every unit: the SMP-only withdrawal changes nothing there
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hanya yang diubah' }));
    expect(await screen.findByText('Tidak ada hak akses yang cocok.')).toBeTruthy();
    // in SMP it does
    const unit = await screen.findByRole('combobox', { name: 'Unit' });
    const smp = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(unit);
      return screen.getByRole('option', { name: 'SMP – SMP Uji', hidden: true });
    });
    fireEvent.click(smp);
    const row = await rowOf('school.employee.read');
    expect(within(screen.getByRole('table', { name: 'Hak akses per divisi' })).getAllByRole('row')).toHaveLength(2);
    expect(within(row).getByText('diubah')).toBeTruthy();
    expect(
      within(row).getByRole('button', {
        name: /^Berikan school\.employee\.read kepada Guru \(unit SMP – SMP Uji\); sekarang: Tidak/,
      }),
    ).toBeTruthy();
  });

  it('grants or withdraws only after a confirmation naming the change, division and unit', async () => {
    await renderPage();
    const row = await rowOf('school.employee.read');
    fireEvent.click(within(row).getByRole('button', { name: /^Cabut school\.employee\.read dari Guru \(/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Cabut hak akses?' });
    expect(
      within(dialog).getByText('Guru tidak akan dapat memakai hak school.employee.read di semua unit.'),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Batal' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls('PUT')).toHaveLength(0);

    fireEvent.click(within(row).getByRole('button', { name: /^Cabut school\.employee\.read dari Guru \(/ }));
    const again = await screen.findByRole('dialog', { name: 'Cabut hak akses?' });
    fireEvent.click(within(again).getByRole('button', { name: 'Cabut' }));
    await waitFor(() => expect(calls('PUT')).toHaveLength(1));
    expect(calls('PUT')[0]![0]).toBe('/api/v1/permissions/overrides');
    expect(JSON.parse(String((calls('PUT')[0]![1] as RequestInit).body))).toEqual({
      division: 'TEACHER',
      unitId: null,
      permission: 'school.employee.read',
      granted: false,
    });
    // the cell follows, marked changed; the change is listed with who made it
    const changed = await rowOf('school.employee.read');
    await waitFor(() => expect(within(changed).getByText('diubah')).toBeTruthy());
    const list = screen.getByRole('table', { name: 'Perubahan dari tabel kode' });
    expect(within(list).getByText('Dicabut')).toBeTruthy();
    expect(within(list).getByText('Administrator')).toBeTruthy();
  });

  it('undoes a change after a confirmation: the division is back to the code’s table', async () => {
    table = { ...table, overrides: [withdrawal] };
    await renderPage();
    const list = await screen.findByRole('table', { name: 'Perubahan dari tabel kode' });
    expect(within(list).getByText('SMP – SMP Uji')).toBeTruthy();
    expect(within(list).getByText('02/12/2026 05.42')).toBeTruthy();
    fireEvent.click(
      within(list).getByRole('button', { name: 'Urungkan perubahan school.employee.read untuk Guru (SMP – SMP Uji)' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Urungkan perubahan?' });
    expect(
      within(dialog).getByText(
        /^Guru kembali ke tabel kode untuk hak school\.employee\.read di unit SMP – SMP Uji: Ya\./,
      ),
    ).toBeTruthy();
    expect(calls('DELETE')).toHaveLength(0);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Urungkan' }));
    await waitFor(() => expect(calls('DELETE')).toHaveLength(1));
    expect(calls('DELETE')[0]![0]).toBe('/api/v1/permissions/overrides/5');
    expect(await screen.findByText('Belum ada perubahan: semua divisi memakai tabel kode.')).toBeTruthy();
  });

  it('shows a loading state, then an error when the table cannot be read', async () => {
    let answer: (r: Response) => void = () => undefined;
    fetchMock.mockImplementationOnce(() => new Promise<Response>((resolve) => (answer = resolve)));
    await renderPage();
    expect(screen.getByText('Memuat tabel hak akses…')).toBeTruthy();
    answer(new Response(JSON.stringify({ error: { code: 'INTERNAL', message: 'x' } }), { status: 500 }));
    expect(await screen.findByText(/Tabel hak akses tidak dapat dimuat/)).toBeTruthy();
  });

  it('has every text in English too', async () => {
    const keys = (o: object, prefix = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        typeof v === 'string' ? [prefix + k] : keys(v as object, `${prefix}${k}.`),
      );
    await renderPage();
    await i18next.changeLanguage('en');
    try {
      for (const key of keys(permissionsEn)) expect(i18next.exists(key, { lng: 'en' }), key).toBe(true);
      expect(await screen.findByRole('heading', { name: 'Permission table', level: 1 })).toBeTruthy();
      const row = await rowOf('school.employee.read', 'Permissions per division');
      expect(
        within(row).getByRole('button', { name: /^Withdraw school\.employee\.read from Teacher \(every unit\)/ }),
      ).toBeTruthy();
    } finally {
      await i18next.changeLanguage('id');
    }
  });
});
