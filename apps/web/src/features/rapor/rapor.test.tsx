import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Rapor } from '@mms/shared';
import i18next from 'i18next';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authUser } from '../../test/fixtures.ts';
import { initTestI18n, renderWithApp } from '../../test/render.tsx';
import { mediaQueryList } from '../../test/media-query.ts';
import { registerRaporMessages } from './i18n.ts';
import { UnitRaporJob, type UnitRaporRun } from './components/unit-rapor-job.tsx';
import { RaporPage, RaporView } from './pages/rapor-page.tsx';

const rapor: Rapor = {
  student: { id: 7, name: 'Ahmad Fauzi', nis: '7001', nisn: '0012345678' },
  classGroup: { id: 3, name: '7A', gradeLevel: 7 },
  fase: 'D',
  semester: 'GANJIL',
  schoolYear: '2026/2027',
  from: '2026-07-13',
  to: '2026-12-31',
  school: {
    foundationName: 'Yayasan',
    name: 'SMP IT',
    npsn: null,
    address: null,
    phone: null,
    email: null,
    logoUrl: null,
  },
  subjects: [{ subjectId: 1, name: 'Matematika', final: 87.45, kkm: 75, description: '' }],
  raporDecimals: 1,
  extracurriculars: [],
  p5: [],
  attendance: { schoolDays: 90, present: 85, sick: 2, permitted: 1, absent: 1, notRecorded: 1 },
  pesantren: {
    btq: {
      method: 'Ummi',
      methodKind: 'READING',
      level: 'Jilid 3',
      levelSince: null,
      group: null,
      teacher: null,
      entries: 12,
      lastEntryDate: null,
      lastEntry: null,
    },
    tahfidz: null,
    prayer: { congregation: 2, late: 0, excused: 0, missed: 1, rate: 200 / 3 },
    discipline: { balance: 10, violations: 1, achievements: 0, openSanctions: 0, recent: [] },
    akhlakNote: 'Santun kepada guru.',
  },
  homeroomNote: '',
  promotion: null,
  signatures: {
    place: 'Bogor',
    date: '2026-11-18',
    homeroom: 'Ustadzah Siti',
    principal: 'H. Ali',
    principalNip: null,
  },
};

/** Answers the rapor API from a table of paths; anything else is a 404. */
function serve(routes: Record<string, unknown>) {
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      const path = String(url).replace(/\?.*$/, '');
      const body = routes[path];
      if (body instanceof Response) return Promise.resolve(body);
      return Promise.resolve(
        body === undefined
          ? new Response(JSON.stringify({ error: { code: 'NOT_FOUND', message: 'Tidak ditemukan' } }), { status: 404 })
          : new Response(JSON.stringify(body), { status: 200 }),
      );
    }),
  );
}

beforeEach(async () => {
  await initTestI18n();
  vi.spyOn(window, 'matchMedia').mockImplementation((media) => mediaQueryList(media, true));
  registerRaporMessages();
});
afterEach(async () => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  await i18next.changeLanguage('id');
});

describe('the rapor preview', { timeout: 30_000 }, () => {
  it('shows the final score, the attendance counts and the BTQ level', async () => {
    serve({});
    await renderWithApp(<RaporView rapor={rapor} />);
    expect(screen.getByTestId('rapor-name').textContent).toBe('Ahmad Fauzi');
    expect(screen.getByTestId('rapor-final-1').textContent).toBe('87,5');
    expect(screen.getByTestId('rapor-sick').textContent).toBe('2');
    expect(screen.getByTestId('rapor-absent').textContent).toBe('1');
    expect(screen.getByTestId('rapor-btq-level').textContent).toBe('Jilid 3');
    expect(screen.getByText('Catatan akhlak')).toBeTruthy();
    expect(screen.getByTestId('rapor-akhlak').textContent).toBe('Santun kepada guru.');
    expect(screen.getByTestId('rapor-prayer-rate').textContent).toBe('66,7%');
    expect(screen.getByText('Tanpa keterangan')).toBeTruthy();
    expect(screen.queryByTestId('rapor-promotion')).toBeNull();
  });

  it('shows the year-end decision of the second semester as the PDF words it', async () => {
    serve({});
    const genap: Rapor = { ...rapor, semester: 'GENAP', promotion: { kind: 'PROMOTE', className: '8A' } };
    await renderWithApp(<RaporView rapor={genap} />);
    expect(screen.getByText('Keputusan')).toBeTruthy();
    expect(screen.getByTestId('rapor-promotion').textContent).toBe('Naik ke kelas 8A');
  });

  it('speaks English when chosen', async () => {
    serve({});
    await i18next.changeLanguage('en');
    await renderWithApp(<RaporView rapor={rapor} />);
    expect(screen.getByText('Without notice')).toBeTruthy();
    expect(screen.getByText('Final scores per subject')).toBeTruthy();
  });

  it('lists the class and asks for a student, with the class PDF ready', async () => {
    serve({
      '/api/v1/rapor/classes': { items: [{ id: 3, name: '7A' }] },
      '/api/v1/rapor/classes/3': {
        classGroup: { id: 3, name: '7A' },
        semester: 'GANJIL',
        students: [{ id: 7, nis: '7001', name: 'Ahmad Fauzi' }],
      },
    });
    await renderWithApp(<RaporPage />);
    expect(await screen.findByText('Pilih siswa untuk melihat rapornya.', { selector: 'p' })).toBeTruthy();
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'PDF satu kelas' })).toHaveProperty('disabled', false),
    );
    expect(screen.getByRole('button', { name: 'Unduh PDF' })).toHaveProperty('disabled', true);
  });

  it('asks for the student’s rapor of the class chosen (a past year’s class names its year)', async () => {
    serve({
      '/api/v1/academic-years': {
        items: [
          { id: 4, name: '2026/2027', startDate: '2026-07-13', endDate: '2027-06-26', isActive: true },
          { id: 3, name: '2025/2026', startDate: '2025-07-14', endDate: '2026-06-27', isActive: false },
        ],
        total: 2,
      },
      '/api/v1/rapor/classes': { items: [{ id: 3, name: '7A' }] },
      '/api/v1/rapor/classes/3': {
        classGroup: { id: 3, name: '7A' },
        semester: 'GANJIL',
        students: [{ id: 7, nis: '7001', name: 'Ahmad Fauzi' }],
      },
      '/api/v1/rapor/students/7': rapor,
    });
    const urls = () => vi.mocked(fetch).mock.calls.map(([u]) => String(u));
    await renderWithApp(<RaporPage />);
    const pick = async (label: RegExp, option: string) => {
      const input = await screen.findByRole('combobox', { name: label });
      const item = await waitFor(() => {
        if (!screen.queryByRole('listbox')) fireEvent.click(input);
        return screen.getByRole('option', { name: option, hidden: true });
      });
      fireEvent.click(item);
    };
    Element.prototype.scrollIntoView = () => {}; // jsdom has none; the select's list scrolls to its option
    await screen.findByText('Pilih siswa untuk melihat rapornya.', { selector: 'p' });
    await pick(/^Siswa/, 'Ahmad Fauzi (7001)');
    await waitFor(() =>
      expect(urls().some((u) => u.includes('/rapor/students/7?') && u.includes('classGroupId=3'))).toBe(true),
    );
  });

  it('says so when the caller leads no class', async () => {
    serve({ '/api/v1/rapor/classes': { items: [] } });
    await renderWithApp(<RaporPage />);
    expect(await screen.findByText(/Tidak ada kelas yang rapornya dapat Anda buka/)).toBeTruthy();
  });

  it('shows the server’s refusal', async () => {
    serve({
      '/api/v1/rapor/classes': new Response(
        JSON.stringify({ error: { code: 'FORBIDDEN', message: 'Anda tidak berhak melakukan tindakan ini' } }),
        { status: 403 },
      ),
    });
    await renderWithApp(<RaporPage />);
    expect(await screen.findByText('Anda tidak berhak melakukan tindakan ini')).toBeTruthy();
  });

  it('shows a leader the unit job’s progress, then the zip’s download; nothing to a teacher', async () => {
    const run: UnitRaporRun = {
      id: 'r1',
      unitId: 2,
      semester: 'GANJIL',
      state: 'running',
      done: 2,
      total: 5,
      startedAt: '2026-11-18T03:00:00.000Z',
      finishedAt: null,
      file: null,
      error: null,
      by: 'H. Ali',
    };
    const principal = authUser({ division: 'PRINCIPAL', unit: { id: 2, code: 'SMP', name: 'SMP IT' } });
    serve({ '/api/v1/rapor/unit': { run } });
    const view = await renderWithApp(<UnitRaporJob semester="GANJIL" />, '/', { user: principal });
    expect(await screen.findByText('Membuat rapor: 2 dari 5 kelas')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Rapor satu unit (zip)' })).toHaveProperty('disabled', true);
    view.unmount();
    serve({ '/api/v1/rapor/unit': { run: { ...run, state: 'done', done: 5, file: 'rapor-unit-2-GANJIL.zip' } } });
    const done = await renderWithApp(<UnitRaporJob semester="GANJIL" />, '/', { user: principal });
    const link = await screen.findByRole('link', { name: 'Unduh zip' });
    expect(link.getAttribute('href')).toBe('/api/v1/rapor/unit/zip');
    done.unmount();
    const teacher = authUser({ division: 'TEACHER', unit: principal.unit });
    await renderWithApp(<UnitRaporJob semester="GANJIL" />, '/', { user: teacher });
    expect(screen.queryByTestId('unit-rapor-job')).toBeNull();
  });

  it('lets an ADMIN (every unit, none on the account) choose the unit, and names it in every call', async () => {
    const calls: string[] = [];
    const done: UnitRaporRun = {
      id: 'r2',
      unitId: 2,
      semester: 'GANJIL',
      state: 'done',
      done: 5,
      total: 5,
      startedAt: '2026-11-18T03:00:00.000Z',
      finishedAt: '2026-11-18T03:05:00.000Z',
      file: 'rapor-unit-2-GANJIL.zip',
      error: null,
      by: 'Administrator',
    };
    const units = {
      items: [
        { id: 1, code: 'SD', name: 'SD IT' },
        { id: 2, code: 'SMP', name: 'SMP IT' },
      ],
      total: 2,
    };
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        calls.push(init?.body ? `${init.method} ${String(url)} ${String(init.body)}` : String(url));
        const path = String(url).replace(/\?.*$/, '');
        const body =
          path === '/api/v1/units' ? units : init?.method === 'POST' ? { ...done, state: 'queued' } : { run: done };
        return Promise.resolve(new Response(JSON.stringify(body), { status: init?.method === 'POST' ? 202 : 200 }));
      }),
    );
    await renderWithApp(<UnitRaporJob semester="GANJIL" />, '/', { user: authUser({ division: 'ADMIN', unit: null }) });
    const button = await screen.findByRole('button', { name: 'Rapor satu unit (zip)' });
    expect(button).toHaveProperty('disabled', true);
    expect(calls.some((u) => u.startsWith('/api/v1/rapor/unit'))).toBe(false);
    fireEvent.click(await screen.findByRole('combobox', { name: 'Unit' }));
    fireEvent.click(await screen.findByRole('option', { name: 'SMP – SMP IT', hidden: true }));
    const link = await screen.findByRole('link', { name: 'Unduh zip' });
    expect(link.getAttribute('href')).toBe('/api/v1/rapor/unit/zip?unitId=2');
    expect(calls).toContain('/api/v1/rapor/unit?unitId=2');
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    fireEvent.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Buat rapor satu unit?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Buat zip' }));
    await waitFor(() =>
      expect(calls.find((c) => c.startsWith('POST'))).toBe('POST /api/v1/rapor/unit {"semester":"GANJIL","unitId":2}'),
    );
  });
});
