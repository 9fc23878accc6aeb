import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import type { AuthUser, BtqGroup } from '@mms/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { registerBtqMessages } from '../../../i18n/btq/index.ts';
import { id } from '../../../i18n/id.ts';
import { registerPrintMessages } from '../../../i18n/print/index.ts';
import { registerSchoolMessages } from '../../../i18n/school/index.ts';
import { SESSION_KEY } from '../../../lib/session.ts';
import { mediaQueryList } from '../../../test/media-query.ts';
import { PresencePage } from './presence-page.tsx';

const user: AuthUser = {
  id: 1,
  username: 'teacher',
  displayName: 'Ustadz Ahmad',
  division: 'TEACHER',
  avatarUrl: null,
  employeeId: 9,
  employeeNumber: null,
  studentId: null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
};

const group: BtqGroup = {
  id: 4,
  unitId: 2,
  schoolYear: '2026/2027',
  name: 'Halaqah Al-Fatih',
  teacherId: 1,
  teacherName: 'Ustadz Ahmad',
  levelId: null,
  levelName: null,
  methodName: null,
  days: [1, 3],
  startTime: null,
  endTime: null,
  place: null,
  isActive: true,
  memberCount: 2,
};

let schoolDay = true;
let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  schoolDay = true;
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  fetchMock = vi.fn((url: string) => {
    const path = url.replace(/\?.*$/, '');
    const body =
      path === '/api/v1/btq/groups'
        ? { schoolYear: '2026/2027', items: [group] }
        : path === '/api/v1/btq/presence'
          ? {
              group,
              date: new URL(url, 'http://x').searchParams.get('date'),
              schoolDay,
              recorded: false,
              items: [
                { studentId: 11, name: 'Ahmad Faqih', nis: 'A1', status: null, note: null },
                { studentId: 12, name: 'Zahra Aulia', nis: 'A2', status: null, note: null },
              ],
            }
          : path === '/api/v1/btq/presence/recap'
            ? {
                group,
                month: '2026-11',
                sessions: 2,
                items: [
                  {
                    studentId: 12,
                    name: 'Zahra Aulia',
                    nis: 'A2',
                    HADIR: 1,
                    IZIN: 0,
                    SAKIT: 1,
                    ALPA: 0,
                    notes: [{ date: '2026-11-17', status: 'SAKIT', note: 'Demam tinggi' }],
                  },
                ],
              }
            : { sessionId: 1, saved: 2 };
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200 }));
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function renderPage() {
  if (!i18next.isInitialized) {
    await i18next
      .use(initReactI18next)
      .init({ resources: { id: { translation: id } }, lng: 'id', interpolation: { escapeValue: false } });
  }
  registerSchoolMessages();
  registerPrintMessages();
  registerBtqMessages();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_KEY, user);
  render(
    <MantineProvider>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <PresencePage />
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

const puts = () => fetchMock.mock.calls.filter(([, init]) => (init as RequestInit | undefined)?.method === 'PUT');

describe('the BTQ presence page', { timeout: 30_000 }, () => {
  it('opens the ustadz’s only group, marks all present, changes one and saves every member at once', async () => {
    await renderPage();
    expect(screen.getByRole('heading', { name: 'Presensi BTQ' })).toBeTruthy();
    await screen.findByText('Ahmad Faqih');
    const save = screen.getByRole('button', { name: 'Simpan' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true); // nobody marked yet
    fireEvent.click(screen.getByRole('button', { name: 'Semua hadir' }));
    const zahra = screen.getByRole('radiogroup', { name: 'Zahra Aulia' });
    expect(screen.queryByRole('textbox', { name: 'Catatan — Ahmad Faqih' })).toBeNull(); // present: no note asked
    fireEvent.click(within(zahra).getByLabelText('Sakit'));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Catatan — Zahra Aulia' }), {
      target: { value: 'Demam' },
    });
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await waitFor(() => expect(puts()).toHaveLength(1));
    const body = JSON.parse(String((puts()[0]![1] as RequestInit).body));
    expect(body).toMatchObject({
      groupId: 4,
      entries: [
        { studentId: 11, status: 'HADIR', note: null },
        { studentId: 12, status: 'SAKIT', note: 'Demam' },
      ],
    });
  });

  it('shows the notes of the month in the recap', async () => {
    await renderPage();
    expect(await screen.findByText(/Demam tinggi/)).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Catatan' })).toBeTruthy();
  });

  it('says a day is not a school day and offers nothing to save', async () => {
    schoolDay = false;
    await renderPage();
    expect(await screen.findByText('Tanggal ini bukan hari sekolah.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Simpan' })).toBeNull();
  });
});
