import type { BtqRecapRow } from '@mms/shared';
import type { XlsxColumn } from '../../lib/xlsx.ts';

export const RECAP_COLUMNS: XlsxColumn<BtqRecapRow>[] = [
  { header: { id: 'Kelompok', en: 'Group' }, value: (r) => r.groupName, width: 24 },
  { header: { id: 'Jilid', en: 'Level' }, value: (r) => r.levelName, width: 18 },
  { header: { id: 'Siswa', en: 'Students' }, value: (r) => r.students, width: 10 },
  { header: { id: 'Setoran', en: 'Entries' }, value: (r) => r.entries, width: 10 },
  { header: { id: 'Halaman', en: 'Pages' }, value: (r) => r.pages, width: 10 },
  { header: { id: 'Ayat hafalan', en: 'Ayat memorised' }, value: (r) => r.ayat, width: 14 },
  { header: { id: 'Rata-rata nilai', en: 'Average score' }, value: (r) => r.averageScore, width: 14 },
];
