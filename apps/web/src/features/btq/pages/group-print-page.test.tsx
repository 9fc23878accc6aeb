import type { BtqGroupMembers } from '@mms/shared';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GroupPrintPage } from './group-print-page.tsx';
import { btqTestUser, renderBtqScreen, stubBtqFetch } from './test-render.tsx';

const members: BtqGroupMembers = {
  group: {
    id: 4,
    unitId: 2,
    schoolYear: '2026/2027',
    name: 'Halaqah Al-Fatih',
    teacherId: 1,
    teacherName: 'Ustadz Ahmad',
    levelId: 3,
    levelName: 'Jilid 3',
    methodName: 'Ummi',
    days: [1, 3],
    startTime: '07:00',
    endTime: '08:00',
    place: 'Masjid',
    isActive: true,
    memberCount: 3,
  },
  items: [
    {
      studentId: 11,
      name: 'Ahmad Faqih',
      nis: 'A1',
      className: '7A',
      levelName: 'Jilid 3',
      levelPages: 40,
      lastPage: '39',
      fromDate: '2026-07-13',
    },
    {
      studentId: 12,
      name: 'Zahra Aulia',
      nis: 'A2',
      className: '7B',
      levelName: 'Juz 30',
      levelPages: null,
      lastPage: '78:40',
      fromDate: '2026-07-13',
    },
    {
      studentId: 13,
      name: 'Umar Said',
      nis: 'A3',
      className: '7A',
      levelName: null,
      levelPages: null,
      lastPage: null,
      fromDate: '2026-07-13',
    },
  ],
};

let status = 200;
beforeEach(() => {
  status = 200;
  stubBtqFetch((url) =>
    url.startsWith('/api/v1/btq/groups/4/members')
      ? { status, body: status === 200 ? members : { error: { code: 'FORBIDDEN', message: 'x' } } }
      : { body: null },
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const renderPage = () =>
  renderBtqScreen(<GroupPrintPage />, { user: btqTestUser('PRINCIPAL'), route: '/g/:id', path: '/g/4' });

describe('the printable group page', { timeout: 30_000 }, () => {
  it('shows the halaqah with ustadz, level, schedule and each member’s level and page', async () => {
    await renderPage();
    expect(await screen.findByRole('heading', { name: 'Kelompok Halaqah Al-Fatih' })).toBeTruthy();
    expect(screen.getByText(/Ustadz Ahmad · Jilid: Jilid 3 · Jadwal: Senin, Rabu · 07:00–08:00 · Masjid/)).toBeTruthy();
    const table = screen.getByRole('table', { name: 'Anggota' });
    expect(table.textContent).toContain('hal. 39 / 40');
    expect(table.textContent).toContain('78:40');
    expect(table.textContent).toContain('Umar Said');
    expect(screen.getByRole('button', { name: /Cetak/ })).toHaveProperty('disabled', false);
    expect(screen.getByRole('link', { name: 'Pengelompokan' })).toBeTruthy();
  });

  it('says so when the group is not the caller’s', async () => {
    status = 403;
    await renderPage();
    expect(await screen.findByRole('alert')).toBeTruthy();
  });
});
