import type {
  CounsellingKind,
  CounsellingNoteSummary,
  CounsellingNotesQuery,
  CounsellingStatus,
  CounsellingTopic,
  Lang,
  PsychotestInstrument,
  PsychotestsQuery,
  PsychotestSummary,
} from '@mms/shared';
import { formatDate } from '@mms/shared';
import type { Bilingual } from '../../lib/lang.ts';
import type { ListPaper } from '../../lib/list-routes.ts';
import type { XlsxColumn, XlsxHeading } from '../../lib/xlsx.ts';

export const KIND_LABELS: Record<CounsellingKind, Bilingual> = {
  INDIVIDUAL: { id: 'Individual', en: 'Individual' },
  GROUP: { id: 'Kelompok', en: 'Group' },
  CLASSICAL: { id: 'Klasikal', en: 'Class' },
  HOME_VISIT: { id: 'Kunjungan rumah', en: 'Home visit' },
  CASE_CONFERENCE: { id: 'Konferensi kasus', en: 'Case conference' },
  REFERRAL: { id: 'Alih tangan (referral)', en: 'Referral' },
};
export const TOPIC_LABELS: Record<CounsellingTopic, Bilingual> = {
  PERSONAL: { id: 'Pribadi', en: 'Personal' },
  SOCIAL: { id: 'Sosial', en: 'Social' },
  LEARNING: { id: 'Belajar', en: 'Learning' },
  CAREER: { id: 'Karier', en: 'Career' },
};
export const STATUS_LABELS: Record<CounsellingStatus, Bilingual> = {
  OPEN: { id: 'Terbuka', en: 'Open' },
  FOLLOWED_UP: { id: 'Ditindaklanjuti', en: 'Followed up' },
  CLOSED: { id: 'Selesai', en: 'Closed' },
};
export const INSTRUMENT_LABELS: Record<PsychotestInstrument, Bilingual> = {
  IQ: { id: 'IQ', en: 'IQ' },
  APTITUDE: { id: 'Bakat', en: 'Aptitude' },
  PERSONALITY: { id: 'Kepribadian', en: 'Personality' },
  INTEREST: { id: 'Minat', en: 'Interest' },
  OTHER: { id: 'Lainnya', en: 'Other' },
};

const yesNo = (v: boolean, lang: Lang) => (v ? (lang === 'en' ? 'Yes' : 'Ya') : lang === 'en' ? 'No' : 'Tidak');
const date = (d: string | null, lang: Lang) => (d ? formatDate(d, lang) : null);

/**
 * The export of the note list: metadata only, for every caller. The content stays out even for BPBK and
 * the principal: each content read is audited one note at a time, and a spreadsheet of confidential
 * conversations would leave that trail and the school's control the moment it is saved.
 */
export const NOTE_COLUMNS: XlsxColumn<CounsellingNoteSummary>[] = [
  { header: { id: 'Tanggal', en: 'Date' }, value: (n, lang) => date(n.date, lang), width: 12 },
  {
    header: { id: 'Siswa', en: 'Students' },
    value: (n) => n.students.map((s) => `${s.name} (${s.nis})`).join(', '),
    width: 40,
  },
  {
    header: { id: 'Kelas', en: 'Class' },
    value: (n) => [...new Set(n.students.map((s) => s.className).filter(Boolean))].join(', '),
    width: 10,
  },
  { header: { id: 'Jenis layanan', en: 'Kind' }, value: (n, lang) => KIND_LABELS[n.kind][lang], width: 18 },
  { header: { id: 'Bidang', en: 'Topic area' }, value: (n, lang) => TOPIC_LABELS[n.topic][lang], width: 12 },
  { header: { id: 'Status', en: 'Status' }, value: (n, lang) => STATUS_LABELS[n.status][lang], width: 16 },
  {
    header: { id: 'Tindak lanjut', en: 'Follow-up' },
    value: (n, lang) => date(n.followUpDate, lang),
    width: 12,
  },
  { header: { id: 'Konselor', en: 'Counsellor' }, value: (n) => n.counsellorName, width: 24 },
  {
    header: { id: 'Dibagikan ke siswa', en: 'Shared with student' },
    value: (n, lang) => yesNo(n.sharedWithStudent, lang),
    width: 10,
  },
];

export const PSYCHOTEST_COLUMNS: XlsxColumn<PsychotestSummary>[] = [
  { header: { id: 'Tanggal', en: 'Date' }, value: (n, lang) => date(n.date, lang), width: 12 },
  { header: { id: 'NIS', en: 'NIS' }, value: (n) => n.nis, width: 12 },
  { header: { id: 'Nama', en: 'Name' }, value: (n) => n.studentName, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (n) => n.className, width: 10 },
  {
    header: { id: 'Jenis tes', en: 'Instrument' },
    value: (n, lang) => INSTRUMENT_LABELS[n.instrument][lang],
    width: 14,
  },
  { header: { id: 'Nama tes', en: 'Test' }, value: (n) => n.testName, width: 24 },
  { header: { id: 'Penyelenggara', en: 'Provider' }, value: (n) => n.provider, width: 24 },
  {
    header: { id: 'Dibagikan ke siswa', en: 'Shared with student' },
    value: (n, lang) => yesNo(n.sharedWithStudent, lang),
    width: 10,
  },
];

type Filters = XlsxHeading['filters'];

function dateFilters(q: { from?: string; to?: string }, lang: Lang) {
  const out: [string, string][] = [];
  if (q.from) out.push([lang === 'en' ? 'From' : 'Dari', formatDate(q.from, lang)]);
  if (q.to) out.push([lang === 'en' ? 'To' : 'Sampai', formatDate(q.to, lang)]);
  return out;
}

export function noteFilters(q: CounsellingNotesQuery, lang: Lang): Filters {
  const out = dateFilters(q, lang);
  if (q.kind) out.push([lang === 'en' ? 'Kind' : 'Jenis layanan', KIND_LABELS[q.kind][lang]]);
  if (q.topic) out.push([lang === 'en' ? 'Topic area' : 'Bidang', TOPIC_LABELS[q.topic][lang]]);
  if (q.status) out.push(['Status', STATUS_LABELS[q.status][lang]]);
  if (q.q) out.push([lang === 'en' ? 'Search' : 'Cari', q.q]);
  return out;
}

export function psychotestFilters(q: PsychotestsQuery, lang: Lang): Filters {
  const out = dateFilters(q, lang);
  if (q.instrument) out.push([lang === 'en' ? 'Instrument' : 'Jenis tes', INSTRUMENT_LABELS[q.instrument][lang]]);
  if (q.q) out.push([lang === 'en' ? 'Search' : 'Cari', q.q]);
  return out;
}

export const NOTE_PAPER: ListPaper<CounsellingNoteSummary, CounsellingNotesQuery> = {
  file: 'catatan-konseling',
  sheet: { id: 'Konseling', en: 'Counselling' },
  title: { id: 'Daftar Catatan Konseling', en: 'Counselling Notes' },
  columns: NOTE_COLUMNS,
  filters: (lang, q) => noteFilters(q, lang),
};

export const PSYCHOTEST_PAPER: ListPaper<PsychotestSummary, PsychotestsQuery> = {
  file: 'tes-psikologi',
  sheet: { id: 'Tes psikologi', en: 'Psychological tests' },
  title: { id: 'Daftar Hasil Tes Psikologi', en: 'Psychological Test Results' },
  columns: PSYCHOTEST_COLUMNS,
  filters: (lang, q) => psychotestFilters(q, lang),
};
