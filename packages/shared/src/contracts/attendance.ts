import { z } from 'zod';
import { PageQuery, dbId } from './common.ts';
import { daysBetween, isIsoDate } from '../domain/dates.ts';

const id = dbId;
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const optionalText = (label: string, max = 500) =>
  z.string().trim().max(max, `${label} maksimal ${max} karakter`).nullable().optional();

/** H hadir, S sakit, I izin, A alpa. */
export const ATTENDANCE_CODES = ['H', 'S', 'I', 'A'] as const;
export type AttendanceCode = (typeof ATTENDANCE_CODES)[number];
export const STAFF_ATTENDANCE_STATUSES = ['HADIR', 'SAKIT', 'IZIN', 'DINAS_LUAR', 'ALPA'] as const;
export type StaffAttendanceStatus = (typeof STAFF_ATTENDANCE_STATUSES)[number];
export const LEAVE_KINDS = ['SAKIT', 'IZIN'] as const;
export const LEAVE_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type LeaveStatus = (typeof LEAVE_STATUSES)[number];
/** Upload limit of a leave attachment (the server refuses larger files with 413). */
export const LEAVE_ATTACHMENT_MAX_BYTES = 2 * 1024 * 1024;

// ---------- daily register of a class ----------

export const RegisterParams = z.object({ classGroupId: id('Kelas'), date: isoDate('Tanggal') });
export type RegisterParams = z.infer<typeof RegisterParams>;

export const RegisterEntry = z.object({
  studentId: z.number().int(),
  nis: z.string(),
  name: z.string(),
  code: z.enum(ATTENDANCE_CODES),
  lateMinutes: z.number().int(),
  note: z.string().nullable(),
  /** false: no row yet, the code shown is the default H */
  recorded: z.boolean(),
});
export type RegisterEntry = z.infer<typeof RegisterEntry>;

export const ClassRegister = z
  .object({
    classGroupId: z.number().int(),
    className: z.string(),
    date: z.string(),
    /** whether the register of this day was taken */
    taken: z.boolean(),
    entries: z.array(RegisterEntry),
  })
  .meta({ id: 'ClassRegister' });
export type ClassRegister = z.infer<typeof ClassRegister>;

export const RegisterEntryInput = z.object({
  studentId: id('Siswa'),
  code: z.enum(ATTENDANCE_CODES, 'Kode presensi H, S, I atau A'),
  lateMinutes: z
    .number()
    .int()
    .min(0, 'Menit terlambat tidak boleh negatif')
    .max(600, 'Menit terlambat maksimal 600')
    .default(0),
  note: optionalText('Catatan'),
});
export type RegisterEntryInput = z.input<typeof RegisterEntryInput>;

/** The whole class at once; students left out are saved as H. */
export const RegisterInput = z.object({
  entries: z.array(RegisterEntryInput).max(200, 'Terlalu banyak siswa'),
});
export type RegisterInput = z.infer<typeof RegisterInput>;

// ---------- lists and recaps ----------

export const AttendanceListQuery = PageQuery.extend({
  from: isoDate('Dari tanggal'),
  to: isoDate('Sampai tanggal'),
  unitId: id('Unit').optional(),
  classGroupId: id('Kelas').optional(),
});
export type AttendanceListQuery = z.infer<typeof AttendanceListQuery>;

export const StudentAttendanceRow = z.object({
  id: z.number().int(),
  date: z.string(),
  studentId: z.number().int(),
  nis: z.string(),
  name: z.string(),
  classGroupId: z.number().int(),
  className: z.string(),
  code: z.enum(ATTENDANCE_CODES),
  lateMinutes: z.number().int(),
  note: z.string().nullable(),
  source: z.enum(['daily', 'lesson']),
  timetableSlotId: z.number().int().nullable(),
});
export type StudentAttendanceRow = z.infer<typeof StudentAttendanceRow>;

export const StudentAttendanceQuery = PageQuery.extend({
  from: isoDate('Dari tanggal'),
  to: isoDate('Sampai tanggal'),
});
export type StudentAttendanceQuery = z.infer<typeof StudentAttendanceQuery>;
export const StudentIdParams = z.object({ studentId: id('Siswa') });
export const ClassIdParams = z.object({ classGroupId: id('Kelas') });

export const RecapQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM'),
});
export type RecapQuery = z.infer<typeof RecapQuery>;

export const RecapRow = z.object({
  studentId: z.number().int(),
  nis: z.string(),
  name: z.string(),
  H: z.number().int(),
  S: z.number().int(),
  I: z.number().int(),
  A: z.number().int(),
  /** H / the days counted (the student's school days in the class whose register was taken), 0-100 with one decimal; null without any */
  percentage: z.number().nullable(),
});
export type RecapRow = z.infer<typeof RecapRow>;

export const ClassRecap = z
  .object({
    classGroupId: z.number().int(),
    className: z.string(),
    month: z.string(),
    /**
     * The school days of the month up to today (the unit's calendar); a day in the class without
     * a record is A when the register was taken, "belum diisi" (notTaken) when it was not
     */
    schoolDays: z.array(z.string()),
    /** school days of the month so far on which the class's register was not taken ("belum diisi") */
    notTakenDays: z.number().int(),
    /**
     * Everyone who belonged to the class in the month, counted on their own days in it (a
     * newcomer from arrival, a student who moved on until leaving): H + S + I + A + notTaken = days.
     */
    rows: z.array(RecapRow.extend({ days: z.number().int(), notTaken: z.number().int() })),
  })
  .meta({ id: 'ClassRecap' });
export type ClassRecap = z.infer<typeof ClassRecap>;

export const OwnMonthQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM')
    .optional(),
});
export type OwnMonthQuery = z.infer<typeof OwnMonthQuery>;

/** A student's own month so far: their row of their class's monthly recap (the same count). */
export const OwnMonth = z.object({
  month: z.string(),
  /** the student's class this year; null = not enrolled (nothing counted) */
  className: z.string().nullable(),
  /** the student's school days of the month so far in the class */
  days: z.number().int(),
  H: z.number().int(),
  S: z.number().int(),
  I: z.number().int(),
  A: z.number().int(),
  /** school days whose class register was not taken ("belum diisi"), never A */
  notTaken: z.number().int(),
  percentage: z.number().nullable(),
});
export type OwnMonth = z.infer<typeof OwnMonth>;

export const ClassSummaryQuery = z.object({ from: isoDate('Dari tanggal'), to: isoDate('Sampai tanggal') });
export type ClassSummaryQuery = z.infer<typeof ClassSummaryQuery>;

export const ClassAttendanceSummary = z.object({
  classGroupId: z.number().int(),
  className: z.string(),
  from: z.string(),
  to: z.string(),
  /** counted as the monthly recap counts (one definition): H + S + I + A + notTaken = days */
  rows: z.array(RecapRow.extend({ days: z.number().int(), notTaken: z.number().int() })),
});
export type ClassAttendanceSummary = z.infer<typeof ClassAttendanceSummary>;

export const DateUnitQuery = z.object({ date: isoDate('Tanggal').optional(), unitId: id('Unit').optional() });
export type DateUnitQuery = z.infer<typeof DateUnitQuery>;

export const RegisterClass = z.object({
  classGroupId: z.number().int(),
  className: z.string(),
  unitId: z.number().int(),
  /** the caller is its homeroom teacher */
  isHomeroom: z.boolean(),
  /** the daily register of the date is taken */
  taken: z.boolean(),
  /** the date is a school day of the class's unit (the school calendar): a register can be taken */
  schoolDay: z.boolean(),
});
export const RegisterClasses = z.object({ date: z.string(), items: z.array(RegisterClass) });
export type RegisterClasses = z.infer<typeof RegisterClasses>;

export const ClassNotTaken = z.object({
  classGroupId: z.number().int(),
  className: z.string(),
  unitId: z.number().int(),
  homeroomEmployeeId: z.number().int().nullable(),
  homeroomName: z.string().nullable(),
});
export const ClassesNotTaken = z.object({ date: z.string(), items: z.array(ClassNotTaken) });
export type ClassesNotTaken = z.infer<typeof ClassesNotTaken>;

/** The daily registers of a unit's month (the Kalender akademik's month view). */
export const RegisterMonthQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM'),
  unitId: id('Unit').optional(),
});
export type RegisterMonthQuery = z.infer<typeof RegisterMonthQuery>;
export const RegisterMonth = z.object({
  month: z.string(),
  unitId: z.number().int(),
  /** the classes of the active year the caller sees in the unit */
  classes: z.number().int(),
  /** each school day of the month up to today, with how many of those classes took the register */
  days: z.array(z.object({ date: z.string(), taken: z.number().int() })),
});
export type RegisterMonth = z.infer<typeof RegisterMonth>;

// ---------- staff attendance ----------

export const StaffAttendance = z
  .object({
    id: z.number().int(),
    employeeId: z.number().int(),
    date: z.string(),
    checkInAt: z.string().nullable(),
    checkOutAt: z.string().nullable(),
    status: z.enum(STAFF_ATTENDANCE_STATUSES),
    lateMinutes: z.number().int(),
    note: z.string().nullable(),
  })
  .meta({ id: 'StaffAttendance' });
export type StaffAttendance = z.infer<typeof StaffAttendance>;

export const StaffToday = z.object({ date: z.string(), record: StaffAttendance.nullable() });
export type StaffToday = z.infer<typeof StaffToday>;

export const StaffCheckInput = z.object({ note: optionalText('Catatan') }).default({});

export const OwnStaffAttendanceQuery = PageQuery.extend({
  from: isoDate('Dari tanggal').optional(),
  to: isoDate('Sampai tanggal').optional(),
});
export type OwnStaffAttendanceQuery = z.infer<typeof OwnStaffAttendanceQuery>;

export const StaffDailyRow = z.object({
  employeeId: z.number().int(),
  nip: z.string(),
  name: z.string(),
  unitId: z.number().int().nullable(),
  /** null: no record and no approved leave, the employee is absent */
  status: z.enum(STAFF_ATTENDANCE_STATUSES).nullable(),
  checkInAt: z.string().nullable(),
  checkOutAt: z.string().nullable(),
  lateMinutes: z.number().int(),
});
export type StaffDailyRow = z.infer<typeof StaffDailyRow>;

export const StaffDaily = z.object({
  date: z.string(),
  items: z.array(StaffDailyRow),
  /** not present: no record on a school day (no check-in), SAKIT, IZIN or ALPA; DINAS_LUAR is neither */
  absentees: z.array(StaffDailyRow),
  /** checked in (HADIR) late */
  latecomers: z.array(StaffDailyRow),
});
export type StaffDaily = z.infer<typeof StaffDaily>;

export const StaffDayParams = z.object({ employeeId: id('Pegawai'), date: isoDate('Tanggal') });
export type StaffDayParams = z.infer<typeof StaffDayParams>;

/** A leader sets an employee's status of a day, e.g. DINAS_LUAR (away on duty) or ALPA. */
export const StaffDayInput = z.object({
  status: z.enum(STAFF_ATTENDANCE_STATUSES, 'Pilih status kehadiran'),
  lateMinutes: z.number().int().min(0).max(600).optional(),
  note: optionalText('Catatan'),
});
export type StaffDayInput = z.infer<typeof StaffDayInput>;

export const StaffAbsentLateQuery = PageQuery.extend({
  from: isoDate('Dari tanggal'),
  to: isoDate('Sampai tanggal'),
  unitId: id('Unit').optional(),
});
export type StaffAbsentLateQuery = z.infer<typeof StaffAbsentLateQuery>;

/**
 * A day an employee was late (HADIR with late minutes) or not present: SAKIT, IZIN, ALPA, or no record at all on
 * a school day up to today (id and status null: no check-in). The same days the dashboard counts.
 */
export const StaffAbsentLateRow = StaffAttendance.extend({
  id: z.number().int().nullable(),
  status: z.enum(STAFF_ATTENDANCE_STATUSES).nullable(),
  nip: z.string(),
  name: z.string(),
  unitId: z.number().int().nullable(),
});
export type StaffAbsentLateRow = z.infer<typeof StaffAbsentLateRow>;

// ---------- leave requests ----------

/** The fields of a leave request; sent as JSON or as multipart fields beside an `attachment` file. */
export const LeaveRequestInput = z
  .object({
    /** for a student (a student's own request needs none); omitted = the signed-in employee */
    studentId: id('Siswa').optional(),
    startDate: isoDate('Tanggal mulai'),
    endDate: isoDate('Tanggal selesai'),
    kind: z.enum(LEAVE_KINDS, 'Pilih jenis: sakit atau izin'),
    reason: z.string().trim().min(1, 'Alasan wajib diisi').max(1000, 'Alasan maksimal 1000 karakter'),
  })
  .refine((v) => v.startDate <= v.endDate, {
    path: ['endDate'],
    message: 'Tanggal selesai tidak boleh sebelum tanggal mulai',
  })
  .refine(
    (v) =>
      v.startDate >= v.endDate ||
      !isIsoDate(v.startDate) ||
      !isIsoDate(v.endDate) ||
      daysBetween(v.startDate, v.endDate) <= 31,
    {
      path: ['endDate'],
      message: 'Rentang izin maksimal 31 hari',
    },
  );
export type LeaveRequestInput = z.infer<typeof LeaveRequestInput>;

export const LeaveRequest = z
  .object({
    id: z.number().int(),
    unitId: z.number().int().nullable(),
    studentId: z.number().int().nullable(),
    employeeId: z.number().int().nullable(),
    /** the student's or the employee's name */
    personName: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    kind: z.enum(LEAVE_KINDS),
    reason: z.string(),
    status: z.enum(LEAVE_STATUSES),
    attachment: z.object({ url: z.string(), mime: z.string(), size: z.number().int() }).nullable(),
    requestedByUserId: z.number().int().nullable(),
    decidedByUserId: z.number().int().nullable(),
    decidedAt: z.string().nullable(),
    decisionNote: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'LeaveRequest' });
export type LeaveRequest = z.infer<typeof LeaveRequest>;

export const LeaveRequestsQuery = PageQuery.extend({
  status: z.enum(LEAVE_STATUSES).optional(),
  unitId: id('Unit').optional(),
  /** only the caller's own requests (always so without leave.decide) */
  mine: z.stringbool().optional(),
});
export type LeaveRequestsQuery = z.infer<typeof LeaveRequestsQuery>;

export const LeaveDecisionInput = z.object({
  decision: z.enum(['approved', 'rejected'], 'Pilih setujui atau tolak'),
  note: optionalText('Catatan'),
});
export type LeaveDecisionInput = z.infer<typeof LeaveDecisionInput>;

// ---------- dashboard ----------

export const AttendanceTodayCounts = z.object({
  date: z.string(),
  staffTotal: z.number().int(),
  /** staff not present today: no check-in on a school day, or SAKIT, IZIN, ALPA (the absent-and-late list's days) */
  staffAbsent: z.number().int(),
  /** staff who checked in late today */
  staffLate: z.number().int(),
  studentsAbsent: z.object({ S: z.number().int(), I: z.number().int(), A: z.number().int() }),
  classesNotTaken: z.number().int(),
});
export type AttendanceTodayCounts = z.infer<typeof AttendanceTodayCounts>;

/** The principal's "waiting for you" of today: each count is the total of the screen it links to. */
export const WaitingForMe = z.object({
  date: z.string(),
  /** pending leave requests the caller may decide */
  leaveToDecide: z.number().int(),
  /** classes of the active year whose daily register is not taken today (a school day of their unit) */
  classesNotTaken: z.number().int(),
  /** staff not present today (no check-in on a school day, sakit, izin, alpa): the dashboard's absent count */
  staffNotCheckedIn: z.number().int(),
  staffTotal: z.number().int(),
});
export type WaitingForMe = z.infer<typeof WaitingForMe>;

/** The monthly recap of a whole unit, per class: computed in the database for thousands of students. */
export const UnitRecapQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berupa YYYY-MM'),
  unitId: id('Unit').optional(),
});
export type UnitRecapQuery = z.infer<typeof UnitRecapQuery>;

export const RecapCounts = z.object({
  /** students who belonged to the class on some day of the month */
  students: z.number().int(),
  /** school days each of them belonged to the class, summed: H + S + I + A + notTaken */
  studentDays: z.number().int(),
  H: z.number().int(),
  S: z.number().int(),
  I: z.number().int(),
  A: z.number().int(),
  /** student days on which the class's register was not taken ("belum diisi"): never A */
  notTaken: z.number().int(),
  /** school days without the class's register (total: summed over the classes) */
  notTakenDays: z.number().int(),
  /** H / student days of taken registers, 0-100 with one decimal */
  percentage: z.number().nullable(),
});

export const UnitRecap = z.object({
  month: z.string(),
  unitId: z.number().int().nullable(),
  schoolDays: z.number().int(),
  classes: z.array(RecapCounts.extend({ classGroupId: z.number().int(), className: z.string(), unitCode: z.string() })),
  total: RecapCounts,
});
export type UnitRecap = z.infer<typeof UnitRecap>;
