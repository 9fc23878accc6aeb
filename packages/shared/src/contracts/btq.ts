import { z } from 'zod';
import { cutoffsValid } from '../domain/btq.ts';
import { PageQuery, dbId } from './common.ts';

const id = dbId;
const isoDate = (label: string) => z.iso.date(`${label} harus berupa tanggal YYYY-MM-DD`);
const clockTime = (label: string) => z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, `${label} harus berupa jam HH:MM`);
const text = (label: string, max: number) =>
  z.string().trim().min(1, `${label} wajib diisi`).max(max, `${label} maksimal ${max} karakter`);
const optionalText = (label: string, max = 200) =>
  z.string().trim().max(max, `${label} maksimal ${max} karakter`).nullable().optional();
const pages = z
  .number('Jumlah halaman harus bilangan bulat 1 sampai 1000')
  .int('Jumlah halaman harus bilangan bulat 1 sampai 1000')
  .min(1, 'Jumlah halaman harus bilangan bulat 1 sampai 1000')
  .max(1000, 'Jumlah halaman harus bilangan bulat 1 sampai 1000')
  .nullable();
const cutoff = (label: string) => {
  const message = `${label} harus bilangan bulat 1 sampai 100`;
  return z.number(message).int(message).min(1, message).max(100, message);
};

export const BTQ_METHOD_KINDS = ['READING', 'TAHFIDZ'] as const;
export type BtqMethodKind = (typeof BTQ_METHOD_KINDS)[number];
export const BTQ_PRESENCE_STATUSES = ['HADIR', 'IZIN', 'SAKIT', 'ALPA'] as const;
export type BtqPresenceStatus = (typeof BTQ_PRESENCE_STATUSES)[number];

export const BtqUnitQuery = z.object({ unitId: id('Unit').optional() });
export type BtqUnitQuery = z.infer<typeof BtqUnitQuery>;

// ---- methods, levels, cut-offs ----

export const BtqLevel = z
  .object({
    id: z.number().int(),
    methodId: z.number().int(),
    name: z.string(),
    sortOrder: z.number().int(),
    pages: z.number().int().nullable(),
    isActive: z.boolean(),
    /** students, groups, progress or promotions refer to it: it can be deactivated, never deleted */
    inUse: z.boolean(),
  })
  .meta({ id: 'BtqLevel' });
export type BtqLevel = z.infer<typeof BtqLevel>;

export const BtqMethod = z
  .object({
    id: z.number().int(),
    /** null: foundation-wide */
    unitId: z.number().int().nullable(),
    name: z.string(),
    kind: z.enum(BTQ_METHOD_KINDS),
    isActive: z.boolean(),
    levels: z.array(BtqLevel),
  })
  .meta({ id: 'BtqMethod' });
export type BtqMethod = z.infer<typeof BtqMethod>;

export const BtqMethodList = z.object({ items: z.array(BtqMethod) });
export type BtqMethodList = z.infer<typeof BtqMethodList>;

export const BtqMethodInput = z.object({
  /** ADMIN: the unit, or none with `foundationWide` */
  unitId: id('Unit').optional(),
  foundationWide: z.boolean().optional(),
  name: text('Nama metode', 80),
  kind: z.enum(BTQ_METHOD_KINDS, 'Jenis metode tidak valid'),
});
export type BtqMethodInput = z.infer<typeof BtqMethodInput>;

export const BtqMethodUpdate = z
  .object({ name: text('Nama metode', 80).optional(), isActive: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, 'Tidak ada yang diubah');
export type BtqMethodUpdate = z.infer<typeof BtqMethodUpdate>;

export const BtqLevelInput = z.object({ name: text('Nama jilid', 80), pages: pages.optional() });
export type BtqLevelInput = z.infer<typeof BtqLevelInput>;

export const BtqLevelUpdate = z
  .object({ name: text('Nama jilid', 80).optional(), pages: pages.optional(), isActive: z.boolean().optional() })
  .refine((v) => Object.keys(v).length > 0, 'Tidak ada yang diubah');
export type BtqLevelUpdate = z.infer<typeof BtqLevelUpdate>;

export const BtqLevelOrder = z.object({
  levelIds: z.array(id('Jilid')).min(1, 'Urutan jilid wajib diisi').max(200),
});
export type BtqLevelOrder = z.infer<typeof BtqLevelOrder>;

export const BtqCutoffsBody = z.object({
  MUMTAZ: cutoff('Batas mumtaz'),
  JAYYID_JIDDAN: cutoff('Batas jayyid jiddan'),
  JAYYID: cutoff('Batas jayyid'),
  MAQBUL: cutoff('Batas maqbul'),
});
export const BtqCutoffsInput = BtqCutoffsBody.extend({ unitId: id('Unit').optional() }).refine(cutoffsValid, {
  message: 'Batas nilai harus menurun: mumtaz > jayyid jiddan > jayyid > maqbul',
  path: ['MUMTAZ'],
});
export type BtqCutoffsInput = z.infer<typeof BtqCutoffsInput>;
export const BtqCutoffs = BtqCutoffsBody.extend({ unitId: z.number().int(), isDefault: z.boolean() }).meta({
  id: 'BtqCutoffs',
});
export type BtqCutoffs = z.infer<typeof BtqCutoffs>;

// ---- ustadz ----

export const BtqTeacher = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    employeeId: z.number().int().nullable(),
    employeeNumber: z.string().nullable(),
    name: z.string(),
    phone: z.string().nullable(),
    isCoordinator: z.boolean(),
    isActive: z.boolean(),
    groupCount: z.number().int(),
    /** the sign-in name of an outside ustadz's own account (null: none, or an employee's account) */
    username: z.string().nullable(),
  })
  .meta({ id: 'BtqTeacher' });
export type BtqTeacher = z.infer<typeof BtqTeacher>;
export const BtqTeacherList = z.object({ items: z.array(BtqTeacher) });

export const BtqTeachersQuery = BtqUnitQuery.extend({ active: z.enum(['true', 'false']).optional() });
export type BtqTeachersQuery = z.infer<typeof BtqTeachersQuery>;

/** An employee of the unit (name taken from the employee), or an outside teacher by name. */
export const BtqTeacherInput = z
  .object({
    unitId: id('Unit').optional(),
    employeeId: id('Pegawai').nullable().optional(),
    name: text('Nama ustadz', 120).optional(),
    phone: optionalText('Nomor telepon', 30),
    isCoordinator: z.boolean().default(false),
  })
  .refine((v) => v.employeeId || v.name, { message: 'Pilih pegawai atau isi nama ustadz', path: ['name'] });
export type BtqTeacherInput = z.infer<typeof BtqTeacherInput>;

export const BtqTeacherUpdate = z
  .object({
    name: text('Nama ustadz', 120).optional(),
    phone: optionalText('Nomor telepon', 30),
    isCoordinator: z.boolean().optional(),
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Tidak ada yang diubah');
export type BtqTeacherUpdate = z.infer<typeof BtqTeacherUpdate>;

/** The principal gives an outside ustadz (no employee) an account: TEACHER division of the ustadz's unit. */
export const BtqTeacherAccountInput = z.object({
  username: z
    .string()
    .trim()
    .min(3, 'Nama pengguna minimal 3 karakter')
    .max(64, 'Nama pengguna terlalu panjang')
    .regex(/^[A-Za-z0-9._-]+$/, 'Nama pengguna hanya boleh huruf, angka, titik, garis bawah dan tanda hubung'),
});
export type BtqTeacherAccountInput = z.infer<typeof BtqTeacherAccountInput>;
/** The one-time password is shown once; only its argon2id hash is stored. */
export const BtqTeacherAccount = z.object({ teacher: BtqTeacher, username: z.string(), password: z.string() });
export type BtqTeacherAccount = z.infer<typeof BtqTeacherAccount>;

export const BtqEmployeeOption = z.object({ id: z.number().int(), name: z.string(), employeeNumber: z.string() });
export const BtqEmployeeOptions = z.object({ items: z.array(BtqEmployeeOption) });

// ---- groups and members ----

const weekdays = z
  .array(z.number('Hari tidak valid').int('Hari tidak valid').min(1, 'Hari tidak valid').max(7, 'Hari tidak valid'))
  .max(7)
  .refine((d) => new Set(d).size === d.length, 'Hari tidak boleh berulang');

export const BtqGroup = z
  .object({
    id: z.number().int(),
    unitId: z.number().int(),
    schoolYear: z.string(),
    name: z.string(),
    teacherId: z.number().int(),
    teacherName: z.string(),
    levelId: z.number().int().nullable(),
    levelName: z.string().nullable(),
    methodName: z.string().nullable(),
    days: z.array(z.number().int()),
    startTime: z.string().nullable(),
    endTime: z.string().nullable(),
    place: z.string().nullable(),
    isActive: z.boolean(),
    memberCount: z.number().int(),
  })
  .meta({ id: 'BtqGroup' });
export type BtqGroup = z.infer<typeof BtqGroup>;
export const BtqGroupList = z.object({ schoolYear: z.string(), items: z.array(BtqGroup) });
export type BtqGroupList = z.infer<typeof BtqGroupList>;

export const BtqGroupsQuery = BtqUnitQuery.extend({
  schoolYear: z
    .string()
    .regex(/^\d{4}\/\d{4}$/, 'Tahun pelajaran harus berbentuk 2026/2027')
    .optional(),
});
export type BtqGroupsQuery = z.infer<typeof BtqGroupsQuery>;

export const BtqGroupInput = z
  .object({
    unitId: id('Unit').optional(),
    name: text('Nama kelompok', 80),
    teacherId: id('Ustadz'),
    levelId: id('Jilid').nullable().optional(),
    days: weekdays.default([]),
    startTime: clockTime('Jam mulai').nullable().optional(),
    endTime: clockTime('Jam selesai').nullable().optional(),
    place: optionalText('Tempat', 80),
  })
  .refine((v) => !v.startTime || !v.endTime || v.startTime < v.endTime, {
    message: 'Jam selesai harus setelah jam mulai',
    path: ['endTime'],
  });
export type BtqGroupInput = z.infer<typeof BtqGroupInput>;

export const BtqGroupUpdate = z
  .object({
    name: text('Nama kelompok', 80).optional(),
    teacherId: id('Ustadz').optional(),
    levelId: id('Jilid').nullable().optional(),
    days: weekdays.optional(),
    startTime: clockTime('Jam mulai').nullable().optional(),
    endTime: clockTime('Jam selesai').nullable().optional(),
    place: optionalText('Tempat', 80),
    isActive: z.boolean().optional(),
  })
  .refine((v) => Object.keys(v).length > 0, 'Tidak ada yang diubah');
export type BtqGroupUpdate = z.infer<typeof BtqGroupUpdate>;

export const BtqMember = z
  .object({
    studentId: z.number().int(),
    name: z.string(),
    nis: z.string().nullable(),
    className: z.string().nullable(),
    levelName: z.string().nullable(),
    /** pages of the current level (null: tahfidz or no level) */
    levelPages: z.number().int().nullable(),
    /** the last page (reading) reached on the current level, or the last surah:ayat (tahfidz); null: no entry yet */
    lastPage: z.string().nullable(),
    fromDate: z.string(),
  })
  .meta({ id: 'BtqMember' });
export type BtqMember = z.infer<typeof BtqMember>;
export const BtqGroupMembers = z.object({ group: BtqGroup, items: z.array(BtqMember) });
export type BtqGroupMembers = z.infer<typeof BtqGroupMembers>;

export const BtqAddMembersInput = z.object({
  studentIds: z.array(id('Siswa')).min(1, 'Pilih minimal satu siswa').max(200, 'Maksimal 200 siswa sekaligus'),
});
export type BtqAddMembersInput = z.infer<typeof BtqAddMembersInput>;

export const BtqMoveInput = z.object({ studentId: id('Siswa'), toGroupId: id('Kelompok tujuan') });
export type BtqMoveInput = z.infer<typeof BtqMoveInput>;

export const BtqMemberParams = z.object({ id: id(), studentId: id('Siswa') });

// ---- students, leveling, history ----

export const BtqStudentsQuery = PageQuery.extend({
  unitId: id('Unit').optional(),
  classId: id('Kelas').optional(),
  groupId: id('Kelompok').optional(),
  levelId: id('Jilid').optional(),
  /** 'none': students without a level (or without a group with `ungrouped`) */
  noLevel: z.enum(['true', 'false']).optional(),
  ungrouped: z.enum(['true', 'false']).optional(),
});
export type BtqStudentsQuery = z.infer<typeof BtqStudentsQuery>;

export const BtqStudentRow = z
  .object({
    id: z.number().int(),
    name: z.string(),
    nis: z.string().nullable(),
    classId: z.number().int().nullable(),
    className: z.string().nullable(),
    levelId: z.number().int().nullable(),
    levelName: z.string().nullable(),
    methodName: z.string().nullable(),
    levelSince: z.string().nullable(),
    groupId: z.number().int().nullable(),
    groupName: z.string().nullable(),
  })
  .meta({ id: 'BtqStudentRow' });
export type BtqStudentRow = z.infer<typeof BtqStudentRow>;

export const BtqPlacementInput = z.object({
  studentIds: z.array(id('Siswa')).min(1, 'Pilih minimal satu siswa').max(500, 'Maksimal 500 siswa sekaligus'),
  levelId: id('Jilid'),
});
export type BtqPlacementInput = z.infer<typeof BtqPlacementInput>;
export const BtqPlacementResult = z.object({ placed: z.number().int() });

export const BtqStudentHistory = z
  .object({
    student: z.object({ id: z.number().int(), name: z.string(), nis: z.string().nullable() }),
    levels: z.array(
      z.object({
        id: z.number().int(),
        levelName: z.string(),
        methodName: z.string(),
        fromDate: z.string(),
        toDate: z.string().nullable(),
        via: z.enum(['PLACEMENT', 'PROMOTION']),
      }),
    ),
    groups: z.array(
      z.object({
        id: z.number().int(),
        groupId: z.number().int(),
        groupName: z.string(),
        schoolYear: z.string(),
        fromDate: z.string(),
        toDate: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BtqStudentHistory' });
export type BtqStudentHistory = z.infer<typeof BtqStudentHistory>;

// ---- presence ----

export const BtqPresenceQuery = z.object({ groupId: id('Kelompok'), date: isoDate('Tanggal') });
export type BtqPresenceQuery = z.infer<typeof BtqPresenceQuery>;

export const BtqPresenceSheet = z
  .object({
    group: BtqGroup,
    date: z.string(),
    schoolDay: z.boolean(),
    recorded: z.boolean(),
    items: z.array(
      z.object({
        studentId: z.number().int(),
        name: z.string(),
        nis: z.string().nullable(),
        status: z.enum(BTQ_PRESENCE_STATUSES).nullable(),
        note: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: 'BtqPresenceSheet' });
export type BtqPresenceSheet = z.infer<typeof BtqPresenceSheet>;

export const BtqPresenceInput = z.object({
  groupId: id('Kelompok'),
  date: isoDate('Tanggal'),
  entries: z
    .array(
      z.object({
        studentId: id('Siswa'),
        status: z.enum(BTQ_PRESENCE_STATUSES, 'Status kehadiran tidak valid'),
        note: optionalText('Catatan', 200),
      }),
    )
    .min(1, 'Tidak ada siswa untuk dicatat')
    .max(200),
});
export type BtqPresenceInput = z.infer<typeof BtqPresenceInput>;
export const BtqPresenceSaved = z.object({ sessionId: z.number().int(), saved: z.number().int() });

export const BtqPresenceRecapQuery = z.object({
  groupId: id('Kelompok'),
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Bulan harus berbentuk YYYY-MM'),
});
export type BtqPresenceRecapQuery = z.infer<typeof BtqPresenceRecapQuery>;

export const BtqPresenceRecap = z
  .object({
    group: BtqGroup,
    month: z.string(),
    sessions: z.number().int(),
    items: z.array(
      z.object({
        studentId: z.number().int(),
        name: z.string(),
        nis: z.string().nullable(),
        HADIR: z.number().int(),
        IZIN: z.number().int(),
        SAKIT: z.number().int(),
        ALPA: z.number().int(),
        /** the notes of the month (izin/sakit reasons), by date */
        notes: z.array(z.object({ date: z.string(), status: z.enum(BTQ_PRESENCE_STATUSES), note: z.string() })),
      }),
    ),
  })
  .meta({ id: 'BtqPresenceRecap' });
export type BtqPresenceRecap = z.infer<typeof BtqPresenceRecap>;
