/** The nine divisions (roles) of the specification, section 6. */
export const DIVISIONS = [
  'STUDENT',
  'TEACHER',
  'TEACHERCASHIER',
  'PRINCIPAL',
  'WAKAKUR',
  'YAYASAN',
  'BPBK',
  'TU',
  'ADMIN',
] as const;

export type Division = (typeof DIVISIONS)[number];

/** Every division that belongs to a staff member (everyone but students). */
export const EMPLOYEE_DIVISIONS = DIVISIONS.filter((d): d is Exclude<Division, 'STUDENT'> => d !== 'STUDENT');

/** Divisions that see every unit of the foundation instead of only their own. */
export const ALL_UNIT_DIVISIONS: readonly Division[] = ['YAYASAN', 'ADMIN'];

export const DIVISION_LABELS: Record<Division, { id: string; en: string }> = {
  STUDENT: { id: 'Siswa', en: 'Student' },
  TEACHER: { id: 'Guru', en: 'Teacher' },
  TEACHERCASHIER: { id: 'Guru Bendahara', en: 'Cashier teacher' },
  PRINCIPAL: { id: 'Kepala Sekolah', en: 'Principal' },
  WAKAKUR: { id: 'Wakil Kepala Kurikulum', en: 'Vice-principal (curriculum)' },
  YAYASAN: { id: 'Yayasan', en: 'Foundation' },
  BPBK: { id: 'Bimbingan Konseling', en: 'Counselling' },
  TU: { id: 'Tata Usaha', en: 'Administrative staff' },
  ADMIN: { id: 'Administrator', en: 'Administrator' },
};
