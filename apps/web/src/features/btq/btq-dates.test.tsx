import { screen } from '@testing-library/react';
import type { BtqStudentHistory } from '@mms/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerBtqMessages } from '../../i18n/btq/index.ts';
import { renderWithApp } from '../../test/render.tsx';
import { StudentHistoryModal } from './pages/parts.tsx';

const history: BtqStudentHistory = {
  student: { id: 4, name: 'Aisyah', nis: '1001' },
  levels: [{ id: 1, levelName: 'Jilid 2', methodName: 'Ummi', fromDate: '2026-08-03', toDate: null, via: 'PROMOTION' }],
  groups: [
    {
      id: 2,
      groupId: 5,
      groupName: 'Kelompok A',
      schoolYear: '2026/2027',
      fromDate: '2026-07-13',
      toDate: '2026-12-02',
    },
  ],
};

beforeEach(() => {
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify(history), { status: 200 }))),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

// issue 39: dates read 03/08/2026, never 2026-08-03, on every screen
describe("a BTQ student's history", { timeout: 30_000 }, () => {
  it('dates the levels and groups as dates', async () => {
    await renderWithApp(<StudentHistoryModal studentId={4} onClose={() => {}} />, '/', {
      messages: [registerBtqMessages],
    });
    expect(await screen.findByText('03/08/2026')).toBeTruthy();
    expect(screen.getByText('13/07/2026')).toBeTruthy();
    expect(screen.getByText('02/12/2026')).toBeTruthy();
    expect(document.body.textContent!.replace('2026/2027', '')).not.toMatch(/\d{4}-\d{2}/);
  });
});
