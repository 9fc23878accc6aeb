import {
  formatDate,
  type Achievement,
  type AchievementsQuery,
  type Lang,
  type Sanction,
  type SanctionsQuery,
  type Violation,
  type ViolationsQuery,
} from '@mms/shared';
import type { Bilingual } from '../../lib/lang.ts';
import type { ListPaper } from '../../lib/list-routes.ts';
import type { XlsxColumn } from '../../lib/xlsx.ts';

const STATUS: Record<string, Bilingual> = {
  REPORTED: { id: 'Dilaporkan', en: 'Reported' },
  VERIFIED: { id: 'Terverifikasi', en: 'Verified' },
  REJECTED: { id: 'Ditolak', en: 'Rejected' },
  PROPOSED: { id: 'Diusulkan', en: 'Proposed' },
  CONFIRMED: { id: 'Ditetapkan', en: 'Confirmed' },
  COMPLETED: { id: 'Selesai', en: 'Completed' },
};
const status = (s: string, lang: Lang) => STATUS[s]?.[lang] ?? s;

export const VIOLATION_COLUMNS: XlsxColumn<Violation>[] = [
  { header: { id: 'Tanggal', en: 'Date' }, value: (r) => r.occurredOn, width: 12 },
  { header: { id: 'Jam', en: 'Time' }, value: (r) => r.occurredTime, width: 8 },
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.studentName, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.className, width: 10 },
  { header: { id: 'Kode', en: 'Code' }, value: (r) => r.ruleCode, width: 10 },
  { header: { id: 'Pelanggaran', en: 'Violation' }, value: (r) => r.ruleName, width: 32 },
  { header: { id: 'Poin', en: 'Points' }, value: (r) => r.points, width: 8 },
  { header: { id: 'Tempat', en: 'Place' }, value: (r) => r.place, width: 16 },
  { header: { id: 'Pelapor', en: 'Reporter' }, value: (r) => r.reporterName, width: 24 },
  { header: { id: 'Status', en: 'Status' }, value: (r, lang) => status(r.status, lang), width: 14 },
  { header: { id: 'Alasan penolakan', en: 'Rejection reason' }, value: (r) => r.rejectReason, width: 24 },
];

export const ACHIEVEMENT_COLUMNS: XlsxColumn<Achievement>[] = [
  { header: { id: 'Tanggal', en: 'Date' }, value: (r) => r.date, width: 12 },
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.studentName, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.className, width: 10 },
  { header: { id: 'Lomba/kegiatan', en: 'Event' }, value: (r) => r.title, width: 32 },
  { header: { id: 'Bidang', en: 'Field' }, value: (r) => r.field, width: 12 },
  { header: { id: 'Tingkat', en: 'Level' }, value: (r) => r.level, width: 14 },
  { header: { id: 'Peringkat', en: 'Rank' }, value: (r) => r.rank, width: 14 },
  { header: { id: 'Penyelenggara', en: 'Organiser' }, value: (r) => r.organiser, width: 24 },
  { header: { id: 'Pengurang poin', en: 'Points offset' }, value: (r) => r.creditPoints, width: 14 },
];

export const SANCTION_COLUMNS: XlsxColumn<Sanction>[] = [
  {
    header: { id: 'Diusulkan', en: 'Proposed' },
    value: (r, lang) => formatDate(r.createdAt, lang, 'short'),
    width: 12,
  },
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.studentName, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.className, width: 10 },
  { header: { id: 'Sanksi', en: 'Sanction' }, value: (r) => r.title, width: 32 },
  { header: { id: 'Ambang', en: 'Threshold' }, value: (r) => r.thresholdPoints, width: 10 },
  { header: { id: 'Poin saat diusulkan', en: 'Points when proposed' }, value: (r) => r.balance, width: 12 },
  { header: { id: 'Status', en: 'Status' }, value: (r, lang) => status(r.status, lang), width: 14 },
  { header: { id: 'Mulai', en: 'Start' }, value: (r) => r.startDate, width: 12 },
  { header: { id: 'Selesai', en: 'End' }, value: (r) => r.endDate, width: 12 },
  { header: { id: 'Pembina', en: 'Supervisor' }, value: (r) => r.supervisorName, width: 24 },
  { header: { id: 'Dilaksanakan', en: 'Carried out' }, value: (r) => r.doneDate, width: 12 },
];

/** The "Filter:" line of an export: dates, status and search as asked. */
export function exportFilters(
  lang: Lang,
  q: { from?: string | undefined; to?: string | undefined; status?: string | undefined; q?: string | undefined },
): (readonly [string, string])[] {
  const en = lang === 'en';
  const out: (readonly [string, string])[] = [];
  if (q.from) out.push([en ? 'From' : 'Dari', q.from]);
  if (q.to) out.push([en ? 'To' : 'Sampai', q.to]);
  if (q.status) out.push(['Status', status(q.status, lang)]);
  if (q.q) out.push([en ? 'Search' : 'Pencarian', q.q]);
  return out;
}

export const VIOLATION_PAPER: ListPaper<Violation, ViolationsQuery> = {
  file: 'pelanggaran',
  sheet: { id: 'Pelanggaran', en: 'Violations' },
  title: { id: 'Daftar Pelanggaran Siswa', en: 'Student Violations' },
  columns: VIOLATION_COLUMNS,
  filters: exportFilters,
};

export const ACHIEVEMENT_PAPER: ListPaper<Achievement, AchievementsQuery> = {
  file: 'prestasi',
  sheet: { id: 'Prestasi', en: 'Achievements' },
  title: { id: 'Daftar Prestasi Siswa', en: 'Student Achievements' },
  columns: ACHIEVEMENT_COLUMNS,
  filters: exportFilters,
};

export const SANCTION_PAPER: ListPaper<Sanction, SanctionsQuery> = {
  file: 'sanksi',
  sheet: { id: 'Sanksi', en: 'Sanctions' },
  title: { id: 'Daftar Sanksi Siswa', en: 'Student Sanctions' },
  columns: SANCTION_COLUMNS,
  filters: exportFilters,
};
