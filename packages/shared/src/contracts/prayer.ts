import { z } from 'zod';
import { PRAYERS, PRAYER_STATUSES, UDZUR_REASONS } from '../domain/prayer.ts';
import { PageQuery, dbId } from './common.ts';

const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM');
const prayer = z.enum(PRAYERS, 'Salat harus DZUHUR atau ASHAR');
const status = z.enum(PRAYER_STATUSES, 'Status salat tidak valid');
const reason = z.enum(UDZUR_REASONS, 'Alasan udzur tidak valid');

const counts = z.object({
  BERJAMAAH: z.number().int(),
  TERLAMBAT: z.number().int(),
  UDZUR: z.number().int(),
  TIDAK_SALAT: z.number().int(),
});

// ---- the classes a caller records for, and the sheet of one class, day and prayer ----

export const PrayerClasses = z.object({
  classes: z.array(z.object({ id: z.number().int(), name: z.string(), unitId: z.number().int(), own: z.boolean() })),
});
export type PrayerClasses = z.infer<typeof PrayerClasses>;

export const PrayerClassesQuery = z.object({ unitId: dbId('Unit').optional() });
export type PrayerClassesQuery = z.infer<typeof PrayerClassesQuery>;

export const PrayerSheetQuery = z.object({ classGroupId: dbId('Kelas'), date: isoDate('Tanggal'), prayer });
export type PrayerSheetQuery = z.infer<typeof PrayerSheetQuery>;

export const PrayerSheetRow = z.object({
  studentId: z.number().int(),
  nis: z.string().nullable(),
  name: z.string(),
  gender: z.enum(['L', 'P']).nullable(),
  status: status.nullable(),
  reason: reason.nullable(),
  recordedBy: z.string().nullable(),
  recordedAt: z.string().nullable(),
});
export type PrayerSheetRow = z.infer<typeof PrayerSheetRow>;

export const PrayerSheet = z
  .object({
    classGroupId: z.number().int(),
    className: z.string(),
    date: z.string(),
    prayer,
    rows: z.array(PrayerSheetRow),
  })
  .meta({ id: 'PrayerSheet' });
export type PrayerSheet = z.infer<typeof PrayerSheet>;

export const PrayerSaveInput = z.object({
  classGroupId: dbId('Kelas'),
  date: isoDate('Tanggal'),
  prayer,
  records: z
    .array(z.object({ studentId: dbId('Siswa'), status, reason: reason.nullable().optional() }))
    .min(1, 'Pilih minimal satu')
    .max(100, 'Maksimal 100 siswa sekali simpan'),
});
export type PrayerSaveInput = z.infer<typeof PrayerSaveInput>;

export const PrayerSaveResult = z.object({
  saved: z.number().int(),
  /** the students whose absences crossed the unit's threshold with this save: one ledger line each */
  points: z.array(z.object({ studentId: z.number().int(), name: z.string(), points: z.number().int() })),
});
export type PrayerSaveResult = z.infer<typeof PrayerSaveResult>;

// ---- recap ----

export const PrayerRecapQuery = PageQuery.extend({
  unitId: dbId('Unit').optional(),
  month,
  prayer: prayer.optional(),
  classGroupId: dbId('Kelas').optional(),
  gradeId: dbId('Tingkat').optional(),
});
export type PrayerRecapQuery = z.infer<typeof PrayerRecapQuery>;

const recapFigures = { counts, total: z.number().int(), rate: z.number().int().nullable() };
export const PrayerRecapStudent = z.object({
  studentId: z.number().int(),
  nis: z.string().nullable(),
  name: z.string(),
  className: z.string(),
  ...recapFigures,
});
export type PrayerRecapStudent = z.infer<typeof PrayerRecapStudent>;

export const PrayerRecap = z
  .object({
    month: z.string(),
    students: z.object({
      items: z.array(PrayerRecapStudent),
      total: z.number().int(),
      page: z.number().int(),
      pageSize: z.number().int(),
    }),
    byClass: z.array(z.object({ classGroupId: z.number().int(), className: z.string(), ...recapFigures })),
    byGrade: z.array(z.object({ gradeId: z.number().int(), gradeName: z.string(), ...recapFigures })),
    total: z.object(recapFigures),
  })
  .meta({ id: 'PrayerRecap' });
export type PrayerRecap = z.infer<typeof PrayerRecap>;

// ---- the principal's page of one prayer ----

export const PrayerMonitorQuery = z.object({
  unitId: dbId('Unit').optional(),
  prayer,
  date: isoDate('Tanggal').optional(),
});
export type PrayerMonitorQuery = z.infer<typeof PrayerMonitorQuery>;

export const PrayerMonitor = z
  .object({
    date: z.string(),
    prayer,
    schoolDay: z.boolean(),
    today: z.array(
      z.object({
        classGroupId: z.number().int(),
        className: z.string(),
        students: z.number().int(),
        recorded: z.number().int(),
        rate: z.number().int().nullable(),
      }),
    ),
    /** the month so far, per class */
    month: z.array(z.object({ classGroupId: z.number().int(), className: z.string(), ...recapFigures })),
    /** the congregation rate of the unit per school day of the month so far */
    days: z.array(z.object({ date: z.string(), recorded: z.number().int(), rate: z.number().int().nullable() })),
    mostAbsent: z.array(
      z.object({ studentId: z.number().int(), name: z.string(), className: z.string(), absences: z.number().int() }),
    ),
  })
  .meta({ id: 'PrayerMonitor' });
export type PrayerMonitor = z.infer<typeof PrayerMonitor>;

// ---- the unit's discipline rule ----

export const PrayerRuleQuery = z.object({ unitId: dbId('Unit').optional() });
export const PrayerRule = z.object({
  unitId: z.number().int(),
  /** points are added when the absences of a month are MORE than this */
  threshold: z.number().int(),
  points: z.number().int(),
  isActive: z.boolean(),
});
export type PrayerRule = z.infer<typeof PrayerRule>;
const whole = (label: string, min: number, max: number) => {
  const message = `${label} harus bilangan bulat ${min} sampai ${max}`;
  return z.number(message).int(message).min(min, message).max(max, message);
};
export const PrayerRuleInput = z.object({
  unitId: dbId('Unit').optional(),
  threshold: whole('Batas', 0, 62),
  points: whole('Poin', 1, 1000),
  isActive: z.boolean(),
});
export type PrayerRuleInput = z.infer<typeof PrayerRuleInput>;

// ---- the student's own ----

export const OwnPrayersQuery = z.object({ month: month.optional() });
export const OwnPrayers = z.object({
  month: z.string(),
  records: z.array(z.object({ date: z.string(), prayer, status, reason: reason.nullable() })),
  counts,
  rate: z.number().int().nullable(),
});
export type OwnPrayers = z.infer<typeof OwnPrayers>;
