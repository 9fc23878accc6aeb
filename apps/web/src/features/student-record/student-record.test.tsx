import { screen } from '@testing-library/react';
import type { StudentRecord } from '@mms/shared';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../i18n/id.ts';
import { registerPrintMessages } from '../../i18n/print/index.ts';
import { registerStudentRecordMessages } from '../../i18n/student-record/index.ts';
import { mediaQueryList } from '../../test/media-query.ts';
import { renderWithApp } from '../../test/render.tsx';
import { StudentRecordPage, StudentRecordView } from './pages/student-record-page.tsx';

const record: StudentRecord = {
  generatedAt: '2026-11-18T03:00:00.000Z',
  student: {
    id: 7,
    name: 'Ahmad Fauzi',
    nis: '7001',
    nisn: null,
    gender: 'L',
    boarding: 'MUKIM',
    status: 'ACTIVE',
    unitId: 1,
    unitName: 'SMP',
    className: '7A',
    homeroomTeacher: 'Ustadzah Siti',
  },
  attendance: {
    schoolYear: '2026/2027',
    from: '2026-07-13',
    to: '2026-11-18',
    schoolDays: 100,
    present: 95,
    sick: 2,
    permitted: 1,
    absent: 1,
    late: 3,
    notRecorded: 1,
  },
  bills: { outstanding: 1_250_000, openBills: 2, oldestDueDate: '2026-10-10', paidThisYear: 2_000_000 },
  btq: {
    method: 'Ummi',
    level: 'Jilid 3',
    levelSince: '2026-10-01',
    group: 'Halaqah 2',
    teacher: 'Ustadz Hasan',
    lastEntryDate: '2026-11-17',
    lastEntry: 'hal. 21',
    entriesThisMonth: 9,
  },
  hidden: ['discipline', 'counselling', 'scores'],
};

beforeEach(async () => {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ error: { code: 'NOT_FOUND' } }), { status: 404 }))),
  );
  registerStudentRecordMessages();
  registerPrintMessages();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('the pesantren record', { timeout: 30_000 }, () => {
  it('shows the parts the server sent, rupiah as Rp, and says that others are left out', async () => {
    await renderWithApp(<StudentRecordView record={record} />);
    expect(await screen.findByRole('heading', { name: 'Catatan pesantren siswa: Ahmad Fauzi' })).toBeTruthy();
    expect(screen.getByTestId('record-present').textContent).toBe('95');
    expect(screen.getByTestId('record-outstanding').textContent).toBe('Rp 1.250.000');
    expect(screen.getByTestId('record-btq-level').textContent).toContain('Jilid 3');
    expect(screen.queryByTestId('record-discipline')).toBeNull();
    expect(screen.queryByTestId('record-counselling')).toBeNull();
    expect(screen.getByText('Bagian yang tidak termasuk hak akses Anda tidak ditampilkan.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cetak' })).toHaveProperty('disabled', false);
  });

  it('names a missing student instead of an empty page', async () => {
    await renderWithApp(<StudentRecordPage />);
    expect(await screen.findByRole('heading', { name: 'Catatan pesantren siswa' })).toBeTruthy();
    expect(await screen.findByText('Siswa tidak ditemukan.')).toBeTruthy();
  });
});
