import { formatDate, formatPeriod, formatRupiah } from '@mms/shared';

/**
 * The Indonesian texts of the notifications (issue 18): fixed documents sent to students, parents and staff as they
 * are, like a letter, not UI messages to translate. `outbox.ts` writes them.
 */
export interface NoticeText {
  subject: string;
  body: string;
}

export function examScheduledText(s: {
  title: string;
  date: string;
  session: string;
  startsAt: string;
  endsAt: string;
  room: string;
}): NoticeText {
  return {
    subject: `Jadwal ujian: ${s.title}`,
    body:
      `Ujian ${s.title} dijadwalkan ${formatDate(s.date)}, ${s.session} pukul ${s.startsAt}–${s.endsAt} WIB ` +
      `di ruang ${s.room}.`,
  };
}

export function leaveDecidedText(l: {
  kind: string;
  startDate: string;
  endDate: string;
  approved: boolean;
  note: string | null;
}): NoticeText {
  const what = l.kind === 'SAKIT' ? 'sakit' : 'izin';
  const verdict = l.approved ? 'disetujui' : 'ditolak';
  const range = l.endDate !== l.startDate ? ` s.d. ${formatDate(l.endDate)}` : '';
  return {
    subject: `Pengajuan ${what} ${verdict}`,
    body: `Pengajuan ${what} untuk ${formatDate(l.startDate)}${range} ${verdict}.${l.note ? ` Catatan: ${l.note}` : ''}`,
  };
}

export function disciplineLetterText(s: { studentName: string; title: string; kind: string }): NoticeText {
  return {
    subject: `Surat pemberitahuan sanksi: ${s.studentName}`,
    body:
      `Dengan hormat, kami memberitahukan bahwa ananda ${s.studentName} menerima sanksi ${s.title} (${s.kind}). ` +
      'Surat resmi dapat diambil di sekolah.',
  };
}

export function billDueText(b: {
  component: string;
  period: string;
  studentName: string;
  due: number;
  dueDate: string;
}): NoticeText {
  return {
    subject: `Tagihan ${b.component} ${formatPeriod(b)} jatuh tempo`,
    body:
      `Tagihan ${b.component} periode ${formatPeriod(b)} atas nama ${b.studentName} sebesar ${formatRupiah(b.due)} ` +
      `jatuh tempo ${formatDate(b.dueDate)}. Abaikan pesan ini bila sudah dibayar.`,
  };
}

/** The homeroom's reminder to a subject teacher whose subject of a class is missing from the rapor (issue 40 §3). */
export function raporReminderText(r: {
  teacher: string;
  subject: string;
  className: string;
  semester: 'GANJIL' | 'GENAP';
  from: string;
}): NoticeText {
  const semester = r.semester === 'GANJIL' ? 'ganjil' : 'genap';
  return {
    subject: `Pengingat rapor ${r.className}: ${r.subject}`,
    body:
      `Yth. ${r.teacher}, nilai akhir dan deskripsi ${r.subject} kelas ${r.className} semester ${semester} ` +
      `belum lengkap atau belum diserahkan untuk rapor. Mohon dilengkapi dan diserahkan. (${r.from})`,
  };
}
