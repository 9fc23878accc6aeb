import { z } from 'zod';
import { SEMESTERS } from '../domain/dates.ts';
import { DIVISIONS } from '../domain/divisions.ts';
import { PageQuery, dbId } from './common.ts';
import { BOARDING_STATUSES, GENDERS, MAX_PERIODS, STAFF_DIVISIONS, STUDENT_STATUSES } from '../domain/school-codes.ts';

// The code lists live in a zod-free module, so a screen that needs only a list (a picker's options) does not
// bundle this file's schemas and zod with it.
export {
  BOARDING_STATUSES,
  DAY_NAMES_ID,
  GENDERS,
  MAX_PERIODS,
  SCHOOL_DAYS,
  STAFF_DIVISIONS,
  STUDENT_STATUSES,
  type StudentStatus,
  importFieldKey,
  parseImportFieldKey,
} from '../domain/school-codes.ts';

// ---------- shared pieces ----------

const text = (label: string, max = 200) =>
  z.string().trim().min(1, `${label} wajib diisi`).max(max, `${label} maksimal ${max} karakter`);
const optionalText = (label: string, max = 200) =>
  z.string().trim().max(max, `${label} maksimal ${max} karakter`).nullable().optional();
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const clock = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} harus berupa jam HH:MM`);
const id = dbId;
/** A NIP as printed under a signature: 8 to 30 digits (spaces allowed, as "19720410 199803 1 004"). */
export const paperNip = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^[0-9 ]{8,30}$/, `${label} berupa 8-30 angka`)
    .nullable()
    .optional();
/** A phone number of a letterhead: digits, spaces, +, -, ( and ). */
export const paperPhone = z
  .string()
  .trim()
  .regex(/^[0-9+()\- ]{5,30}$/, 'Telepon berupa 5-30 angka (boleh +, -, spasi, kurung)')
  .nullable()
  .optional();
export const paperEmail = z.email('Email tidak valid').max(200).nullable().optional();

/** Filter of every unit-scoped list and lookup; omitted = the caller's own unit (or all, for YAYASAN/ADMIN). */
export const UnitFilter = z.object({ unitId: id('Unit').optional() });

export const SchoolPageQuery = PageQuery.extend(UnitFilter.shape);
export type SchoolPageQuery = z.infer<typeof SchoolPageQuery>;

// ---------- units ----------

export const Unit = z
  .object({
    id: z.number().int(),
    code: z.string(),
    name: z.string(),
    npsn: z.string().nullable(),
    address: z.string().nullable(),
    headmaster: z.string().nullable(),
    headmasterNip: z.string().nullable(),
    city: z.string().nullable(),
    phone: z.string().nullable(),
    email: z.string().nullable(),
    /** the letterhead's logo file (served at /api/v1/files/logos/<name>), null = none */
    logoPath: z.string().nullable(),
    dayStartTime: z.string(),
    periodMinutes: z.number().int(),
    /** the school week: 5 (Monday-Friday) or 6 (Monday-Saturday); set through the calendar */
    schoolDaysPerWeek: z.number().int(),
    /** whether a quiz (formatif) goes to the curriculum deputy's check before it is approved */
    formativeNeedsCheck: z.boolean(),
    isActive: z.boolean(),
  })
  .meta({ id: 'Unit' });
export type Unit = z.infer<typeof Unit>;

const UnitFields = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{2,10}$/, 'Kode unit 2-10 huruf besar atau angka'),
  name: text('Nama unit'),
  npsn: optionalText('NPSN', 20),
  address: optionalText('Alamat', 500),
  headmaster: optionalText('Kepala sekolah'),
  headmasterNip: paperNip('NIP kepala sekolah'),
  city: optionalText('Kota/tempat', 100),
  phone: paperPhone,
  email: paperEmail,
  dayStartTime: clock('Jam masuk'),
  periodMinutes: z.number().int().min(20, 'Lama JP minimal 20 menit').max(90, 'Lama JP maksimal 90 menit'),
  formativeNeedsCheck: z.boolean(),
  isActive: z.boolean(),
});
export const UnitInput = UnitFields.extend({
  dayStartTime: UnitFields.shape.dayStartTime.default('07:00'),
  periodMinutes: UnitFields.shape.periodMinutes.default(40),
  formativeNeedsCheck: UnitFields.shape.formativeNeedsCheck.default(true),
  isActive: UnitFields.shape.isActive.default(true),
});
export type UnitInput = z.infer<typeof UnitInput>;
/** Updates carry no defaults: a field left out stays as it is. */
export const UnitUpdate = UnitFields.partial();
export type UnitUpdate = z.infer<typeof UnitUpdate>;

export const BellPeriod = z.object({
  period: z.number().int().min(1).max(MAX_PERIODS),
  startTime: clock('Jam mulai'),
  endTime: clock('Jam selesai'),
});
export type BellPeriod = z.infer<typeof BellPeriod>;
export const BellSchedule = z.object({
  unitId: z.number().int(),
  periods: z
    .array(BellPeriod)
    .max(MAX_PERIODS)
    .refine((ps) => new Set(ps.map((p) => p.period)).size === ps.length, 'Jam ke- tidak boleh ganda')
    .refine((ps) => ps.every((p) => p.startTime < p.endTime), 'Jam mulai harus sebelum jam selesai'),
});
export type BellSchedule = z.infer<typeof BellSchedule>;
export const BellScheduleInput = BellSchedule.pick({ periods: true });
export type BellScheduleInput = z.infer<typeof BellScheduleInput>;

// ---------- academic years ----------

export const AcademicYear = z
  .object({
    id: z.number().int(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    isActive: z.boolean(),
  })
  .meta({ id: 'AcademicYear' });
export type AcademicYear = z.infer<typeof AcademicYear>;

const AcademicYearFields = z.object({
  name: z.string().regex(/^\d{4}\/\d{4}$/, 'Tahun pelajaran ditulis seperti 2025/2026'),
  startDate: isoDate('Tanggal mulai'),
  endDate: isoDate('Tanggal selesai'),
  isActive: z.boolean().default(false),
});
const consecutiveYears = (name: string) => Number(name.slice(5)) === Number(name.slice(0, 4)) + 1;

export const AcademicYearInput = AcademicYearFields.refine((v) => consecutiveYears(v.name), {
  path: ['name'],
  message: 'Tahun kedua harus satu tahun setelah tahun pertama',
}).refine((v) => v.startDate < v.endDate, {
  path: ['endDate'],
  message: 'Tanggal selesai harus setelah tanggal mulai',
});
export type AcademicYearInput = z.infer<typeof AcademicYearInput>;
export const AcademicYearUpdate = AcademicYearFields.extend({ isActive: z.boolean().optional() })
  .partial()
  .refine((v) => v.name === undefined || consecutiveYears(v.name), {
    path: ['name'],
    message: 'Tahun kedua harus satu tahun setelah tahun pertama',
  });
export type AcademicYearUpdate = z.infer<typeof AcademicYearUpdate>;

// ---------- grades ----------

export const Grade = z
  .object({ id: z.number().int(), unitId: z.number().int(), level: z.number().int(), name: z.string() })
  .meta({ id: 'Grade' });
export type Grade = z.infer<typeof Grade>;
export const GradeInput = z.object({
  unitId: id('Unit'),
  level: z.number().int().min(1, 'Tingkat 1-12').max(12, 'Tingkat 1-12'),
  name: text('Nama tingkat', 50),
});
export type GradeInput = z.infer<typeof GradeInput>;
export const GradeUpdate = GradeInput.omit({ unitId: true }).partial();
export type GradeUpdate = z.infer<typeof GradeUpdate>;

// ---------- class groups (rombel) ----------

export const ClassGroup = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    academicYearId: z.number().int(),
    academicYearName: z.string(),
    gradeId: z.number().int(),
    gradeLevel: z.number().int(),
    name: z.string(),
    homeroomEmployeeId: z.number().int().nullable(),
    homeroomName: z.string().nullable(),
    room: z.string().nullable(),
    program: z.string().nullable(),
    studentCount: z.number().int(),
  })
  .meta({ id: 'ClassGroup' });
export type ClassGroup = z.infer<typeof ClassGroup>;

export const ClassGroupInput = z.object({
  academicYearId: id('Tahun pelajaran'),
  gradeId: id('Tingkat'),
  name: text('Nama kelas', 20),
  room: optionalText('Ruang', 50),
  program: optionalText('Program', 100),
});
export type ClassGroupInput = z.infer<typeof ClassGroupInput>;
export const ClassGroupUpdate = ClassGroupInput.omit({ academicYearId: true }).partial();
export type ClassGroupUpdate = z.infer<typeof ClassGroupUpdate>;

export const ClassGroupsQuery = SchoolPageQuery.extend({
  academicYearId: id('Tahun pelajaran').optional(),
  gradeId: id('Tingkat').optional(),
});
export type ClassGroupsQuery = z.infer<typeof ClassGroupsQuery>;

export const HomeroomInput = z.object({ employeeId: id('Wali kelas').nullable() });
export type HomeroomInput = z.infer<typeof HomeroomInput>;

// ---------- subjects (mapel) ----------

export const SubjectGradeHours = z.object({ gradeId: id('Tingkat'), hoursPerWeek: z.number().int().min(0).max(20) });
export const Subject = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    code: z.string(),
    name: z.string(),
    group: z.string().nullable(),
    kkm: z.number().int(),
    isActive: z.boolean(),
    hours: z.array(z.object({ gradeId: z.number().int(), hoursPerWeek: z.number().int() })),
  })
  .meta({ id: 'Subject' });
export type Subject = z.infer<typeof Subject>;

const SubjectFields = z.object({
  unitId: id('Unit'),
  code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,20}$/, 'Kode mapel 1-20 huruf, angka, titik, garis'),
  name: text('Nama mapel', 100),
  group: optionalText('Kelompok', 50),
  kkm: z.number().int().min(0, 'KKM 0-100').max(100, 'KKM 0-100'),
  isActive: z.boolean(),
  hours: z
    .array(SubjectGradeHours)
    .refine((hs) => new Set(hs.map((h) => h.gradeId)).size === hs.length, 'Tingkat tidak boleh ganda'),
});
export const SubjectInput = SubjectFields.extend({
  kkm: SubjectFields.shape.kkm.default(75),
  isActive: SubjectFields.shape.isActive.default(true),
  hours: SubjectFields.shape.hours.default([]),
});
export type SubjectInput = z.infer<typeof SubjectInput>;
export const SubjectUpdate = SubjectFields.omit({ unitId: true }).partial();
export type SubjectUpdate = z.infer<typeof SubjectUpdate>;

// ---------- students ----------

const nisSchema = z
  .string()
  .trim()
  .regex(/^[0-9A-Za-z.-]{3,20}$/, 'NIS 3-20 angka atau huruf');
const nisnSchema = z
  .string()
  .trim()
  .regex(/^\d{10}$/, 'NISN harus 10 angka');
const phone = (label: string) =>
  z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/, `${label} tidak valid`)
    .nullable()
    .optional();

export const StudentSummary = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    unitCode: z.string(),
    nis: z.string(),
    nisn: z.string().nullable(),
    name: z.string(),
    gender: z.enum(GENDERS).nullable(),
    status: z.enum(STUDENT_STATUSES),
    classGroupId: z.number().int().nullable(),
    className: z.string().nullable(),
  })
  .meta({ id: 'StudentSummary' });
export type StudentSummary = z.infer<typeof StudentSummary>;

export const Student = StudentSummary.extend({
  userId: z.number().int().nullable(),
  nik: z.string().nullable(),
  birthPlace: z.string().nullable(),
  birthDate: z.string().nullable(),
  religion: z.string().nullable(),
  address: z.string().nullable(),
  fatherName: z.string().nullable(),
  motherName: z.string().nullable(),
  guardianName: z.string().nullable(),
  phone: z.string().nullable(),
  parentPhone: z.string().nullable(),
  boarding: z.enum(BOARDING_STATUSES).nullable(),
  program: z.string().nullable(),
  entryDate: z.string().nullable(),
  photoUrl: z.string().nullable(),
}).meta({ id: 'Student' });
export type Student = z.infer<typeof Student>;

/** What a student may change of their own record. */
export const StudentSelfUpdate = z.object({
  phone: phone('Nomor HP'),
  parentPhone: phone('Nomor HP orang tua'),
  address: optionalText('Alamat', 500),
});
export type StudentSelfUpdate = z.infer<typeof StudentSelfUpdate>;

const StudentFields = StudentSelfUpdate.extend({
  unitId: id('Unit'),
  nis: nisSchema,
  nisn: nisnSchema.nullable().optional(),
  nik: z
    .string()
    .trim()
    .regex(/^\d{16}$/, 'NIK harus 16 angka')
    .nullable()
    .optional(),
  name: text('Nama', 100),
  gender: z.enum(GENDERS, 'Pilih jenis kelamin').nullable().optional(),
  birthPlace: optionalText('Tempat lahir', 100),
  birthDate: isoDate('Tanggal lahir').nullable().optional(),
  religion: optionalText('Agama', 30),
  fatherName: optionalText('Nama ayah', 100),
  motherName: optionalText('Nama ibu', 100),
  guardianName: optionalText('Nama wali', 100),
  boarding: z.enum(BOARDING_STATUSES, 'Status mukim tidak valid').nullable().optional(),
  program: optionalText('Program', 100),
  entryDate: isoDate('Tanggal masuk').nullable().optional(),
  status: z.enum(STUDENT_STATUSES, 'Status tidak valid'),
});
export const StudentInput = StudentFields.extend({ status: StudentFields.shape.status.default('ACTIVE') });
export type StudentInput = z.infer<typeof StudentInput>;
export const StudentUpdate = StudentFields.omit({ unitId: true }).partial();
export type StudentUpdate = z.infer<typeof StudentUpdate>;

/**
 * The columns of the student import workbook, in template order; `key` is the StudentInput field, except
 * `className`: the class of the active year (of the chosen unit) the student joins in the same save.
 * Headers are matched case-insensitively, a trailing "*" marks a required column.
 */
export const STUDENT_IMPORT_COLUMNS = [
  { key: 'nis', header: 'NIS', required: true },
  { key: 'nisn', header: 'NISN', required: false },
  { key: 'nik', header: 'NIK', required: false },
  { key: 'name', header: 'Nama', required: true },
  { key: 'className', header: 'Kelas', required: false },
  { key: 'gender', header: 'JK (L/P)', required: false },
  { key: 'birthPlace', header: 'Tempat Lahir', required: false },
  { key: 'birthDate', header: 'Tanggal Lahir (YYYY-MM-DD)', required: false },
  { key: 'religion', header: 'Agama', required: false },
  { key: 'address', header: 'Alamat', required: false },
  { key: 'fatherName', header: 'Nama Ayah', required: false },
  { key: 'motherName', header: 'Nama Ibu', required: false },
  { key: 'guardianName', header: 'Nama Wali', required: false },
  { key: 'phone', header: 'HP Siswa', required: false },
  { key: 'parentPhone', header: 'HP Orang Tua', required: false },
  { key: 'boarding', header: 'Mukim (MUKIM/NON_MUKIM)', required: false },
  { key: 'program', header: 'Program', required: false },
  { key: 'entryDate', header: 'Tanggal Masuk (YYYY-MM-DD)', required: false },
] as const;
export const STUDENT_IMPORT_MAX_ROWS = 5000;

/** The unit the imported students join. The file goes as multipart/form-data field `file`. */
export const StudentImportQuery = z.object({ unitId: id('Unit') });
/** The template of a unit lists that unit's classes of the active year in the Kelas dropdown. */
export const StudentTemplateQuery = z.object({ unitId: id('Unit').optional() });
export type StudentImportQuery = z.infer<typeof StudentImportQuery>;
export const StudentImportResult = z.object({ imported: z.number().int() });
export type StudentImportResult = z.infer<typeof StudentImportResult>;

export const StudentsQuery = SchoolPageQuery.extend({
  status: z.enum(STUDENT_STATUSES).optional(),
  classGroupId: id('Kelas').optional(),
  gradeId: id('Tingkat').optional(),
  sort: z.enum(['name', 'nis', '-name', '-nis']).optional(),
});
export type StudentsQuery = z.infer<typeof StudentsQuery>;

export const NisParams = z.object({ nis: nisSchema });

// ---------- employees ----------

export const EmployeeSummary = z
  .object({
    id: z.number().int(),
    unitId: z.number().int().nullable(),
    unitCode: z.string().nullable(),
    nip: z.string(),
    name: z.string(),
    gender: z.enum(GENDERS).nullable(),
    position: z.string().nullable(),
    division: z.enum(DIVISIONS).nullable(),
    username: z.string().nullable(),
    isActive: z.boolean(),
  })
  .meta({ id: 'EmployeeSummary' });
export type EmployeeSummary = z.infer<typeof EmployeeSummary>;

export const Employee = EmployeeSummary.extend({
  userId: z.number().int().nullable(),
  nuptk: z.string().nullable(),
  employmentStatus: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
  joinDate: z.string().nullable(),
  photoUrl: z.string().nullable(),
}).meta({ id: 'Employee' });
export type Employee = z.infer<typeof Employee>;

export const EmployeeUpdate = z.object({
  unitId: id('Unit').nullable().optional(),
  nip: z
    .string()
    .trim()
    .regex(/^[0-9A-Za-z.-]{3,30}$/, 'NIP 3-30 angka atau huruf')
    .optional(),
  nuptk: optionalText('NUPTK', 20),
  name: text('Nama', 100).optional(),
  gender: z.enum(GENDERS, 'Pilih jenis kelamin').nullable().optional(),
  position: optionalText('Jabatan', 100),
  employmentStatus: optionalText('Status kepegawaian', 50),
  phone: phone('Nomor HP'),
  email: z.email('Email tidak valid').nullable().optional(),
  joinDate: isoDate('Tanggal bergabung').nullable().optional(),
  division: z.enum(STAFF_DIVISIONS, 'Divisi tidak valid').optional(),
  isActive: z.boolean().optional(),
});
export type EmployeeUpdate = z.infer<typeof EmployeeUpdate>;

export const EmployeeInput = EmployeeUpdate.extend({
  nip: EmployeeUpdate.shape.nip.unwrap(),
  name: text('Nama', 100),
  division: z.enum(STAFF_DIVISIONS, 'Divisi tidak valid'),
  /** the first password of the account; the username is the NIP */
  password: z.string().min(8, 'Kata sandi minimal 8 karakter').max(128, 'Kata sandi maksimal 128 karakter'),
}).omit({ isActive: true });
export type EmployeeInput = z.infer<typeof EmployeeInput>;

export const EmployeesQuery = SchoolPageQuery.extend({
  division: z.enum(STAFF_DIVISIONS).optional(),
  active: z.enum(['true', 'false']).optional(),
  sort: z.enum(['name', 'nip', '-name', '-nip']).optional(),
});
export type EmployeesQuery = z.infer<typeof EmployeesQuery>;

/**
 * The columns of the employee import workbook, in template order; `key` is the EmployeeInput field.
 * Rejected files answer 400 with `fields` keyed by importFieldKey, like the student import.
 */
export const EMPLOYEE_IMPORT_COLUMNS = [
  { key: 'nip', header: 'NIP', required: true },
  { key: 'name', header: 'Nama', required: true },
  { key: 'gender', header: 'L/P', required: false },
  { key: 'position', header: 'Jabatan', required: false },
  { key: 'employmentStatus', header: 'Status kepegawaian', required: false },
  { key: 'phone', header: 'No. HP', required: false },
  { key: 'email', header: 'Email', required: false },
  { key: 'joinDate', header: 'Tanggal bergabung (YYYY-MM-DD)', required: false },
  { key: 'division', header: 'Divisi', required: true },
  { key: 'password', header: 'Kata sandi awal', required: true },
] as const;
export const EMPLOYEE_IMPORT_MAX_ROWS = 1000;
/** The unit the imported employees join. The file goes as multipart/form-data field `file`. */
export const EmployeeImportQuery = z.object({ unitId: id('Unit') });
export type EmployeeImportQuery = z.infer<typeof EmployeeImportQuery>;
export const EmployeeImportResult = z.object({ imported: z.number().int() });
export type EmployeeImportResult = z.infer<typeof EmployeeImportResult>;

// ---------- enrollments ----------

export const Enrollment = z
  .object({
    id: z.number().int(),
    studentId: z.number().int(),
    studentName: z.string(),
    nis: z.string(),
    classGroupId: z.number().int(),
    className: z.string(),
    academicYearId: z.number().int(),
    startedAt: z.string(),
    endedAt: z.string().nullable(),
    endReason: z.string().nullable(),
    /** how the enrolment began: MOVED for a move within the year, null for a first enrolment or promotion */
    startReason: z.string().nullable(),
    /** the note given when the student left this class (the reason of a move) */
    note: z.string().nullable(),
  })
  .meta({ id: 'Enrollment' });
export type Enrollment = z.infer<typeof Enrollment>;

export const EnrollmentsQuery = PageQuery.extend({
  classGroupId: id('Kelas').optional(),
  studentId: id('Siswa').optional(),
  /** include ended rows (history) */
  history: z.enum(['true', 'false']).optional(),
});
export type EnrollmentsQuery = z.infer<typeof EnrollmentsQuery>;

export const EnrollInput = z.object({
  classGroupId: id('Kelas'),
  studentIds: z.array(id('Siswa')).min(1, 'Pilih minimal satu siswa').max(500, 'Maksimal 500 siswa sekali simpan'),
});
export type EnrollInput = z.infer<typeof EnrollInput>;

export const MoveInput = z.object({
  studentId: id('Siswa'),
  toClassGroupId: id('Kelas tujuan'),
  note: optionalText('Catatan', 300),
  /** the first day in the new class (Asia/Jakarta); today when left out */
  effectiveDate: isoDate('Tanggal berlaku').optional(),
  /** the move goes to another grade (7C to 8D): asked of the person first, refused without it */
  confirmGradeChange: z.boolean().optional(),
});
export type MoveInput = z.infer<typeof MoveInput>;

export const PromoteInput = z.object({
  fromClassGroupId: id('Kelas asal'),
  toClassGroupId: id('Kelas tujuan'),
});
export type PromoteInput = z.infer<typeof PromoteInput>;

export const EnrollmentResult = z.object({
  count: z.number().int(),
  /** students a promotion left out (status other than active), with the reason */
  skipped: z.array(z.object({ studentId: z.number().int(), name: z.string(), reason: z.string() })).default([]),
});
export type EnrollmentResult = z.infer<typeof EnrollmentResult>;

// ---------- teaching assignments ----------

export const TeachingAssignment = z
  .object({
    id: z.number().int(),
    employeeId: z.number().int(),
    teacherName: z.string(),
    subjectId: z.number().int(),
    subjectName: z.string(),
    classGroupId: z.number().int(),
    className: z.string(),
    academicYearId: z.number().int(),
    semester: z.enum(SEMESTERS),
    hoursPerWeek: z.number().int(),
  })
  .meta({ id: 'TeachingAssignment' });
export type TeachingAssignment = z.infer<typeof TeachingAssignment>;

export const TeachingAssignmentInput = z.object({
  employeeId: id('Guru'),
  subjectId: id('Mapel'),
  classGroupId: id('Kelas'),
  semester: z.enum(SEMESTERS, 'Pilih semester Ganjil atau Genap'),
  hoursPerWeek: z.number().int().min(1, 'JP per minggu 1-20').max(20, 'JP per minggu 1-20'),
});
export type TeachingAssignmentInput = z.infer<typeof TeachingAssignmentInput>;
export const TeachingAssignmentUpdate = TeachingAssignmentInput.pick({
  employeeId: true,
  hoursPerWeek: true,
}).partial();
export type TeachingAssignmentUpdate = z.infer<typeof TeachingAssignmentUpdate>;

export const TeachingAssignmentsQuery = SchoolPageQuery.extend({
  academicYearId: id('Tahun pelajaran').optional(),
  semester: z.enum(SEMESTERS).optional(),
  employeeId: id('Guru').optional(),
  classGroupId: id('Kelas').optional(),
});
export type TeachingAssignmentsQuery = z.infer<typeof TeachingAssignmentsQuery>;
