import type { AuthUser, Division } from '@mms/shared';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerAdmissionMessages } from '../../../i18n/admission/index.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { checkForm, emptyForm } from '../form.ts';
import { SpmbRegisterPage, SpmbStatusPage } from './public-pages.tsx';
import { AdmissionListPage } from './staff-pages.tsx';

const user = (division: Division): AuthUser => ({
  id: 1,
  username: division.toLowerCase(),
  displayName: 'Bu Tata',
  division,
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});
const render = (ui: ReactElement, division: Division | null = 'TU') =>
  renderWithApp(ui, '/', { user: division ? user(division) : undefined, messages: [registerAdmissionMessages] });

const listRow = {
  id: 7,
  regNo: 'SPMB/SMP/2027/0007',
  name: 'Aisyah Putri',
  state: 'REGISTERED',
  waveName: 'Gelombang 1',
  unitName: 'SMP Uji',
  gender: 'P',
  birthDate: '2014-05-02',
  phone: '081234567890',
  previousSchool: 'SD Negeri 1',
  boarding: 'MUKIM',
  registeredAt: '2027-02-10T03:00:00.000Z',
  documentsOk: 2,
  documentsTotal: 3,
};

let fetchMock: ReturnType<typeof vi.fn>;
let answers: Record<string, [number, unknown]>;
beforeEach(() => {
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  answers = {
    'GET /api/v1/admission/applicants': [200, { items: [listRow], total: 1, page: 1, pageSize: 25 }],
    'GET /api/v1/admission/waves': [200, { items: [] }],
    'GET /api/v1/admission/public/waves': [
      200,
      {
        items: [
          {
            id: 3,
            unitName: 'SMP Uji',
            name: 'Gelombang 1',
            gradeName: 'Kelas 7',
            academicYearName: '2027/2028',
            opensOn: '2027-01-04',
            closesOn: '2027-03-31',
            registrationFee: 250000,
          },
        ],
      },
    ],
    'POST /api/v1/admission/public/register': [
      200,
      {
        applicant: { id: 9, regNo: 'SPMB/SMP/2027/0009', name: 'Umar', state: 'DRAFT' },
        pin: '135790',
        csrfToken: 'c',
      },
    ],
    'GET /api/v1/admission/public/me': [401, { error: { code: 'UNAUTHENTICATED', message: 'Masuk dulu' } }],
  };
  fetchMock = vi.fn((url: string, init?: RequestInit) => {
    const key = `${init?.method ?? 'GET'} ${url.replace(/\?.*$/, '')}`;
    const [status, body] = answers[key] ?? [404, { error: { code: 'NOT_FOUND', message: 'x' } }];
    return Promise.resolve(new Response(JSON.stringify(body), { status }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the applicant form’s checks (the shared contract)', () => {
  it('accepts a draft with only the name, empties as null', () => {
    const r = checkForm({ ...emptyForm(), name: 'Aisyah' });
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.value).toMatchObject({ name: 'Aisyah', nik: null, gender: null, birthDate: null });
  });
  it('names every wrong field in Indonesian', () => {
    const r = checkForm({ ...emptyForm(), name: 'A', nik: '123', nisn: '99', phone: 'abc', email: 'x@' });
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors).toMatchObject({
        name: 'Nama calon siswa wajib diisi (minimal 2 huruf)',
        nik: 'NIK terdiri dari 16 angka',
        nisn: 'NISN terdiri dari 10 angka',
        phone: 'Nomor HP tidak valid (contoh: 0812 3456 7890)',
        email: 'Email tidak valid',
      });
  });
});

describe('the public pages', { timeout: 30_000 }, () => {
  it('registers in one step and shows the number and the PIN once', async () => {
    await render(<SpmbRegisterPage />, null);
    expect(await screen.findByRole('heading', { name: 'Pendaftaran Siswa Baru (SPMB)' })).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Daftar' }));
    expect(await screen.findByText('Nama calon siswa wajib diisi (minimal 2 huruf)')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/register'))).toBe(false);
    fireEvent.change(screen.getByRole('textbox', { name: /Nama lengkap/ }), { target: { value: 'Umar Said' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Tanggal lahir/ }), { target: { value: '02/05/2014' } });
    fireEvent.blur(screen.getByRole('textbox', { name: /Tanggal lahir/ }));
    fireEvent.change(screen.getByRole('textbox', { name: /Nomor HP/ }), { target: { value: '0812 3456 7890' } });
    fireEvent.click(screen.getByRole('button', { name: 'Daftar' }));
    expect(await screen.findByTestId('reg-pin')).toHaveProperty('textContent', '135790');
    expect(screen.getByTestId('reg-no').textContent).toBe('SPMB/SMP/2027/0009');
    const [, init] = fetchMock.mock.calls.find(([u]) => String(u).includes('/register'))!;
    expect(JSON.parse(String((init as RequestInit).body))).toMatchObject({
      waveId: 3,
      name: 'Umar Said',
      birthDate: '2014-05-02',
    });
  });

  it('asks for the number and PIN when not signed in, and checks them before calling', async () => {
    await render(<SpmbStatusPage />, null);
    const button = await screen.findByRole('button', { name: 'Masuk' });
    fireEvent.change(screen.getByRole('textbox', { name: /Nomor pendaftaran/ }), { target: { value: 'abc' } });
    fireEvent.click(button);
    expect(await screen.findByText('PIN terdiri dari 6 angka')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([u]) => String(u).includes('/sign-in'))).toBe(false);
  });
});

describe('the staff list', { timeout: 30_000 }, () => {
  it('shows applicants with their state and documents, filters by state, links to the detail', async () => {
    await render(<AdmissionListPage />);
    expect(await screen.findByText('Aisyah Putri')).toBeTruthy();
    expect(screen.getByText('2/3')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'SPMB/SMP/2027/0007' }).getAttribute('href')).toBe(
      '/backend/mms/principal/admission/7',
    );
    expect(screen.getByRole('heading', { name: 'Daftar Siswa Baru' })).toBeTruthy();
    const input = screen.getByRole('combobox', { name: 'Status' });
    const option = await waitFor(() => {
      if (!screen.queryByRole('listbox')) fireEvent.click(input);
      return screen.getByRole('option', { name: 'Terverifikasi', hidden: true });
    });
    fireEvent.click(option);
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(
          ([u]) => String(u).startsWith('/api/v1/admission/applicants?') && String(u).includes('state=VERIFIED'),
        ),
      ).toBe(true),
    );
  });
});
