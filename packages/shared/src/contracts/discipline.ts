import { z } from 'zod';
import { PageQuery, dbId } from './common.ts';

const id = dbId;
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const clockTime = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} harus berupa jam HH:MM`);
const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} wajib diisi`).max(max, `${label} maksimal ${max} karakter`);
const optionalText = (label: string, max = 2000) =>
  z.string().trim().max(max, `${label} maksimal ${max} karakter`).nullable().optional();
/** A whole number of points in a range; one message for every way it can be wrong. */
const points = (label: string, min: number, max: number) => {
  const message = `${label} harus bilangan bulat ${min} sampai ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
};

// ---- enums ----

export const ACHIEVEMENT_FIELDS = ['AKADEMIK', 'OLAHRAGA', 'SENI', 'KEAGAMAAN', 'LAINNYA'] as const;
export type AchievementField = (typeof ACHIEVEMENT_FIELDS)[number];
export const ACHIEVEMENT_LEVELS = [
  'SEKOLAH',
  'KECAMATAN',
  'KABUPATEN',
  'PROVINSI',
  'NASIONAL',
  'INTERNASIONAL',
] as const;
export type AchievementLevel = (typeof ACHIEVEMENT_LEVELS)[number];
export const VIOLATION_CATEGORIES = ['RINGAN', 'SEDANG', 'BERAT'] as const;
export type ViolationCategory = (typeof VIOLATION_CATEGORIES)[number];
export const VIOLATION_STATUSES = ['REPORTED', 'VERIFIED', 'REJECTED'] as const;
export type ViolationStatus = (typeof VIOLATION_STATUSES)[number];
/** Surat panggilan orang tua I-III, surat peringatan 1-3, dikembalikan ke orang tua, or another sanction. */
export const SANCTION_KINDS = [
  'PANGGILAN_1',
  'PANGGILAN_2',
  'PANGGILAN_3',
  'SP1',
  'SP2',
  'SP3',
  'DIKEMBALIKAN',
  'LAINNYA',
] as const;
export type SanctionKind = (typeof SANCTION_KINDS)[number];
export const SANCTION_STATUSES = ['PROPOSED', 'CONFIRMED', 'REJECTED', 'COMPLETED'] as const;
export type SanctionStatus = (typeof SANCTION_STATUSES)[number];
/** The ledger's own sources; another module may add lines of its own source (e.g. 'prayer'). */
export const LEDGER_SOURCES = ['violation', 'remission', 'achievement', 'adjustment'] as const;

// ---- settings, rules and thresholds ----

export const DisciplineSettings = z
  .object({
    unitId: z.number().int(),
    achievementsOffset: z.boolean(),
    pointsByLevel: z.record(z.enum(ACHIEVEMENT_LEVELS), z.number().int()),
  })
  .meta({ id: 'DisciplineSettings' });
export type DisciplineSettings = z.infer<typeof DisciplineSettings>;

export const DisciplineSettingsInput = z.object({
  unitId: id('Unit').optional(),
  achievementsOffset: z.boolean('Isi apakah prestasi mengurangi poin'),
  pointsByLevel: z.partialRecord(z.enum(ACHIEVEMENT_LEVELS), points('Poin prestasi', 0, 1000)),
});
export type DisciplineSettingsInput = z.infer<typeof DisciplineSettingsInput>;

export const UnitQuery = z.object({ unitId: id('Unit').optional() });
export type UnitQuery = z.infer<typeof UnitQuery>;

export const ViolationRule = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    code: z.string(),
    name: z.string(),
    category: z.enum(VIOLATION_CATEGORIES),
    points: z.number().int(),
    isActive: z.boolean(),
  })
  .meta({ id: 'ViolationRule' });
export type ViolationRule = z.infer<typeof ViolationRule>;

export const ViolationRuleInput = z.object({
  unitId: id('Unit').optional(),
  code: text('Kode', 20),
  name: text('Nama pelanggaran', 200),
  category: z.enum(VIOLATION_CATEGORIES, 'Pilih kategori ringan, sedang atau berat'),
  points: points('Poin', 1, 1000),
  isActive: z.boolean().default(true),
});
export type ViolationRuleInput = z.infer<typeof ViolationRuleInput>;
export const ViolationRuleUpdate = ViolationRuleInput.omit({ unitId: true }).partial();
export type ViolationRuleUpdate = z.infer<typeof ViolationRuleUpdate>;

export const ViolationRulesQuery = z.object({
  unitId: id('Unit').optional(),
  /** only the active rules (what the report form offers) */
  active: z.enum(['true', 'false']).optional(),
});
export type ViolationRulesQuery = z.infer<typeof ViolationRulesQuery>;

export const DisciplineThreshold = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    points: z.number().int(),
    kind: z.enum(SANCTION_KINDS),
    title: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'DisciplineThreshold' });
export type DisciplineThreshold = z.infer<typeof DisciplineThreshold>;

export const DisciplineThresholdInput = z.object({
  unitId: id('Unit').optional(),
  points: points('Poin ambang', 1, 10000),
  kind: z.enum(SANCTION_KINDS, 'Pilih jenis sanksi'),
  title: text('Nama sanksi', 200),
  isActive: z.boolean().default(true),
});
export type DisciplineThresholdInput = z.infer<typeof DisciplineThresholdInput>;
export const DisciplineThresholdUpdate = DisciplineThresholdInput.omit({ unitId: true }).partial();
export type DisciplineThresholdUpdate = z.infer<typeof DisciplineThresholdUpdate>;

export const RuleCatalogue = z.object({
  rules: z.array(ViolationRule),
  thresholds: z.array(DisciplineThreshold),
  settings: DisciplineSettings,
});
export type RuleCatalogue = z.infer<typeof RuleCatalogue>;

// ---- evidence ----

export const EvidenceRef = z.object({ name: z.string(), mime: z.string(), size: z.number().int(), url: z.string() });
export type EvidenceRef = z.infer<typeof EvidenceRef>;

// ---- violations ----

export const Violation = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    nis: z.string(),
    className: z.string().nullable(),
    ruleId: z.number().int(),
    ruleCode: z.string(),
    ruleName: z.string(),
    category: z.enum(VIOLATION_CATEGORIES),
    points: z.number().int(),
    occurredOn: z.string(),
    occurredTime: z.string().nullable(),
    place: z.string().nullable(),
    witness: z.string().nullable(),
    notes: z.string().nullable(),
    evidence: EvidenceRef.nullable(),
    status: z.enum(VIOLATION_STATUSES),
    reporterName: z.string().nullable(),
    decidedByName: z.string().nullable(),
    decidedAt: z.string().nullable(),
    rejectReason: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Violation' });
export type Violation = z.infer<typeof Violation>;

export const ViolationInput = z.object({
  studentId: id('Siswa'),
  ruleId: id('Jenis pelanggaran'),
  occurredOn: isoDate('Tanggal'),
  occurredTime: clockTime('Jam').nullable().optional(),
  place: optionalText('Tempat', 200),
  witness: optionalText('Saksi', 200),
  notes: optionalText('Catatan'),
  /**
   * The reporter saw the warning that the same student already has a report of the same rule on that day and
   * means a second one: without it such a report is refused (409) with the earlier one named.
   */
  confirmDuplicate: z.boolean().optional(),
});
export type ViolationInput = z.infer<typeof ViolationInput>;
/** Editing a report (only while it is still reported). */
export const ViolationUpdate = ViolationInput.omit({ studentId: true, confirmDuplicate: true }).partial();
export type ViolationUpdate = z.infer<typeof ViolationUpdate>;

export const ViolationRejectInput = z.object({ reason: text('Alasan penolakan', 500) });
export type ViolationRejectInput = z.infer<typeof ViolationRejectInput>;

export const ViolationsQuery = PageQuery.extend({
  unitId: id('Unit').optional(),
  /** only the reports the caller made (a teacher sees only those anyway) */
  mine: z.enum(['true', 'false']).optional(),
  classGroupId: id('Kelas').optional(),
  studentId: id('Siswa').optional(),
  status: z.enum(VIOLATION_STATUSES).optional(),
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
});
export type ViolationsQuery = z.infer<typeof ViolationsQuery>;

/** What a verification did: the violation, the student's new balance and the sanctions it proposed. */
export const VerifyResult = z.object({
  violation: Violation,
  balance: z.number().int(),
  proposedSanctionIds: z.array(z.number().int()),
});
export type VerifyResult = z.infer<typeof VerifyResult>;

// ---- achievements ----

export const Achievement = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    nis: z.string(),
    className: z.string().nullable(),
    date: z.string(),
    title: z.string(),
    field: z.enum(ACHIEVEMENT_FIELDS),
    level: z.enum(ACHIEVEMENT_LEVELS),
    rank: z.string(),
    organiser: z.string().nullable(),
    notes: z.string().nullable(),
    evidence: EvidenceRef.nullable(),
    /** the points the achievement took off the balance (0 when the unit does not offset) */
    creditPoints: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: 'Achievement' });
export type Achievement = z.infer<typeof Achievement>;

export const AchievementInput = z.object({
  studentId: id('Siswa'),
  date: isoDate('Tanggal'),
  title: text('Nama lomba/kegiatan', 200),
  field: z.enum(ACHIEVEMENT_FIELDS, 'Pilih bidang prestasi'),
  level: z.enum(ACHIEVEMENT_LEVELS, 'Pilih tingkat prestasi'),
  rank: text('Peringkat/juara', 100),
  organiser: optionalText('Penyelenggara', 200),
  notes: optionalText('Catatan'),
});
export type AchievementInput = z.infer<typeof AchievementInput>;
export const AchievementUpdate = AchievementInput.omit({ studentId: true }).partial();
export type AchievementUpdate = z.infer<typeof AchievementUpdate>;

export const AchievementsQuery = PageQuery.extend({
  unitId: id('Unit').optional(),
  classGroupId: id('Kelas').optional(),
  studentId: id('Siswa').optional(),
  field: z.enum(ACHIEVEMENT_FIELDS).optional(),
  level: z.enum(ACHIEVEMENT_LEVELS).optional(),
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
});
export type AchievementsQuery = z.infer<typeof AchievementsQuery>;

// ---- ledger ----

export const LedgerLine = z
  .object({
    id: z.number().int(),
    date: z.string(),
    source: z.string(),
    points: z.number().int(),
    refId: z.number().int().nullable(),
    note: z.string().nullable(),
    createdByName: z.string().nullable(),
    createdAt: z.string(),
    /** the balance after this line */
    balance: z.number().int(),
  })
  .meta({ id: 'LedgerLine' });
export type LedgerLine = z.infer<typeof LedgerLine>;

export const StudentLedger = z
  .object({
    studentId: z.number().int(),
    studentName: z.string(),
    nis: z.string(),
    className: z.string().nullable(),
    schoolYear: z.string(),
    balance: z.number().int(),
    lines: z.array(LedgerLine),
    /** the highest threshold the balance has reached */
    reached: DisciplineThreshold.nullable(),
    thresholds: z.array(DisciplineThreshold),
  })
  .meta({ id: 'StudentLedger' });
export type StudentLedger = z.infer<typeof StudentLedger>;

export const LedgerParams = z.object({ studentId: id('Siswa') });
export const LedgerQuery = z.object({
  schoolYear: z
    .string()
    .regex(/^\d{4}\/\d{4}$/, 'Tahun pelajaran berbentuk 2026/2027')
    .optional(),
});
export type LedgerQuery = z.infer<typeof LedgerQuery>;

/** A remission (pemutihan, points taken off) or a manual adjustment by BPBK or the principal. */
export const LedgerEntryInput = z.object({
  kind: z.enum(['remission', 'adjustment'], 'Pilih pemutihan atau penyesuaian'),
  date: isoDate('Tanggal'),
  points: points('Poin', -10000, 10000).refine((p) => p !== 0, 'Poin tidak boleh 0'),
  reason: text('Alasan', 500),
});
export type LedgerEntryInput = z.infer<typeof LedgerEntryInput>;

// ---- sanctions ----

export const Sanction = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    nis: z.string(),
    className: z.string().nullable(),
    schoolYear: z.string(),
    thresholdPoints: z.number().int().nullable(),
    kind: z.enum(SANCTION_KINDS),
    title: z.string(),
    status: z.enum(SANCTION_STATUSES),
    balance: z.number().int(),
    live: z.boolean(),
    startDate: z.string().nullable(),
    endDate: z.string().nullable(),
    supervisorEmployeeId: z.number().int().nullable(),
    supervisorName: z.string().nullable(),
    doneDate: z.string().nullable(),
    completionNotes: z.string().nullable(),
    decisionReason: z.string().nullable(),
    decidedByName: z.string().nullable(),
    decidedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'Sanction' });
export type Sanction = z.infer<typeof Sanction>;

export const SanctionsQuery = PageQuery.extend({
  unitId: id('Unit').optional(),
  classGroupId: id('Kelas').optional(),
  studentId: id('Siswa').optional(),
  status: z.enum(SANCTION_STATUSES).optional(),
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
});
export type SanctionsQuery = z.infer<typeof SanctionsQuery>;

const sanctionDates = {
  startDate: isoDate('Tanggal mulai').nullable().optional(),
  endDate: isoDate('Tanggal selesai').nullable().optional(),
  supervisorEmployeeId: id('Pembina').nullable().optional(),
};

/** Confirming a proposal, with when it runs and who supervises it. */
export const SanctionConfirmInput = z.object({ ...sanctionDates, reason: optionalText('Catatan', 500) });
export type SanctionConfirmInput = z.infer<typeof SanctionConfirmInput>;
export const SanctionRejectInput = z.object({ reason: text('Alasan penolakan', 500) });
export type SanctionRejectInput = z.infer<typeof SanctionRejectInput>;
/** Changing a confirmed sanction's dates and supervisor, or recording that it was carried out. */
export const SanctionUpdate = z.object({
  ...sanctionDates,
  doneDate: isoDate('Tanggal dilaksanakan').nullable().optional(),
  completionNotes: optionalText('Catatan pelaksanaan', 1000),
});
export type SanctionUpdate = z.infer<typeof SanctionUpdate>;

/** What the printed letter to the parents needs. */
export const SanctionLetter = z
  .object({
    sanction: Sanction,
    unitName: z.string(),
    parentName: z.string().nullable(),
    address: z.string().nullable(),
    violations: z.array(z.object({ occurredOn: z.string(), ruleName: z.string(), points: z.number().int() })),
  })
  .meta({ id: 'SanctionLetter' });
export type SanctionLetter = z.infer<typeof SanctionLetter>;

// ---- recap ----

export const DisciplineRecapQuery = z.object({
  unitId: id('Unit').optional(),
  from: isoDate('Dari tanggal'),
  to: isoDate('Sampai tanggal'),
});
export type DisciplineRecapQuery = z.infer<typeof DisciplineRecapQuery>;

const recapRow = { violations: z.number().int(), points: z.number().int(), sanctions: z.number().int() };
export const DisciplineRecap = z
  .object({
    byClass: z.array(z.object({ classGroupId: z.number().int().nullable(), className: z.string(), ...recapRow })),
    byGrade: z.array(z.object({ gradeName: z.string(), ...recapRow })),
    byMonth: z.array(z.object({ month: z.string(), ...recapRow })),
    total: z.object(recapRow),
  })
  .meta({ id: 'DisciplineRecap' });
export type DisciplineRecap = z.infer<typeof DisciplineRecap>;

/** The signed-in student's own record: verified violations, achievements and the ledger. */
export const OwnDiscipline = z.object({
  ledger: StudentLedger.nullable(),
  violations: z.array(Violation),
  achievements: z.array(Achievement),
});
export type OwnDiscipline = z.infer<typeof OwnDiscipline>;

// ---- Excel import of the rule catalogue ----

export const RULE_IMPORT_COLUMNS = [
  { key: 'code', header: 'Kode', required: true },
  { key: 'name', header: 'Nama pelanggaran', required: true },
  { key: 'category', header: 'Kategori (RINGAN/SEDANG/BERAT)', required: true },
  { key: 'points', header: 'Poin', required: true },
  { key: 'isActive', header: 'Aktif (YA/TIDAK)', required: false },
] as const;
export const RULE_IMPORT_MAX_ROWS = 300;
/** The unit whose catalogue the file fills (ADMIN and YAYASAN name it). File: multipart field `file`. */
export const RuleImportQuery = z.object({ unitId: id('Unit').optional() });
export type RuleImportQuery = z.infer<typeof RuleImportQuery>;
/** New codes are added, known codes (of the unit, any case) updated. */
export const RuleImportResult = z.object({ imported: z.number().int() });
export type RuleImportResult = z.infer<typeof RuleImportResult>;
