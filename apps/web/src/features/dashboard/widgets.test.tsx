import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AttendanceTodayCounts, TeacherToday, WaitingForMe } from '@mms/shared';
import { renderWithApp } from '../../test/render.tsx';
import LeaderTodayWidget from '../attendance/widgets/leader-today-widget.tsx';
import WaitingWidget from '../attendance/widgets/waiting-widget.tsx';
import TeacherTodayWidget from '../journal/widgets/teacher-today-widget.tsx';

/** The server's answer for each path (the server's own tests check how each is made). */
function answer(bodies: Record<string, unknown>) {
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
    const url = String(input);
    const path = Object.keys(bodies).find((p) => url.includes(p));
    return new Response(JSON.stringify(path ? bodies[path] : {}), { status: 200 });
  });
}
afterEach(() => vi.restoreAllMocks());

const day: TeacherToday = {
  date: '2026-11-18',
  schoolDay: true,
  homeroom: false,
  lessons: [],
  homeroomRegistersOpen: [],
};

describe('dashboard widgets', () => {
  it('shows no homeroom reminder to a teacher who leads no class', async () => {
    answer({ '/journals/today': day });
    await renderWithApp(<TeacherTodayWidget />);
    expect(await screen.findByText('Tidak ada jam mengajar hari ini.')).toBeTruthy();
    expect(screen.queryByText('Presensi kelas perwalian sudah diisi.')).toBeNull();
  });

  it("reminds a homeroom teacher of their class's register, or says it is taken", async () => {
    answer({
      '/journals/today': { ...day, homeroom: true, homeroomRegistersOpen: [{ classGroupId: 3, className: '7A' }] },
    });
    const view = await renderWithApp(<TeacherTodayWidget />);
    expect(await screen.findByRole('link', { name: 'Isi presensi 7A' })).toBeTruthy();
    view.unmount();
    vi.restoreAllMocks();
    answer({ '/journals/today': { ...day, homeroom: true } });
    await renderWithApp(<TeacherTodayWidget />);
    expect(await screen.findByTestId('homeroom-done')).toBeTruthy();
  });

  it('says what the staff figure counts, and what waits for the principal', async () => {
    const counts: AttendanceTodayCounts = {
      date: '2026-11-18',
      staffTotal: 26,
      staffAbsent: 26,
      staffLate: 0,
      studentsAbsent: { S: 1, I: 0, A: 2 },
      classesNotTaken: 4,
    };
    const waiting: WaitingForMe = {
      date: '2026-11-18',
      leaveToDecide: 3,
      classesNotTaken: 4,
      staffNotCheckedIn: 26,
      staffTotal: 26,
    };
    answer({ '/attendance/today': counts, '/attendance/waiting': waiting });
    await renderWithApp(
      <>
        <LeaderTodayWidget />
        <WaitingWidget />
      </>,
    );
    expect(await screen.findByText('Guru/pegawai belum absen masuk hari ini: 26 dari 26')).toBeTruthy();
    expect(screen.getByTestId('staff-late').textContent).toBe('0');
    expect(await screen.findByText('Guru/pegawai belum absen masuk: 26 dari 26')).toBeTruthy();
    expect(screen.getByTestId('waiting-leave').textContent).toBe('3');
    expect(screen.getByTestId('waiting-registers').textContent).toBe('4');
    expect(screen.getByRole('link', { name: /Izin\/sakit menunggu keputusan/ }).getAttribute('href')).toBe(
      '/backend/mms/tutor/permission',
    );
  });
});
