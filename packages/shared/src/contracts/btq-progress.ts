import { z } from 'zod';
import { BTQ_GRADES } from '../domain/btq.ts';
import { dbId } from './common.ts';

const id = dbId;
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const whole = (label: string, min: number, max: number) => {
  const message = `${label} harus bilangan bulat ${min} sampai ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
};
const note = z.string().trim().max(500, 'Catatan maksimal 500 karakter').nullable().optional();

export const BTQ_ENTRY_KINDS = ['READING', 'ZIYADAH', 'MUROJAAH'] as const;
export const BTQ_PROMOTION_STATUSES = ['PROPOSED', 'TESTED', 'APPROVED', 'REJECTED'] as const;
export const BTQ_TEST_KINDS = ['MUNAQOSYAH', 'TASHIH'] as const;
export const BTQ_TEST_RESULTS = ['LULUS', 'TIDAK_LULUS'] as const;

const LevelRef = z.object({
  id: z.number().int(),
  name: z.string(),
  methodName: z.string(),
  methodKind: z.enum(['READING', 'TAHFIDZ']),
  pages: z.number().int().nullable(),
});
export type BtqLevelRef = z.infer<typeof LevelRef>;

export const BtqProgressGroup = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    name: z.string(),
    schoolYear: z.string(),
    teacherName: z.string(),
  })
  .meta({ id: 'BtqProgressGroup' });
export type BtqProgressGroup = z.infer<typeof BtqProgressGroup>;

export const BtqProgressEntry = z
  .object({
    id: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    groupId: z.number().int().nullable(),
    date: z.string(),
    levelId: z.number().int(),
    levelName: z.string(),
    kind: z.enum(BTQ_ENTRY_KINDS),
    pageFrom: z.number().int().nullable(),
    pageTo: z.number().int().nullable(),
    juz: z.number().int().nullable(),
    surah: z.number().int().nullable(),
    ayatFrom: z.number().int().nullable(),
    ayatTo: z.number().int().nullable(),
    score: z.number().int().nullable(),
    grade: z.enum(BTQ_GRADES).nullable(),
    note: z.string().nullable(),
    teacherName: z.string().nullable(),
  })
  .meta({ id: 'BtqProgressEntry' });
export type BtqProgressEntry = z.infer<typeof BtqProgressEntry>;

export const BtqSheetQuery = z.object({ groupId: id('Kelompok'), date: isoDate('Tanggal').optional() });
export type BtqSheetQuery = z.infer<typeof BtqSheetQuery>;

export const BtqSheetRow = z.object({
  studentId: z.number().int(),
  nis: z.string(),
  name: z.string(),
  level: LevelRef.nullable(),
  /** the page the next entry starts from (reading levels) */
  suggestedPageFrom: z.number().int().nullable(),
  lastEntry: BtqProgressEntry.nullable(),
  /** this date's entries of the student in this group (a second save replaces them) */
  entries: z.array(BtqProgressEntry),
  /** the last entry reached the level's last page and no promotion is open */
  canPropose: z.boolean(),
  openPromotionStatus: z.enum(BTQ_PROMOTION_STATUSES).nullable(),
});
export type BtqSheetRow = z.infer<typeof BtqSheetRow>;

export const BtqSheet = z
  .object({
    group: BtqProgressGroup,
    date: z.string(),
    cutoffs: z.array(z.object({ grade: z.enum(BTQ_GRADES), minScore: z.number().int() })),
    rows: z.array(BtqSheetRow),
  })
  .meta({ id: 'BtqSheet' });
export type BtqSheet = z.infer<typeof BtqSheet>;

export const BtqEntryInput = z.object({
  studentId: id('Siswa'),
  kind: z.enum(BTQ_ENTRY_KINDS, 'Pilih jenis setoran'),
  pageFrom: whole('Halaman dari', 1, 1000).nullable().optional(),
  pageTo: whole('Halaman sampai', 1, 1000).nullable().optional(),
  juz: whole('Juz', 1, 30).nullable().optional(),
  surah: whole('Surah', 1, 114).nullable().optional(),
  ayatFrom: whole('Ayat dari', 1, 286).nullable().optional(),
  ayatTo: whole('Ayat sampai', 1, 286).nullable().optional(),
  score: whole('Nilai', 0, 100).nullable().optional(),
  note,
});
export type BtqEntryInput = z.infer<typeof BtqEntryInput>;

export const BtqBatchInput = z.object({
  groupId: id('Kelompok'),
  date: isoDate('Tanggal'),
  entries: z.array(BtqEntryInput).max(200, 'Paling banyak 200 baris'),
});
export type BtqBatchInput = z.infer<typeof BtqBatchInput>;

export const BtqBatchResult = z.object({ saved: z.number().int() });
export type BtqBatchResult = z.infer<typeof BtqBatchResult>;

export const BtqHistory = z
  .object({
    studentId: z.number().int(),
    name: z.string(),
    entries: z.array(BtqProgressEntry),
  })
  .meta({ id: 'BtqHistory' });
export type BtqHistory = z.infer<typeof BtqHistory>;

// ---- promotions ----

export const BtqPromotion = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    fromLevel: z.string(),
    toLevel: z.string(),
    status: z.enum(BTQ_PROMOTION_STATUSES),
    proposedBy: z.string().nullable(),
    proposedAt: z.string(),
    testKind: z.enum(BTQ_TEST_KINDS).nullable(),
    tester: z.string().nullable(),
    testResult: z.enum(BTQ_TEST_RESULTS).nullable(),
    testScore: z.number().int().nullable(),
    testNote: z.string().nullable(),
    decidedAt: z.string().nullable(),
    decisionNote: z.string().nullable(),
  })
  .meta({ id: 'BtqPromotion' });
export type BtqPromotion = z.infer<typeof BtqPromotion>;

export const BtqPromotionsQuery = z.object({ status: z.enum(BTQ_PROMOTION_STATUSES).optional() });
export const BtqPromotionList = z.object({
  items: z.array(BtqPromotion),
  /** the caller may approve or reject (coordinator of the unit or principal) */
  canDecide: z.boolean(),
});
export type BtqPromotionList = z.infer<typeof BtqPromotionList>;

export const BtqProposeInput = z.object({ studentId: id('Siswa') });
export const BtqTestInput = z.object({
  testKind: z.enum(BTQ_TEST_KINDS, 'Pilih munaqosyah atau tashih'),
  result: z.enum(BTQ_TEST_RESULTS, 'Pilih lulus atau tidak lulus'),
  score: whole('Nilai', 0, 100),
  note,
});
export type BtqTestInput = z.infer<typeof BtqTestInput>;
export const BtqDecideInput = z.object({
  decision: z.enum(['APPROVED', 'REJECTED'], 'Pilih setujui atau tolak'),
  note,
});
export type BtqDecideInput = z.infer<typeof BtqDecideInput>;

// ---- recap ----

export const BtqRecapQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan berbentuk YYYY-MM'),
  unitId: id('Unit').optional(),
  groupId: id('Kelompok').optional(),
});
export type BtqRecapQuery = z.infer<typeof BtqRecapQuery>;

export const BtqRecapRow = z.object({
  groupId: z.number().int(),
  groupName: z.string(),
  levelId: z.number().int(),
  levelName: z.string(),
  students: z.number().int(),
  entries: z.number().int(),
  pages: z.number().int(),
  ayat: z.number().int(),
  averageScore: z.number().nullable(),
});
export type BtqRecapRow = z.infer<typeof BtqRecapRow>;

export const BtqRecap = z
  .object({
    month: z.string(),
    rows: z.array(BtqRecapRow),
    /** per level: finished level rows (promoted) and their average days */
    levelTimes: z.array(
      z.object({
        levelId: z.number().int(),
        levelName: z.string(),
        promoted: z.number().int(),
        averageDays: z.number(),
      }),
    ),
    presence: z.array(
      z.object({
        groupId: z.number().int(),
        groupName: z.string(),
        HADIR: z.number().int(),
        IZIN: z.number().int(),
        SAKIT: z.number().int(),
        ALPA: z.number().int(),
      }),
    ),
    /** the current level of each member of the groups in the recap */
    students: z.array(
      z.object({
        studentId: z.number().int(),
        name: z.string(),
        groupName: z.string(),
        levelName: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BtqRecap' });
export type BtqRecap = z.infer<typeof BtqRecap>;

// ---- the student's own page ----

export const MyQuran = z
  .object({
    studentId: z.number().int(),
    name: z.string(),
    level: LevelRef.nullable(),
    levelSince: z.string().nullable(),
    group: z.string().nullable(),
    teacher: z.string().nullable(),
    entries: z.array(BtqProgressEntry),
    promotions: z.array(BtqPromotion),
  })
  .meta({ id: 'MyQuran' });
export type MyQuran = z.infer<typeof MyQuran>;
