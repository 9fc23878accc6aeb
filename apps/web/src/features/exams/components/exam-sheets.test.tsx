import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ExamCards, ExamRoomSheet } from '@mms/shared';
import { registerExamsMessages } from '../../../i18n/exams/index.ts';
import { printedPaperTest } from '../../../test/printed-paper.ts';
import { renderWithApp } from '../../../test/render.tsx';
import { ExamCardsSheet } from './exam-cards-sheet.tsx';
import { AttendanceSheet, ExamReportSheet } from './room-sheets.tsx';

printedPaperTest(registerExamsMessages);

const EXAM = {
  title: 'PTS Matematika',
  subjectName: 'Matematika',
  date: '2026-12-01',
  sessionName: 'Sesi 1',
  startsAt: '07:30',
  endsAt: '09:00',
  roomName: 'Ruang 1',
};

const CARDS: ExamCards = {
  className: '7A',
  unitId: 2,
  cards: [
    { studentId: 1, name: 'Ahmad Fauzi', nis: '7001', className: '7A', username: 'ahmad.fauzi', exams: [EXAM] },
    { studentId: 2, name: 'Budi Santoso', nis: '7002', className: '7A', username: null, exams: [EXAM] },
  ],
};

const SHEET: ExamRoomSheet = {
  unitId: 2,
  roomName: 'Ruang 1',
  sessionName: 'Sesi 1',
  date: '2026-12-01',
  startsAt: '07:30',
  endsAt: '09:00',
  exams: [
    {
      title: 'PTS Matematika',
      subjectName: 'Matematika',
      className: '7A',
      proctorName: 'Siti Aminah',
      proctorNip: '1987',
    },
  ],
  students: [
    { studentId: 1, nis: '7001', name: 'Ahmad Fauzi', className: '7A' },
    { studentId: 2, nis: '7002', name: 'Budi Santoso', className: '7A' },
  ],
  expected: 2,
};

describe('exam cards', () => {
  it('shows each student’s card with the username and a QR code of it, under the letterhead', async () => {
    await renderWithApp(<ExamCardsSheet data={CARDS} />);
    expect(await screen.findByTestId('letterhead')).toBeTruthy();
    const cards = screen.getAllByTestId('exam-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByTestId('card-username').textContent).toContain('ahmad.fauzi');
    const qr = await within(cards[0]!).findByTestId('qr-code');
    expect(qr.getAttribute('data-qr-text')).toBe('ahmad.fauzi');
    expect(qr.getAttribute('alt')).toBe('Kode QR nama pengguna ahmad.fauzi');
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg');
    expect(within(cards[0]!).getByText('Ruang 1')).toBeTruthy();
    // a student without an account gets no QR code, and the card says so
    expect(within(cards[1]!).getByTestId('card-username').textContent).toContain('belum punya akun');
    await waitFor(() => expect(within(cards[1]!).queryByTestId('qr-code')).toBeNull());
  });
});

describe('berita acara and daftar hadir', () => {
  it('fills the standard form: day and date, time, room, subject, candidates expected, proctor to sign', async () => {
    await renderWithApp(<ExamReportSheet sheet={SHEET} />);
    expect(await screen.findByTestId('letterhead')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Berita acara pelaksanaan ujian' })).toBeTruthy();
    const form = screen.getByTestId('exam-report');
    const row = (label: string) => within(form).getByText(label).closest('tr')!;
    expect(row('Hari, tanggal').textContent).toContain('Selasa, 1 Desember 2026');
    expect(row('Waktu').textContent).toContain('07:30–09:00 WIB (Sesi 1)');
    expect(row('Ruang').textContent).toContain('Ruang 1');
    expect(row('Mapel').textContent).toContain('Matematika');
    expect(row('Jumlah peserta seharusnya').textContent).toContain('2 orang');
    expect(row('Jumlah peserta hadir').textContent).toContain('…… orang');
    expect(row('Jumlah peserta tidak hadir').textContent).toBe('Jumlah peserta tidak hadir…… orang');
    expect(row('Catatan selama ujian').textContent).toBe('Catatan selama ujian');
    const sign = screen.getByTestId('proctor-signature');
    expect(sign.textContent).toContain('Siti Aminah');
    expect(sign.textContent).toContain('NIP 1987');
  });

  it('lists every student expected with a signature column', async () => {
    await renderWithApp(<AttendanceSheet sheet={SHEET} />);
    const list = await screen.findByTestId('attendance-list');
    expect(within(list).getByRole('columnheader', { name: 'Tanda tangan' })).toBeTruthy();
    expect(within(list).getAllByRole('row')).toHaveLength(3);
    expect(within(list).getByText('Budi Santoso')).toBeTruthy();
  });
});
