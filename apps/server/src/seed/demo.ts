import { and, count, eq, sql } from 'drizzle-orm';
import {
  academicPeriodOfDate,
  DIVISION_LABELS,
  jakartaDate,
  startOfJakartaDay,
  type Division,
  type Semester,
} from '@mms/shared';
import type { Database, Transaction } from '../db/client.ts';
import {
  academicYears,
  appMeta,
  bellPeriods,
  classGroups,
  employees,
  enrollments,
  foundation,
  grades,
  students,
  subjectGradeHours,
  subjects,
  teachingAssignments,
  timetableSlots,
  units,
  users,
} from '../db/schema/index.ts';
import { audit } from '../lib/audit.ts';
import { hashPassword } from '../lib/passwords.ts';
import {
  bellTimes,
  demoNis,
  demoNisn,
  personName,
  placeLessons,
  rng,
  SD_SUBJECTS,
  SMP_SUBJECTS,
  studentDetails,
  type DemoSubject,
  type Lesson,
} from './demo-data.ts';
import { clock } from '../lib/clock.ts';
import { seedDemoExams } from './demo-exam.ts';
import { seedDemoFinance } from './demo-finance.ts';
import { seedDemoCounselling } from './demo-counselling.ts';
import { seedDemoInstruments } from './demo-instruments.ts';
import { seedDemoDiscipline } from './demo-discipline.ts';
import { seedDemoBtqProgress } from './demo-btq-progress.ts';
import { seedDemoPrayer } from './demo-prayer.ts';
import { seedDemoAdmission } from './demo-admission.ts';
import { seedDemoFinanceBooks } from './demo-finance-books.ts';
import { seedDemoBisyaroh } from './demo-bisyaroh.ts';
import { seedDemoFinanceReports } from './demo-finance-reports.ts';
import { seedDemoFinancePayments } from './demo-finance-payments.ts';
import { seedDemoBtq } from './demo-btq.ts';
import { seedDemoSelection } from './demo-selection.ts';
import { seedDemoRapor } from './demo-rapor.ts';

export const DEMO_PASSWORD = 'demo-mms-2026';

interface DemoAccount {
  division: Division;
  displayName: string;
  unit: 'SD' | 'SMP' | null;
  nip?: string;
  nis?: string;
  nisn?: string;
}

/** One demo account per division; username = the division in lower case. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { division: 'ADMIN', displayName: 'Administrator Sistem', unit: null, nip: '198001012005011001' },
  { division: 'TEACHER', displayName: 'Ustadz Ahmad Fauzi, S.Pd.', unit: 'SMP', nip: '198503142010011002' },
  { division: 'TEACHERCASHIER', displayName: 'Ustadzah Siti Rahmawati, S.E.', unit: 'SMP', nip: '198707222011012003' },
  { division: 'PRINCIPAL', displayName: 'Drs. H. Muhammad Yusuf, M.Pd.', unit: 'SMP', nip: '197204101998031004' },
  { division: 'WAKAKUR', displayName: 'Hj. Nurul Hidayah, S.Pd.I.', unit: 'SMP', nip: '197911052003122005' },
  { division: 'YAYASAN', displayName: 'KH. Abdullah Mansur', unit: null, nip: '196508171990031006' },
  { division: 'BPBK', displayName: 'Dewi Lestari, S.Psi.', unit: 'SMP', nip: '199002282015032007' },
  { division: 'TU', displayName: 'Rudi Hartono', unit: 'SMP', nip: '198812302012011008' },
  { division: 'STUDENT', displayName: 'Muhammad Rizki Ramadhan', unit: 'SMP', nis: '2526070001', nisn: '0123456789' },
];

const DEMO_ADDRESS = 'Jl. Pesantren No. 17, Cibinong, Kabupaten Bogor, Jawa Barat 16911';
export const DEMO_UNITS = [
  {
    code: 'SD',
    name: 'SD Islam Terpadu Al-Amin',
    periodMinutes: 35,
    dayStartTime: '07:00',
    npsn: '20231234',
    address: DEMO_ADDRESS,
    city: 'Bogor',
    phone: '(021) 8765-4321',
    email: 'sd@al-amin.sch.id',
    headmaster: 'Hj. Siti Aminah, S.Pd.',
    headmasterNip: '197603152000032001',
  },
  {
    code: 'SMP',
    name: 'SMP Islam Terpadu Al-Amin',
    periodMinutes: 40,
    dayStartTime: '07:00',
    npsn: '20235678',
    address: DEMO_ADDRESS,
    city: 'Bogor',
    phone: '(021) 8765-4322',
    email: 'smp@al-amin.sch.id',
    // the demo principal account signs the SMP's papers
    headmaster: 'Drs. H. Muhammad Yusuf, M.Pd.',
    headmasterNip: '197204101998031004',
  },
];

/** The demo foundation's letterhead and its chair (the demo YAYASAN account). */
export const DEMO_FOUNDATION = {
  name: 'Yayasan Pendidikan Islam Al-Amin',
  address: DEMO_ADDRESS,
  city: 'Bogor',
  phone: '(021) 8765-4300',
  email: 'yayasan@al-amin.sch.id',
  chairName: 'KH. Abdullah Mansur',
  chairNip: null,
};

const SEEDED_KEY = 'demo_seeded';

/** The shape of the demo school per unit. */
const LEVELS = {
  SD: { digit: 1, grades: [1, 2, 3, 4, 5, 6], classesPerGrade: 2, subjects: SD_SUBJECTS, periods: 8 },
  SMP: { digit: 2, grades: [7, 8, 9], classesPerGrade: 3, subjects: SMP_SUBJECTS, periods: 8 },
} as const;
export const DEMO_STUDENTS_PER_CLASS = 25;
/** generated employees besides the 9 demo accounts' staff; most teach */
const TEACHER_LOAD_CAP = 26;
const SCHOOL_DAYS = 6;

type UnitCode = keyof typeof LEVELS;

export interface DemoSeedSummary {
  units: number;
  classes: number;
  students: number;
  employees: number;
  lessons: number;
}

/** The academic year and semester of today's Jakarta date. */
export function demoPeriod(now = clock.now()) {
  const period = academicPeriodOfDate(jakartaDate(now));
  return {
    tapel: period.tapel,
    semester: period.semester as Semester,
    startYear: period.startYear,
    startDate: `${period.startYear}-07-01`,
    endDate: `${period.startYear + 1}-06-30`,
  };
}

/**
 * On the first start of an empty installation, creates a small but complete demo school in one
 * transaction: SD and SMP with grades, classes, subjects, bell times, the active year, staff,
 * about 25 students a class, teaching assignments and a clash-free timetable, and one account
 * per division (username = the division in lower case). Does nothing once any user exists or the
 * demo was seeded before.
 */
export async function seedDemoIfFirstStart(db: Database): Promise<boolean> {
  const [seeded] = await db.select().from(appMeta).where(eq(appMeta.key, SEEDED_KEY));
  const [userCount] = await db.select({ n: count() }).from(users);
  if (seeded || (userCount?.n ?? 0) > 0) return false;
  // One hash for every demo account: the same public password, and argon2 is slow on purpose.
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await db.transaction(async (tx) => {
    const summary = await seedSchool(tx, passwordHash);
    await tx.insert(appMeta).values({ key: SEEDED_KEY, value: { at: clock.now().toISOString() } });
    await audit(
      tx,
      { userId: null, username: 'system', ip: null, requestId: null },
      { action: 'system.demo.seed', after: { accounts: DEMO_ACCOUNTS.length, ...summary } },
    );
  });
  // Fresh planner statistics for the tables the seed filled at once.
  await db.execute(sql`analyze`);
  return true;
}

async function seedSchool(tx: Transaction, passwordHash: string): Promise<DemoSeedSummary> {
  const random = rng(20260722);
  const period = demoPeriod();
  const unitRows = await tx.insert(units).values(DEMO_UNITS).returning({ id: units.id, code: units.code });
  await tx.update(foundation).set(DEMO_FOUNDATION).where(eq(foundation.id, 1));
  const unitIdOf = (code: string | null) => unitRows.find((u) => u.code === code)?.id ?? null;

  // ---- the demo accounts and their staff / student records
  const accountRows = await tx
    .insert(users)
    .values(
      DEMO_ACCOUNTS.map((a) => ({
        username: a.division.toLowerCase(),
        displayName: a.displayName,
        passwordHash,
        division: a.division,
        unitId: unitIdOf(a.unit),
      })),
    )
    .returning({ id: users.id, username: users.username });
  const accountId = (division: Division) => accountRows.find((r) => r.username === division.toLowerCase())!.id;
  const staffAccounts = DEMO_ACCOUNTS.filter((a) => a.nip);
  const staffRows = await tx
    .insert(employees)
    .values(
      staffAccounts.map((a) => ({
        unitId: unitIdOf(a.unit),
        userId: accountId(a.division),
        nip: a.nip!,
        name: a.displayName,
        gender: /Ustadzah|Hj\.|Dewi|Siti|Nurul/.test(a.displayName) ? ('P' as const) : ('L' as const),
        position: DIVISION_LABELS[a.division].id, // a jabatan is a word, never a division code
        employmentStatus: 'GTY',
        joinDate: '2015-07-01',
      })),
    )
    .returning({ id: employees.id, nip: employees.nip });
  const demoTeacherId = staffRows.find((r) => r.nip === DEMO_ACCOUNTS.find((a) => a.division === 'TEACHER')!.nip)!.id;

  // ---- the active year
  const [year] = await tx
    .insert(academicYears)
    .values({ name: period.tapel, startDate: period.startDate, endDate: period.endDate, isActive: true })
    .returning({ id: academicYears.id });
  const academicYearId = year!.id;

  let employeeSeq = 100;
  let nisnSeq = 1;
  const lessons: (Lesson & { unitId: number; subjectId: number; classGroupId: number; employeeId: number })[] = [];
  const summary: DemoSeedSummary = {
    units: unitRows.length,
    classes: 0,
    students: 0,
    employees: staffRows.length,
    lessons: 0,
  };
  const studentAccount = DEMO_ACCOUNTS.find((a) => a.division === 'STUDENT')!;

  for (const code of Object.keys(LEVELS) as UnitCode[]) {
    const shape = LEVELS[code];
    const unitId = unitIdOf(code)!;
    const minutes = DEMO_UNITS.find((u) => u.code === code)!.periodMinutes;
    await tx.insert(bellPeriods).values(bellTimes('07:00', minutes, shape.periods, 4).map((b) => ({ ...b, unitId })));

    const gradeRows = await tx
      .insert(grades)
      .values(shape.grades.map((level) => ({ unitId, level, name: `Kelas ${level}` })))
      .returning({ id: grades.id, level: grades.level });
    const subjectRows = await tx
      .insert(subjects)
      .values(shape.subjects.map((s) => ({ unitId, code: s.code, name: s.name, group: s.group })))
      .returning({ id: subjects.id, code: subjects.code });
    const hours = gradeRows.flatMap((g) =>
      shape.subjects
        .map((s) => ({ s, h: s.hours(g.level) }))
        .filter((x) => x.h > 0)
        .map((x) => ({
          subjectId: subjectRows.find((r) => r.code === x.s.code)!.id,
          gradeId: g.id,
          hoursPerWeek: x.h,
        })),
    );
    await tx.insert(subjectGradeHours).values(hours);

    const classValues = gradeRows.flatMap((g) =>
      Array.from({ length: shape.classesPerGrade }, (_, i) => ({
        unitId,
        academicYearId,
        gradeId: g.id,
        name: `${g.level}${String.fromCharCode(65 + i)}`,
        room: `R-${g.level}${String.fromCharCode(65 + i)}`,
        level: g.level,
      })),
    );
    const classRows = await tx
      .insert(classGroups)
      .values(classValues.map(({ level: _level, ...v }) => v))
      .returning({ id: classGroups.id, name: classGroups.name });
    summary.classes += classRows.length;
    const classes = classRows.map((c, i) => ({ ...c, level: classValues[i]!.level }));

    // ---- teachers: a pool per subject, each up to the load cap; the demo teacher leads SMP Matematika
    const teacherOf = new Map<string, number>();
    const newTeachers: { key: string; name: string; gender: 'L' | 'P' }[] = [];
    for (const subject of shape.subjects as readonly DemoSubject[]) {
      let current: { key: string; load: number } | null = null;
      if (code === 'SMP' && subject.code === 'MTK') current = { key: 'demo-teacher', load: 0 };
      for (const cls of classes) {
        const h = subject.hours(cls.level);
        if (!h) continue;
        if (!current || current.load + h > TEACHER_LOAD_CAP) {
          const person = personName(random);
          const key = `${code}-${subject.code}-${newTeachers.length}`;
          newTeachers.push({
            key,
            name: `${person.gender === 'L' ? 'Ustadz' : 'Ustadzah'} ${person.name}`,
            gender: person.gender,
          });
          current = { key, load: 0 };
        }
        current.load += h;
        teacherOf.set(`${cls.id}|${subject.code}`, current.key === 'demo-teacher' ? -1 : newTeachers.length - 1);
      }
    }
    const teacherRows = newTeachers.length
      ? await tx
          .insert(employees)
          .values(
            newTeachers.map((t) => {
              const seq = employeeSeq++;
              return {
                unitId,
                nip: `19${70 + (seq % 25)}0${1 + (seq % 9)}1${seq % 10}20${10 + (seq % 15)}0${1 + (seq % 9)}${t.gender === 'L' ? 1 : 2}${seq}`,
                name: t.name,
                gender: t.gender,
                position: 'Guru',
                employmentStatus: seq % 3 === 0 ? 'GTT' : 'GTY',
                joinDate: `20${10 + (seq % 15)}-07-01`,
              };
            }),
          )
          .returning({ id: employees.id, nip: employees.nip, name: employees.name })
      : [];
    summary.employees += teacherRows.length;
    // their accounts (username = NIP, like employees created in the app), sharing the one hash
    const teacherAccounts = await tx
      .insert(users)
      .values(
        teacherRows.map((t) => ({
          username: t.nip,
          displayName: t.name,
          passwordHash,
          division: 'TEACHER' as const,
          unitId,
        })),
      )
      .returning({ id: users.id, username: users.username });
    for (const account of teacherAccounts) {
      await tx.update(employees).set({ userId: account.id }).where(eq(employees.nip, account.username));
    }

    // homeroom teachers: one distinct teacher per class; the demo teacher leads SMP 7A
    const homeroomPool = teacherRows.map((t) => t.id);
    for (const [i, cls] of classes.entries()) {
      const homeroom = code === 'SMP' && cls.name === '7A' ? demoTeacherId : homeroomPool[i % homeroomPool.length];
      if (homeroom)
        await tx.update(classGroups).set({ homeroomEmployeeId: homeroom }).where(eq(classGroups.id, cls.id));
    }

    for (const cls of classes) {
      for (const subject of shape.subjects as readonly DemoSubject[]) {
        const h = subject.hours(cls.level);
        const t = teacherOf.get(`${cls.id}|${subject.code}`);
        if (!h || t === undefined) continue;
        const employeeId = t === -1 ? demoTeacherId : teacherRows[t]!.id;
        lessons.push({
          classKey: String(cls.id),
          subjectKey: subject.code,
          teacherKey: String(employeeId),
          hours: h,
          unitId,
          subjectId: subjectRows.find((r) => r.code === subject.code)!.id,
          classGroupId: cls.id,
          employeeId,
        });
      }
    }

    // ---- students, about 25 a class, enrolled; the demo student sits in SMP 7A
    let nisSeq = 1;
    const studentValues: (typeof students.$inferInsert & { classGroupId: number })[] = [];
    for (const cls of classes) {
      const isDemoClass = code === 'SMP' && cls.name === '7A';
      for (let i = 0; i < DEMO_STUDENTS_PER_CLASS - (isDemoClass ? 1 : 0); i++) {
        const person = personName(random);
        studentValues.push({
          unitId,
          nis: demoNis(shape.digit, nisSeq++),
          nisn: demoNisn(nisnSeq++),
          name: person.name,
          gender: person.gender,
          ...studentDetails(random, cls.level, period.startYear),
          status: 'ACTIVE',
          classGroupId: cls.id,
        });
      }
    }
    if (code === studentAccount.unit) {
      const cls = classes.find((c) => c.name === '7A')!;
      studentValues.push({
        unitId,
        userId: accountId('STUDENT'),
        nis: studentAccount.nis!,
        nisn: studentAccount.nisn ?? null,
        name: studentAccount.displayName,
        gender: 'L',
        ...studentDetails(random, 7, period.startYear),
        status: 'ACTIVE',
        classGroupId: cls.id,
      });
    }
    const studentRows = await tx
      .insert(students)
      .values(studentValues.map(({ classGroupId: _c, ...v }) => v))
      .returning({ id: students.id });
    await tx.insert(enrollments).values(
      studentRows.map((s, i) => ({
        studentId: s.id,
        classGroupId: studentValues[i]!.classGroupId,
        academicYearId,
        // the demo students entered their classes on the first day of the year
        startedAt: startOfJakartaDay(period.startDate),
      })),
    );
    summary.students += studentRows.length;
    if (code === 'SMP') {
      // the classmates of the demo student (SMP 7A) sign in with their NIS, sharing the one hash: a class to
      // sit the demo quiz and exam with
      const cls7a = classes.find((c) => c.name === '7A')!;
      const mates = studentRows
        .map((row, i) => ({ id: row.id, ...studentValues[i]! }))
        .filter((v) => v.classGroupId === cls7a.id && !v.userId);
      const mateAccounts = await tx
        .insert(users)
        .values(
          mates.map((m) => ({
            username: m.nis,
            displayName: m.name,
            passwordHash,
            division: 'STUDENT' as const,
            unitId,
          })),
        )
        .returning({ id: users.id, username: users.username });
      for (const account of mateAccounts) {
        await tx
          .update(students)
          .set({ userId: account.id })
          .where(and(eq(students.unitId, unitId), eq(students.nis, account.username)));
      }
    }
  }

  // ---- teaching assignments and the clash-free timetable of the current semester
  await tx.insert(teachingAssignments).values(
    lessons.map((l) => ({
      employeeId: l.employeeId,
      subjectId: l.subjectId,
      classGroupId: l.classGroupId,
      academicYearId,
      semester: period.semester,
      hoursPerWeek: l.hours,
    })),
  );
  const byKey = new Map(lessons.map((l) => [`${l.classKey}|${l.subjectKey}`, l]));
  const periodsOf = Math.max(...Object.values(LEVELS).map((l) => l.periods));
  const { placed } = placeLessons(lessons, SCHOOL_DAYS, periodsOf);
  const slots = placed.map((p) => {
    const l = byKey.get(`${p.classKey}|${p.subjectKey}`)!;
    return {
      unitId: l.unitId,
      academicYearId,
      semester: period.semester,
      classGroupId: l.classGroupId,
      day: p.day,
      period: p.period,
      subjectId: l.subjectId,
      employeeId: l.employeeId,
    };
  });
  for (let i = 0; i < slots.length; i += 1000) await tx.insert(timetableSlots).values(slots.slice(i, i + 1000));
  summary.lessons = slots.length;

  // ---- a quiz and an exam of SMP 7A to take online (Matematika, by its teacher)
  const smp = unitIdOf('SMP')!;
  const [cls7a] = await tx
    .select({ id: classGroups.id, gradeId: classGroups.gradeId })
    .from(classGroups)
    .where(and(eq(classGroups.unitId, smp), eq(classGroups.name, '7A')));
  const math =
    lessons.find((l) => l.classGroupId === cls7a!.id && l.subjectKey === 'MTK') ??
    lessons.find((l) => l.classGroupId === cls7a!.id)!;
  // in the second semester 7A keeps its first semester's assignments and timetable too: the semester whose rapor
  // the demo closes (demo-rapor.ts)
  if (period.semester === 'GENAP') {
    const own = lessons.filter((l) => l.classGroupId === cls7a!.id);
    await tx.insert(teachingAssignments).values(
      own.map((l) => ({
        employeeId: l.employeeId,
        subjectId: l.subjectId,
        classGroupId: l.classGroupId,
        academicYearId,
        semester: 'GANJIL' as const,
        hoursPerWeek: l.hours,
      })),
    );
    await tx
      .insert(timetableSlots)
      .values(slots.filter((x) => x.classGroupId === cls7a!.id).map((x) => ({ ...x, semester: 'GANJIL' as const })));
  }
  await seedDemoExams(tx, {
    unitId: smp,
    subjectId: math.subjectId,
    gradeId: cls7a!.gradeId,
    classGroupId: cls7a!.id,
    authorEmployeeId: math.employeeId,
    year: period,
  });
  // ---- counselling notes and psychological tests of the SMP counsellor
  await seedDemoCounselling(tx, { unitId: smp, academicYearId, year: period, studentNis: studentAccount.nis! });
  await seedDemoInstruments(tx, {
    unitIds: unitRows.map((u) => u.id),
    smpUnitId: smp,
    classGroupId: cls7a!.id,
    academicYearId,
    year: period,
  });
  await seedDemoDiscipline(tx, {
    units: unitRows,
    year: period,
    today: jakartaDate(clock.now()),
    demoStudentUserId: accountId('STUDENT'),
    reporterUserId: accountId('TEACHER'),
    verifierUserId: accountId('BPBK'),
  });
  await seedDemoPrayer(tx, {
    unitIds: unitRows.map((u) => u.id),
    smpUnitId: smp,
    classGroupId: cls7a!.id,
    today: jakartaDate(clock.now()),
    recorderUserId: accountId('TEACHER'),
  });
  await seedDemoFinance(tx, {
    units: unitRows,
    smpUnitId: smp,
    classGroupId: cls7a!.id,
    academicYearId,
    year: period,
    today: jakartaDate(clock.now()),
    approverUserId: accountId('TEACHERCASHIER'),
  });
  await seedDemoFinanceBooks(tx, {
    unitIds: unitRows.map((u) => u.id),
    smpUnitId: smp,
    today: jakartaDate(clock.now()),
    makerUserId: accountId('TEACHERCASHIER'),
    approverUserId: accountId('ADMIN'),
  });
  await seedDemoBisyaroh(tx, {
    smpUnitId: smp,
    today: jakartaDate(clock.now()),
    adminUserId: accountId('ADMIN'),
    teacherEmployeeId: staffRows.find((r) => r.nip === DEMO_ACCOUNTS.find((a) => a.division === 'TEACHER')!.nip)!.id,
    tuEmployeeId: staffRows.find((r) => r.nip === DEMO_ACCOUNTS.find((a) => a.division === 'TU')!.nip)!.id,
  });
  await seedDemoFinanceReports(tx, {
    smpUnitId: smp,
    today: jakartaDate(clock.now()),
    cashierUserId: accountId('TEACHERCASHIER'),
  });
  await seedDemoFinancePayments(tx, {
    smpUnitId: smp,
    demoStudentUserId: accountId('STUDENT'),
    cashierUserId: accountId('TEACHERCASHIER'),
    approverUserId: accountId('PRINCIPAL'),
  });
  await seedDemoBtq(tx, {
    units: unitRows,
    year: period,
    today: jakartaDate(clock.now()),
    teacherUserId: accountId('TEACHER'),
    coordinatorUserId: accountId('TEACHERCASHIER'),
    outsideUstadzPasswordHash: passwordHash,
  });
  // BTQ progress builds on the set-up seed's methods and ustadz
  await seedDemoBtqProgress(tx, {
    unitId: smp,
    schoolYear: period.tapel,
    today: jakartaDate(clock.now()),
    ustadzUserId: accountId('TEACHER'),
    testerUserId: accountId('TEACHERCASHIER'),
    demoStudentUserId: accountId('STUDENT'),
  });
  await seedDemoAdmission(tx, { smpUnitId: smp, startYear: period.startYear, today: jakartaDate(clock.now()) });
  // the admission selection test's banks, a wave with its test window open and a verified applicant
  await seedDemoSelection(tx, {
    unitIds: unitRows.map((u) => u.id),
    smpUnitId: smp,
    principalUserId: accountId('PRINCIPAL'),
  });
  // ---- SMP 7A's first semester ready to close: scores, TPs, descriptions, all subjects but one submitted, notes
  await seedDemoRapor(tx, {
    unitId: smp,
    classGroupId: cls7a!.id,
    gradeId: cls7a!.gradeId,
    academicYearId,
    year: period,
    now: clock.now(),
    today: jakartaDate(clock.now()),
    homeroomUserId: accountId('TEACHER'),
    mathSubjectId: math.subjectId,
  });
  return summary;
}
