import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AuthUser, Division } from '@mms/shared';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { id } from '../../i18n/id.ts';
import { registerCounsellingMessages } from '../../i18n/counselling/index.ts';
import { registerDisciplineMessages } from '../../i18n/discipline/index.ts';
import { registerPrintMessages } from '../../i18n/print/index.ts';
import { useSession } from '../../lib/session.ts';
import { renderWithApp } from '../../test/render.tsx';
import { NoteForm } from './components/note-form.tsx';
import { PsychotestForm } from './components/psychotest-form.tsx';
import { CounsellingStatusCard } from './widgets/counselling-status-card.tsx';
import { CounsellingListPage } from './pages/note-pages.tsx';
import { CounsellingReportPage } from './pages/report-page.tsx';
import { PsychotestListPage } from './pages/psychotest-pages.tsx';
import { StudentCounsellingPage, StudentPsychotestPage } from './pages/student-pages.tsx';

const user = (division: Division): AuthUser => ({
  id: 1,
  username: 'uji',
  displayName: 'Pengguna Uji',
  division,
  avatarUrl: null,
  employeeId: division === 'STUDENT' ? null : 1,
  employeeNumber: null,
  studentId: division === 'STUDENT' ? 1 : null,
  studentNumber: null,
  unit: { id: 2, code: 'SMP', name: 'SMP Uji' },
});

/** Answers the session and the given paths; every other call gets an empty page. */
function serve(division: Division, answers: Record<string, { status?: number; body: unknown }> = {}) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/v1/auth/session') {
      return new Response(JSON.stringify({ user: user(division), csrfToken: 'x', now: '2026-11-18T10:00:00+07:00' }), {
        status: 200,
      });
    }
    const answer = answers[url.pathname.replace('/api/v1', '')];
    if (answer) return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200 });
    return new Response(JSON.stringify({ items: [], total: 0, page: 1, pageSize: 25 }), { status: 200 });
  });
}

/** Renders once the session is known, as the app's auth guard does. */
function Signed({ children }: { children: ReactNode }) {
  const session = useSession();
  return session.data ? children : null;
}

beforeAll(async () => {
  if (!i18next.isInitialized)
    await i18next.use(initReactI18next).init({
      resources: { id: { translation: id } },
      lng: 'id',
      interpolation: { escapeValue: false },
    });
  registerCounsellingMessages();
  registerDisciplineMessages();
  registerPrintMessages();
});
beforeEach(() => {
  // mantine-datatable shows a column while its media query matches (jsdom's stub matches nothing)
  vi.spyOn(window, 'matchMedia').mockImplementation(
    (media) =>
      ({
        matches: true,
        media,
        addEventListener() {},
        removeEventListener() {},
        addListener() {},
        removeListener() {},
      }) as unknown as MediaQueryList,
  );
});
afterEach(() => vi.restoreAllMocks());

describe('the counselling note form', () => {
  it('checks the note with the shared contract before sending, in Indonesian', async () => {
    serve('BPBK');
    const onSubmit = vi.fn();
    await renderWithApp(<NoteForm saving={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Pilih minimal satu siswa')).toBeTruthy();
    expect(screen.getByText('Jenis layanan wajib dipilih')).toBeTruthy();
    expect(screen.getByText('Bidang layanan wajib dipilih')).toBeTruthy();
    expect(screen.getByText('Hal yang dibahas wajib diisi')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();

    // sharing with the student asks for the summary written for them (the note's content is never shown)
    expect(screen.queryByLabelText(/Ringkasan untuk siswa/)).toBeNull();
    fireEvent.click(screen.getByLabelText('Dibagikan ke siswa'));
    expect(await screen.findByLabelText(/Ringkasan untuk siswa/)).toBeTruthy();
  });
});

describe('the psychological test form', () => {
  it('asks for the student, the kind and name of the test, and a number for each scale', async () => {
    serve('BPBK');
    const onSubmit = vi.fn();
    await renderWithApp(<PsychotestForm saving={false} onSubmit={onSubmit} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tambah skala' }));
    fireEvent.click(screen.getByRole('button', { name: 'Simpan' }));
    expect(await screen.findByText('Siswa wajib diisi')).toBeTruthy();
    expect(screen.getByText('Jenis tes wajib dipilih')).toBeTruthy();
    expect(screen.getByText('Nama tes wajib diisi')).toBeTruthy();
    expect(screen.getByText('Nama skala wajib diisi')).toBeTruthy();
    expect(screen.getByText('Skor harus berupa angka')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    // a scale can be taken out again
    fireEvent.click(screen.getByRole('button', { name: 'Hapus skala 1' }));
    await waitFor(() => expect(screen.queryByText('Nama skala wajib diisi')).toBeNull());
  });
});

describe('the lists', () => {
  it('shows the empty state of the note list, with the add button for BPBK', async () => {
    serve('BPBK');
    await renderWithApp(
      <Signed>
        <CounsellingListPage />
      </Signed>,
    );
    expect(await screen.findByText('Tidak ada data yang cocok.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /Tambah catatan/ })).toBeTruthy();
  });

  it('tells the admin the content is not theirs, and offers no add button', async () => {
    serve('ADMIN');
    await renderWithApp(
      <Signed>
        <CounsellingListPage />
      </Signed>,
    );
    expect(await screen.findByText('Tidak ada data yang cocok.')).toBeTruthy();
    expect(screen.getByText(/isi catatan khusus guru BK dan kepala sekolah/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Tambah catatan/ })).toBeNull();
  });

  it('shows the empty state of the test list', async () => {
    serve('PRINCIPAL');
    await renderWithApp(
      <Signed>
        <PsychotestListPage />
      </Signed>,
    );
    expect(await screen.findByText('Tidak ada data yang cocok.')).toBeTruthy();
  });

  it('tells a student when nothing was shared with them', async () => {
    serve('STUDENT');
    await renderWithApp(<StudentCounsellingPage />);
    expect(await screen.findByText('Belum ada catatan konseling yang dibagikan kepada Anda.')).toBeTruthy();
    await renderWithApp(<StudentPsychotestPage />);
    expect(await screen.findByText('Belum ada hasil tes psikologi yang dibagikan kepada Anda.')).toBeTruthy();
  });

  it('shows a student the summary of a shared note', async () => {
    serve('STUDENT', {
      '/counselling/me/notes': {
        body: {
          items: [
            {
              id: 3,
              date: '2026-11-10',
              kind: 'INDIVIDUAL',
              topic: 'LEARNING',
              status: 'OPEN',
              followUpDate: null,
              counsellorName: 'Bu Rina',
              summary: 'Coba jadwal belajar baru.',
            },
          ],
        },
      },
    });
    await renderWithApp(<StudentCounsellingPage />);
    expect(await screen.findByText('Coba jadwal belajar baru.')).toBeTruthy();
    expect(screen.getByText('Belajar')).toBeTruthy();
  });
});

describe('the counselling status card', () => {
  it('shows the homeroom teacher the cases’ dates, kinds and statuses', async () => {
    serve('TEACHER', {
      '/counselling/status': {
        body: { studentId: 5, items: [{ id: 1, date: '2026-11-10', kind: 'HOME_VISIT', status: 'FOLLOWED_UP' }] },
      },
    });
    await renderWithApp(
      <Signed>
        <CounsellingStatusCard studentId={5} />
      </Signed>,
    );
    expect(await screen.findByText('Kunjungan rumah')).toBeTruthy();
    expect(screen.getByText('Ditindaklanjuti')).toBeTruthy();
  });

  it('shows nothing when the server refuses (not the teacher’s class)', async () => {
    serve('TEACHER', {
      '/counselling/status': {
        status: 403,
        body: {
          error: { code: 'FORBIDDEN', message: 'Anda hanya dapat melihat status konseling siswa kelas perwalian Anda' },
        },
      },
    });
    const view = await renderWithApp(
      <Signed>
        <CounsellingStatusCard studentId={5} />
      </Signed>,
    );
    // the status query has its answer, the refusal: the card stays away
    await waitFor(() => expect(view.client.getQueryState(['/counselling/status', 5])?.status).toBe('error'));
    expect(view.queryByTestId('counselling-status-card')).toBeNull();
  });
});

describe('the Laporan BK', () => {
  it('shows the discipline sections beside the counselling ones: violations by status, category and class, achievements', async () => {
    serve('PRINCIPAL', {
      '/letterhead': {
        body: {
          kind: 'UNIT',
          foundationName: 'Yayasan Al-Amin',
          name: 'SMP Islam Terpadu Al-Amin',
          npsn: null,
          address: null,
          phone: null,
          email: null,
          logoUrl: null,
          signature: { place: 'Bogor', date: '2026-11-18', role: 'HEADMASTER', name: 'Kepala Sekolah', nip: null },
        },
      },
      '/counselling/report': {
        body: {
          unitId: 2,
          unitName: 'SMP Uji',
          fromMonth: '2026-07',
          toMonth: '2026-11',
          sections: [
            { key: 'psychotests', total: 0, byInstrument: [] },
            {
              key: 'violations',
              total: 3,
              points: 25,
              byStatus: [
                { key: 'REPORTED', count: 1 },
                { key: 'VERIFIED', count: 2 },
                { key: 'REJECTED', count: 0 },
              ],
              byCategory: [
                { key: 'RINGAN', count: 1, points: 5 },
                { key: 'SEDANG', count: 1, points: 20 },
                { key: 'BERAT', count: 0, points: 0 },
              ],
              byClass: [{ className: '7A', violations: 2, points: 25 }],
              sanctions: [
                { key: 'PROPOSED', count: 1 },
                { key: 'CONFIRMED', count: 0 },
                { key: 'REJECTED', count: 0 },
                { key: 'COMPLETED', count: 0 },
              ],
            },
            {
              key: 'achievements',
              total: 1,
              byField: [{ key: 'SENI', count: 1 }],
              byLevel: [{ key: 'KABUPATEN', count: 1 }],
            },
          ],
        },
      },
    });
    await renderWithApp(
      <Signed>
        <CounsellingReportPage />
      </Signed>,
    );
    expect(await screen.findByText('Pelanggaran · Jumlah: 3 · poin terverifikasi: 25')).toBeTruthy();
    const byClass = screen.getByRole('table', { name: 'Pelanggaran terverifikasi menurut kelas' });
    expect(byClass.textContent).toContain('7A225');
    expect(screen.getByRole('table', { name: 'Sanksi menurut status' }).textContent).toContain('Diusulkan1');
    expect(screen.getByRole('table', { name: 'Terverifikasi menurut kategori' }).textContent).toContain('Sedang120');
    expect(screen.getByText('Prestasi · Jumlah: 1')).toBeTruthy();
    expect(screen.getByRole('table', { name: 'Menurut tingkat' }).textContent).toContain('Kabupaten/kota1');
  });
});
