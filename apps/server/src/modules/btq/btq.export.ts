import type { BtqGroup, BtqPresenceRecap, BtqStudentRow } from '@mms/shared';
import type { XlsxColumn } from '../../lib/xlsx.ts';

const DAYS = ['Senin', 'Selasa', 'Rabu', 'Kamis', 'Jumat', 'Sabtu', 'Minggu'];
const DAYS_EN = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

type GroupMemberRow = {
  group: BtqGroup;
  member: { name: string; nis: string | null; className: string | null; fromDate: string };
};

export const GROUP_MEMBER_COLUMNS: XlsxColumn<GroupMemberRow>[] = [
  { header: { id: 'Kelompok', en: 'Group' }, value: (r) => r.group.name, width: 20 },
  { header: { id: 'Ustadz', en: 'Instructor' }, value: (r) => r.group.teacherName, width: 24 },
  { header: { id: 'Jilid', en: 'Level' }, value: (r) => r.group.levelName, width: 14 },
  {
    header: { id: 'Hari', en: 'Days' },
    value: (r, lang) => r.group.days.map((d) => (lang === 'en' ? DAYS_EN : DAYS)[d - 1]).join(', '),
    width: 20,
  },
  {
    header: { id: 'Jam', en: 'Time' },
    value: (r) => (r.group.startTime ? `${r.group.startTime}-${r.group.endTime ?? ''}` : null),
    width: 12,
  },
  { header: { id: 'Tempat', en: 'Place' }, value: (r) => r.group.place, width: 14 },
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.member.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.member.name, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.member.className, width: 10 },
  { header: { id: 'Sejak', en: 'Since' }, value: (r) => r.member.fromDate, width: 12 },
];

export const STUDENT_COLUMNS: XlsxColumn<BtqStudentRow>[] = [
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 30 },
  { header: { id: 'Kelas', en: 'Class' }, value: (r) => r.className, width: 10 },
  { header: { id: 'Metode', en: 'Method' }, value: (r) => r.methodName, width: 14 },
  { header: { id: 'Jilid', en: 'Level' }, value: (r) => r.levelName, width: 14 },
  { header: { id: 'Sejak', en: 'Since' }, value: (r) => r.levelSince, width: 12 },
  { header: { id: 'Kelompok', en: 'Group' }, value: (r) => r.groupName, width: 20 },
];

export const RECAP_COLUMNS: XlsxColumn<BtqPresenceRecap['items'][number]>[] = [
  { header: { id: 'NIS', en: 'NIS' }, value: (r) => r.nis, width: 14 },
  { header: { id: 'Nama', en: 'Name' }, value: (r) => r.name, width: 30 },
  { header: { id: 'Hadir', en: 'Present' }, value: (r) => r.HADIR, width: 8 },
  { header: { id: 'Izin', en: 'Excused' }, value: (r) => r.IZIN, width: 8 },
  { header: { id: 'Sakit', en: 'Sick' }, value: (r) => r.SAKIT, width: 8 },
  { header: { id: 'Alpa', en: 'Absent' }, value: (r) => r.ALPA, width: 8 },
  {
    header: { id: 'Catatan', en: 'Notes' },
    value: (r) => r.notes.map((n) => `${n.date} ${n.status}: ${n.note}`).join('; ') || null,
    width: 48,
  },
];
