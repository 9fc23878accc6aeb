import { fireEvent, screen, within } from '@testing-library/react';
import type { AuthUser, PromotionRun } from '@mms/shared';
import { afterEach, describe, expect, it, vi } from 'vitest';
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

/** The API as the page asks it: the years, and the unit's promotion from the year asked for (404: none yet). */
function serve(promotion: PromotionRun | null) {
  const calls: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string) => {
      calls.push(String(url));
      const path = String(url).replace(/\?.*$/, '');
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

  it('offers a proposal from the active year into the next when there is none yet', async () => {
    serve(null);
    await renderWithApp(<PromotionPage />, '/', { user: principal, messages: [registerPromotionMessages] });
    expect(await screen.findByText('Belum ada usulan kenaikan kelas untuk tahun pelajaran ini.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Buat usulan' })).toHaveProperty('disabled', false);
  });
});
