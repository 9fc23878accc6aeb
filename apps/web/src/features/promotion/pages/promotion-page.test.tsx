import { fireEvent, screen, within } from '@testing-library/react';
import type { AuthUser, PromotionRun } from '@mms/shared';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderWithApp } from '../../../test/render.tsx';
import { registerPromotionMessages } from '../i18n.ts';
import { PromotionPage } from './promotion-page.tsx';

const principal: AuthUser = {
  id: 1,
  username: 'kepsek',
  displayName: 'Drs. Yusuf',
  division: 'PRINCIPAL',
  avatarUrl: null,
  employeeId: 2,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};

const years = {
  items: [
    { id: 11, name: '2027/2028', startDate: '2027-07-12', endDate: '2028-06-24', isActive: false },
    { id: 10, name: '2026/2027', startDate: '2026-07-13', endDate: '2027-06-26', isActive: true },
  ],
  total: 2,
};

const run: PromotionRun = {
  id: 5,
  unitId: 2,
  fromYear: { id: 10, name: '2026/2027' },
  toYear: { id: 11, name: '2027/2028' },
  status: 'DRAFT',
  graduationDate: '2027-06-26',
  appliedAt: null,
  finalLevel: 9,
  classes: [
    {
      classGroupId: 3,
      name: '7A',
      gradeLevel: 7,
      canDecide: true,
      students: [
        {
          studentId: 7,
          nis: '7001',
          name: 'Ahmad Fauzi',
          decision: 'PROMOTE',
          targetLevel: 8,
          targetClassName: '8A',
          note: null,
        },
        {
          studentId: 8,
          nis: '7002',
          name: 'Budi Santoso',
          decision: 'RETAIN',
          targetLevel: 7,
          targetClassName: '7A',
          note: null,
        },
      ],
    },
  ],
  counts: { promote: 1, retain: 1, graduate: 0 },
};

const admin: AuthUser = { ...principal, id: 9, username: 'admin', division: 'ADMIN', employeeId: null, unit: null };
const units = {
  items: [
    { id: 1, code: 'SD', name: 'SD Uji' },
    { id: 2, code: 'SMP', name: 'SMP Uji' },
  ],
  total: 2,
};
const refusal = 'Rapor semester genap kelas 7A belum dikunci; kunci rapornya dulu sebelum menerapkan kenaikan kelas';

/**
 * The API as the page asks it: the units, the years, and the unit's promotion from the year asked for (404: none
 * yet); the apply is refused while a class's rapor is not locked.
 */
function serve(promotion: PromotionRun | null) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      calls.push(init?.body ? `${String(url)} ${String(init.body)}` : String(url));
      const path = String(url).replace(/\?.*$/, '');
      if (path === '/api/v1/units') return new Response(JSON.stringify(units), { status: 200 });
      if (path === '/api/v1/promotions/5/internal-waves') {
        const items = [{ id: 31, name: 'Jalur internal', unitName: 'SMP Uji', gradeName: 'Kelas 7' }];
        return new Response(JSON.stringify({ items }), { status: 200 });
      }
      if (path === '/api/v1/promotions/5/internal-admission') {
        const result = { created: 2, existing: 0, waveName: 'Jalur internal SMP Uji' };
        return new Response(JSON.stringify(result), { status: 200 });
      }
      if (path === '/api/v1/promotions/5/apply') {
        return new Response(JSON.stringify({ error: { code: 'CONFLICT', message: refusal } }), { status: 409 });
      }
      if (path === '/api/v1/academic-years') return new Response(JSON.stringify(years), { status: 200 });
      if (path === '/api/v1/promotions' && promotion) return new Response(JSON.stringify(promotion), { status: 200 });
      return new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Kenaikan kelas tidak ditemukan' } }), {
        status: 404,
      });
    }),
  );
  return calls;
}

afterEach(() => vi.unstubAllGlobals());
// an open Select scrolls its chosen option into view, which jsdom does not do
beforeAll(() => {
  Element.prototype.scrollIntoView ??= () => {};
});

describe('the year-end promotion wizard', { timeout: 30_000 }, () => {
  it('starts from the active year, shows each class with its decisions and asks before applying', async () => {
    const calls = serve(run);
    await renderWithApp(<PromotionPage />, '/', { user: principal, messages: [registerPromotionMessages] });
    const cls = await screen.findByTestId('promotion-class-7A');
    expect(calls.some((u) => u.startsWith('/api/v1/promotions?') && u.includes('fromYearId=10'))).toBe(true);
    expect(within(cls).getByText('Ahmad Fauzi')).toBeTruthy();
    expect(within(cls).getByLabelText('Kelas tujuan Ahmad Fauzi')).toHaveProperty('value', '8A');
    expect(screen.getByTestId('promotion-counts').textContent).toBe('1 naik kelas, 1 tinggal kelas, 0 lulus');
    fireEvent.click(screen.getByRole('button', { name: 'Terapkan kenaikan kelas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terapkan kenaikan kelas?' });
    expect(within(dialog).getByText(/kelas tahun 2027\/2028/)).toBeTruthy();
    expect(within(dialog).getByLabelText('Salin wali kelas ke kelas baru')).toHaveProperty('checked', true);
  });

  it('keeps the apply dialog open with the server’s refusal naming the classes whose rapors are not locked', async () => {
    serve(run);
    await renderWithApp(<PromotionPage />, '/', { user: principal, messages: [registerPromotionMessages] });
    fireEvent.click(await screen.findByRole('button', { name: 'Terapkan kenaikan kelas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terapkan kenaikan kelas?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ya, lanjutkan' }));
    expect((await within(dialog).findByTestId('promotion-apply-error')).textContent).toBe(refusal);
  });

  it('lets a user of every unit (ADMIN) choose the unit first, and asks for that unit’s promotion', async () => {
    const calls = serve(run);
    await renderWithApp(<PromotionPage />, '/', { user: admin, messages: [registerPromotionMessages] });
    expect(await screen.findByText('Pilih unit sekolah.')).toBeTruthy();
    expect(calls.some((u) => u.startsWith('/api/v1/promotions'))).toBe(false);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SMP – SMP Uji', hidden: true }));
    expect(await screen.findByTestId('promotion-class-7A')).toBeTruthy();
    expect(calls.some((u) => u.startsWith('/api/v1/promotions?') && /unitId=2\b/.test(u))).toBe(true);
  });

  it('offers the graduates of an applied year the SMP internal path in the internal wave', async () => {
    const applied: PromotionRun = { ...run, status: 'APPLIED', counts: { promote: 0, retain: 0, graduate: 2 } };
    const calls = serve(applied);
    await renderWithApp(<PromotionPage />, '/', { user: principal, messages: [registerPromotionMessages] });
    const offer = await screen.findByTestId('promotion-internal');
    const button = within(offer).getByRole('button', { name: 'Tawarkan jalur internal SMP' });
    await vi.waitFor(() => expect(button).toHaveProperty('disabled', false)); // the one internal wave is chosen
    fireEvent.click(button);
    await vi.waitFor(() => expect(calls).toContain('/api/v1/promotions/5/internal-admission {"waveId":31}'));
  });

  it('offers a proposal from the active year into the next when there is none yet', async () => {
    serve(null);
    await renderWithApp(<PromotionPage />, '/', { user: principal, messages: [registerPromotionMessages] });
    expect(await screen.findByText('Belum ada usulan kenaikan kelas untuk tahun pelajaran ini.')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Unit' })).toBeNull(); // a principal is bound to their unit
    expect(screen.getByRole('button', { name: 'Buat usulan' })).toHaveProperty('disabled', false);
  });
});
