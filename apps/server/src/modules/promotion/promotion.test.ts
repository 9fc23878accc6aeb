import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import type { PromotionRun } from '@mms/shared';
import {
  academicYears,
  admissionWaves,
  applicantEvents,
  applicants,
  auditLog,
  classGroups,
  enrollments,
  grades,
  raporStates,
  studentAttendance,
  students,
  subjects,
  teachingAssignments,
  units,
  users,
} from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';

let ctx: TestContext;
let principal: Session;
let homeroom: Session;
let otherTeacher: Session;
let otherUnit: Session;
let y1: number;
let y2: number;
let c7a: number;
let c9a: number;
let [up, stays, leaves] = [0, 0, 0];
let runId: number;
let sdUnit: number;
let smpGrade7: number;

const API = '/api/v1/promotions';
const runOf = (s: Session | null) => ctx.call(s, 'GET', `${API}?fromYearId=${y1}`);
const decide = (s: Session | null, entries: unknown, id = runId) =>
  ctx.call(s, 'PUT', `${API}/${id}/decisions`, { entries });
const apply = (s: Session | null) =>
  ctx.call(s, 'POST', `${API}/${runId}/apply`, { copyHomerooms: true, copyTeaching: true });
const undo = (s: Session | null) => ctx.call(s, 'POST', `${API}/${runId}/undo`);
const openIn = (year: number, studentId: number) =>
  ctx.db
    .select({
      id: enrollments.id,
      className: classGroups.name,
      endReason: enrollments.endReason,
      endedAt: enrollments.endedAt,
    })
    .from(enrollments)
    .innerJoin(classGroups, eq(classGroups.id, enrollments.classGroupId))
    .where(and(eq(enrollments.academicYearId, year), eq(enrollments.studentId, studentId)));
const classesOf = (year: number) =>
  ctx.db.select().from(classGroups).where(eq(classGroups.academicYearId, year)).orderBy(classGroups.name);

beforeAll(async () => {
  ctx = await createTestContext({}, { now: '2027-07-01T06:59:00+07:00' });
  principal = await ctx.as('PRINCIPAL');
  homeroom = await ctx.as('TEACHER');
  otherTeacher = await ctx.signIn((await ctx.createUser({ division: 'TEACHER' })).username);
  const unitId = principal.user.unit!.id;
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  sdUnit = sd!.id;
  const sdPrincipal = await ctx.createUser({ division: 'PRINCIPAL' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, sdPrincipal.id));
  otherUnit = await ctx.signIn(sdPrincipal.username);
  const years = await ctx.db
    .insert(academicYears)
    .values([
      { name: '2026/2027', startDate: '2026-07-13', endDate: '2027-06-26', isActive: true },
      { name: '2027/2028', startDate: '2027-07-12', endDate: '2028-06-24' },
    ])
    .returning();
  [y1, y2] = [years[0]!.id, years[1]!.id];
  const g = await ctx.db
    .insert(grades)
    .values([7, 8, 9].map((level) => ({ unitId, level, name: `Kelas ${level}` })))
    .returning();
  const cls = await ctx.db
    .insert(classGroups)
    .values([
      { unitId, academicYearId: y1, gradeId: g[0]!.id, name: '7A', homeroomEmployeeId: homeroom.user.employeeId },
      { unitId, academicYearId: y1, gradeId: g[2]!.id, name: '9A', room: 'R9' },
    ])
    .returning();
  [c7a, c9a] = [cls[0]!.id, cls[1]!.id];
  smpGrade7 = g[0]!.id;
  const st = await ctx.db
    .insert(students)
    .values(['Ahmad', 'Budi', 'Citra'].map((name, i) => ({ unitId, nis: `P${i}`, name })))
    .returning();
  [up, stays, leaves] = st.map((s) => s.id) as [number, number, number];
  await ctx.db.insert(enrollments).values([
    { studentId: up, classGroupId: c7a, academicYearId: y1 },
    { studentId: stays, classGroupId: c7a, academicYearId: y1 },
    { studentId: leaves, classGroupId: c9a, academicYearId: y1 },
  ]);
  const [subject] = await ctx.db.insert(subjects).values({ unitId, code: 'MTK', name: 'Matematika' }).returning();
  await ctx.db.insert(teachingAssignments).values({
    employeeId: otherTeacher.user.employeeId!,
    subjectId: subject!.id,
    classGroupId: c7a,
    academicYearId: y1,
    semester: 'GENAP',
    hoursPerWeek: 4,
  });
});

afterAll(async () => {
  await ctx.close();
});

describe('the year-end promotion', () => {
  it('proposes 7A -> 8A and graduation for grade 9; only the leaders propose', async () => {
    const body = { fromYearId: y1, toYearId: y2, graduationDate: '2027-06-20' };
    for (const s of [homeroom, await ctx.as('STUDENT'), await ctx.as('TU')]) {
      expect((await ctx.call(s, 'POST', API, body)).statusCode).toBe(403);
    }
    expect((await ctx.call(null, 'POST', API, body)).statusCode).toBe(401);
    expect((await ctx.call(principal, 'POST', API, { ...body, toYearId: y1 })).statusCode).toBe(400);
    expect((await ctx.call(principal, 'POST', API, { ...body, graduationDate: '20-06-2027' })).statusCode).toBe(400);
    expect((await ctx.call(otherUnit, 'POST', API, body)).statusCode).toBe(400); // SD has no class in that year
    const res = await ctx.call(principal, 'POST', API, body);
    expect(res.statusCode, res.body).toBe(200);
    const run = res.json<PromotionRun>();
    runId = run.id;
    expect(run).toMatchObject({ status: 'DRAFT', finalLevel: 9, counts: { promote: 2, retain: 0, graduate: 1 } });
    const [seven, nine] = run.classes;
    expect(seven!.students.map((s) => [s.name, s.decision, s.targetClassName])).toEqual([
      ['Ahmad', 'PROMOTE', '8A'],
      ['Budi', 'PROMOTE', '8A'],
    ]);
    expect(nine!.students[0]).toMatchObject({ name: 'Citra', decision: 'GRADUATE', targetClassName: null });
    expect((await ctx.call(principal, 'POST', API, body)).statusCode).toBe(409);
  });

  it('lets the homeroom keep a student in grade 7 (tinggal kelas), only in their own class', async () => {
    const view = await runOf(homeroom);
    expect(view.statusCode, view.body).toBe(200);
    expect(view.json<PromotionRun>().classes.map((c) => c.canDecide)).toEqual([true, false]);
    const res = await decide(homeroom, [{ studentId: stays, decision: 'RETAIN', note: 'Belum tuntas' }]);
    expect(res.statusCode, res.body).toBe(200);
    const budi = res.json<PromotionRun>().classes[0]!.students[1]!;
    expect(budi).toMatchObject({ decision: 'RETAIN', targetLevel: 7, targetClassName: '7A', note: 'Belum tuntas' });
    expect((await decide(homeroom, [{ studentId: leaves, decision: 'GRADUATE' }])).statusCode).toBe(403);
    expect((await decide(otherTeacher, [{ studentId: up, decision: 'RETAIN' }])).statusCode).toBe(403);
    expect((await decide(otherUnit, [{ studentId: up, decision: 'RETAIN' }])).statusCode).toBe(403);
    expect(
      (await ctx.call(otherUnit, 'GET', `${API}?fromYearId=${y1}&unitId=${principal.user.unit!.id}`)).statusCode,
    ).toBe(403);
    expect((await decide(null, [{ studentId: up, decision: 'RETAIN' }])).statusCode).toBe(401);
  });

  it('refuses bad decisions with 4xx', async () => {
    const bad = [
      [],
      [{ studentId: up, decision: 'LOMPAT' }],
      [{ studentId: up, decision: 'GRADUATE' }],
      [{ studentId: up, decision: 'PROMOTE', targetClassName: '  ' }],
      [
        { studentId: up, decision: 'PROMOTE' },
        { studentId: up, decision: 'RETAIN' },
      ],
      [{ studentId: 2 ** 31, decision: 'PROMOTE' }],
      [{ studentId: otherTeacher.user.id + 999, decision: 'PROMOTE' }],
    ];
    for (const entries of bad) {
      expect((await decide(principal, entries)).statusCode, JSON.stringify(entries)).toBe(400);
    }
    expect((await decide(principal, [{ studentId: up, decision: 'PROMOTE' }], 99_999_999)).statusCode).toBe(404);
    expect((await ctx.call(principal, 'GET', `${API}?fromYearId=abc`)).statusCode).toBe(400);
  });

  it('refuses to apply until the second semester’s rapors of every class it moves are locked, and decisions after the lock', async () => {
    const refusal = async () => {
      const res = await apply(principal);
      expect(res.statusCode, res.body).toBe(409);
      return res.json<{ error: { message: string } }>().error.message;
    };
    await ctx.db.insert(raporStates).values([
      { classGroupId: c7a, semester: 'GANJIL', status: 'LOCKED' }, // the first semester does not count
      { classGroupId: c9a, semester: 'GENAP', status: 'DRAFT' },
    ]);
    expect(await refusal()).toBe(
      'Rapor semester genap kelas 7A, 9A belum dikunci; kunci rapornya dulu sebelum menerapkan kenaikan kelas',
    );
    await ctx.db.update(raporStates).set({ status: 'PUBLISHED' }).where(eq(raporStates.classGroupId, c9a));
    expect(await refusal()).toContain('kelas 7A belum dikunci');
    // the locked rapor prints its students' decisions: they no longer change
    const late = await decide(principal, [{ studentId: leaves, decision: 'GRADUATE', note: 'terlambat' }]);
    expect(late.statusCode, late.body).toBe(409);
    expect(late.json<{ error: { message: string } }>().error.message).toBe(
      'Rapor semester genap kelas 9A sudah dikunci; keputusan kenaikan kelasnya tidak dapat diubah',
    );
    expect(await openIn(y2, up)).toEqual([]);
    await ctx.db.insert(raporStates).values({ classGroupId: c7a, semester: 'GENAP', status: 'LOCKED' });
  });

  it('applies: everyone moves at once, graduates become alumni, the old year stays', async () => {
    expect((await apply(homeroom)).statusCode).toBe(403);
    expect((await apply(otherUnit)).statusCode).toBe(403);
    const res = await apply(await ctx.as('WAKAKUR'));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ enrolled: 2, graduated: 1, createdClasses: ['8A', '7A'] });
    expect((await openIn(y2, up)).map((e) => e.className)).toEqual(['8A']);
    expect((await openIn(y2, stays)).map((e) => e.className)).toEqual(['7A']);
    expect(await openIn(y2, leaves)).toEqual([]);
    const [citra] = await ctx.db.select().from(students).where(eq(students.id, leaves));
    expect(citra!.status).toBe('GRADUATED');
    // the old year: the same classes, each enrolment still open in its class, marked with how the year ended
    expect((await classesOf(y1)).map((c) => c.name)).toEqual(['7A', '9A']);
    const old = [...(await openIn(y1, up)), ...(await openIn(y1, stays)), ...(await openIn(y1, leaves))];
    expect(old.map((e) => [e.className, e.endReason, e.endedAt])).toEqual([
      ['7A', 'PROMOTED', null],
      ['7A', 'RETAINED', null],
      ['9A', 'GRADUATED', null],
    ]);
    const made = await classesOf(y2);
    expect(made.find((c) => c.name === '8A')!.homeroomEmployeeId).toBe(homeroom.user.employeeId);
    const copied = await ctx.db
      .select()
      .from(teachingAssignments)
      .where(
        inArray(
          teachingAssignments.classGroupId,
          made.map((c) => c.id),
        ),
      );
    expect(copied).toHaveLength(2); // 7A's teaching into the new 8A and the new 7A
    expect((await apply(principal)).statusCode).toBe(409);
    expect((await decide(principal, [{ studentId: up, decision: 'RETAIN' }])).statusCode).toBe(409);
    const logged = await ctx.db.select({ action: auditLog.action }).from(auditLog);
    expect(logged.map((l) => l.action)).toEqual(
      expect.arrayContaining(['promotion.propose', 'promotion.decide', 'promotion.apply']),
    );
  });

  it('undoes before the first register of the new year, and refuses after it', async () => {
    expect((await undo(homeroom)).statusCode).toBe(403);
    const res = await undo(principal);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PromotionRun>().status).toBe('DRAFT');
    expect(await openIn(y2, up)).toEqual([]);
    expect(await classesOf(y2)).toEqual([]);
    const [citra] = await ctx.db.select().from(students).where(eq(students.id, leaves));
    expect(citra!.status).toBe('ACTIVE');
    expect((await openIn(y1, stays))[0]!.endReason).toBeNull();
    expect((await undo(principal)).statusCode).toBe(409);

    expect((await apply(principal)).statusCode).toBe(200);
    const [eightA] = (await classesOf(y2)).filter((c) => c.name === '8A');
    await ctx.db
      .insert(studentAttendance)
      .values({ date: '2027-07-12', classGroupId: eightA!.id, studentId: up, code: 'H', source: 'daily' });
    const refused = await undo(principal);
    expect(refused.statusCode).toBe(409);
    expect(refused.json<{ error: { message: string } }>().error.message).toContain(
      'presensi tahun pelajaran 2027/2028 sudah diisi',
    );
    expect((await openIn(y2, up)).map((e) => e.className)).toEqual(['8A']);
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'promotion.undo'));
    expect(logged).toHaveLength(1);
  });
});

describe('the SD graduates offered the SMP internal admission path', () => {
  let sdRun: number;
  let internalWave: number;
  let publicWave: number;
  let graduates: number[];
  let c6aId: number;
  const offer = (s: Session | null, waveId: number) =>
    ctx.call(s, 'POST', `${API}/${sdRun}/internal-admission`, { waveId });
  const inWave = () =>
    ctx.db.select().from(applicants).where(eq(applicants.waveId, internalWave)).orderBy(applicants.name);

  beforeAll(async () => {
    const [g6] = await ctx.db.insert(grades).values({ unitId: sdUnit, level: 6, name: 'Kelas 6' }).returning();
    const [c6a] = await ctx.db
      .insert(classGroups)
      .values({ unitId: sdUnit, academicYearId: y1, gradeId: g6!.id, name: '6A' })
      .returning();
    const st = await ctx.db
      .insert(students)
      .values([
        {
          unitId: sdUnit,
          nis: 'S1',
          name: 'Dina',
          nisn: '0123456789',
          nik: '3201010101010001',
          gender: 'P' as const,
          birthPlace: 'Bogor',
          birthDate: '2015-03-04',
          fatherName: 'Pak Dani',
          motherName: 'Bu Dewi',
          parentPhone: '08123',
          entryDate: '2021-07-12',
        },
        { unitId: sdUnit, nis: 'S2', name: 'Eko', gender: 'L' as const },
      ])
      .returning();
    graduates = st.map((x) => x.id);
    c6aId = c6a!.id;
    await ctx.db
      .insert(enrollments)
      .values(graduates.map((studentId) => ({ studentId, classGroupId: c6a!.id, academicYearId: y1 })));
    await ctx.db.insert(raporStates).values({ classGroupId: c6a!.id, semester: 'GENAP', status: 'LOCKED' });
    const waves = await ctx.db
      .insert(admissionWaves)
      .values(
        [true, false].map((internal) => ({
          unitId: principal.user.unit!.id,
          academicYearId: y2,
          gradeId: smpGrade7,
          name: internal ? 'Jalur internal' : 'Gelombang 1',
          opensOn: '2027-01-01',
          closesOn: '2027-06-30',
          quota: 60,
          internal,
        })),
      )
      .returning();
    [internalWave, publicWave] = [waves[0]!.id, waves[1]!.id];
    const res = await ctx.call(otherUnit, 'POST', API, { fromYearId: y1, toYearId: y2, graduationDate: '2027-06-20' });
    expect(res.statusCode, res.body).toBe(200);
    sdRun = res.json<PromotionRun>().id;
  });

  it('gives every graduate an accepted application in the internal wave, once, without a selection test', async () => {
    expect((await offer(otherUnit, internalWave)).statusCode).toBe(409); // not applied yet
    const applied = await ctx.call(otherUnit, 'POST', `${API}/${sdRun}/apply`, {
      copyHomerooms: false,
      copyTeaching: false,
    });
    expect(applied.json()).toMatchObject({ graduated: 2 });
    const waves = await ctx.call(otherUnit, 'GET', `${API}/${sdRun}/internal-waves`);
    expect(waves.json()).toEqual({
      items: [{ id: internalWave, name: 'Jalur internal', unitName: expect.any(String), gradeName: 'Kelas 7' }],
    });
    expect((await offer(otherUnit, publicWave)).statusCode).toBe(400);
    const res = await offer(otherUnit, internalWave);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ created: 2, existing: 0 });
    const made = await inWave();
    expect(made.map((a) => [a.name, a.state, a.sourceStudentId, a.studentId])).toEqual([
      ['Dina', 'ACCEPTED', graduates[0], null],
      ['Eko', 'ACCEPTED', graduates[1], null],
    ]);
    expect(made[0]).toMatchObject({
      nisn: '0123456789',
      nik: '3201010101010001',
      gender: 'P',
      birthPlace: 'Bogor',
      birthDate: '2015-03-04',
      fatherName: 'Pak Dani',
      motherName: 'Bu Dewi',
      motherPhone: '08123',
      previousSchool: 'SD Uji',
    });
    const events = await ctx.db
      .select({ from: applicantEvents.fromState, to: applicantEvents.toState })
      .from(applicantEvents)
      .where(eq(applicantEvents.applicantId, made[0]!.id));
    expect(events).toEqual([{ from: null, to: 'ACCEPTED' }]); // never REGISTERED, VERIFIED or TESTED

    const again = await offer(otherUnit, internalWave);
    expect(again.json()).toMatchObject({ created: 0, existing: 2 });
    expect(await inWave()).toHaveLength(2);
    const logged = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'promotion.internalOffer'));
    expect(logged).toHaveLength(2);
  });

  it('re-registers a graduate into the SMP on their own student row; the SD keeps its year', async () => {
    const tu = await ctx.as('TU');
    const smp = principal.user.unit!.id;
    const [smp7a] = await ctx.db
      .select()
      .from(classGroups)
      .where(and(eq(classGroups.academicYearId, y2), eq(classGroups.gradeId, smpGrade7)));
    const reregister = (applicantId: number) =>
      ctx.call(tu, 'POST', `/api/v1/admission/applicants/${applicantId}/reregister`, { classGroupId: smp7a!.id });
    const [dina] = await inWave();
    const done = await reregister(dina!.id);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ studentId: graduates[0], nis: '270001', classGroupId: smp7a!.id });
    const withNisn = await ctx.db.select().from(students).where(eq(students.nisn, '0123456789'));
    expect(withNisn.map((s) => [s.id, s.unitId, s.nis, s.status, s.entryDate])).toEqual([
      [graduates[0], smp, '270001', 'ACTIVE', '2021-07-12'],
    ]);
    // the SD year stays: its enrolment marked GRADUATED, beside the SMP's new one
    expect((await openIn(y1, graduates[0]!)).map((e) => [e.className, e.endReason])).toEqual([['6A', 'GRADUATED']]);
    expect((await openIn(y2, graduates[0]!)).map((e) => e.className)).toEqual([smp7a!.name]);
    const [logged] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'admission.applicant.reregister'), eq(auditLog.entityId, String(dina!.id))));
    expect(logged!.before).toEqual({
      student: { studentId: graduates[0], unitId: sdUnit, nis: 'S1', status: 'GRADUATED' },
    });
    expect((await reregister(dina!.id)).statusCode).toBe(409);

    // the SD principal still opens the SD year's rapor of the child; the SMP's principal does not
    const rapor = await ctx.call(otherUnit, 'GET', `/api/v1/rapor/students/${graduates[0]}?semester=GENAP`);
    expect(rapor.statusCode, rapor.body).toBe(200);
    expect(rapor.json()).toMatchObject({
      student: { id: graduates[0], nisn: '0123456789' },
      classGroup: { id: c6aId, name: '6A' },
    });
    expect((await ctx.call(principal, 'GET', `/api/v1/rapor/students/${graduates[0]}`)).statusCode).toBe(403);

    // an applicant of the public wave still becomes a new student
    const [other] = await ctx.db
      .insert(applicants)
      .values({
        waveId: publicWave,
        unitId: smp,
        regNo: 'SPMB/SMP/2027/9001',
        pinHash: 'x',
        state: 'ACCEPTED',
        name: 'Fajar',
        nisn: '0987654321',
      })
      .returning();
    const fresh = await reregister(other!.id);
    expect(fresh.statusCode, fresh.body).toBe(200);
    expect(graduates).not.toContain(fresh.json<{ studentId: number }>().studentId);
    expect(fresh.json()).toMatchObject({ nis: '270002' });

    // the SD cannot undo its promotion under the SMP's feet
    const undone = await ctx.call(otherUnit, 'POST', `${API}/${sdRun}/undo`);
    expect(undone.statusCode).toBe(409);
    expect(undone.json<{ error: { message: string } }>().error.message).toBe(
      'Kenaikan kelas tidak dapat dibatalkan: Dina sudah daftar ulang di unit lain',
    );
    expect((await ctx.db.select().from(students).where(eq(students.id, graduates[1]!)))[0]!.status).toBe('GRADUATED');
  });

  it('needs the admission decision beside promotion.manage', async () => {
    const wakakur = await ctx.createUser({ division: 'WAKAKUR' });
    await ctx.db.update(users).set({ unitId: sdUnit }).where(eq(users.id, wakakur.id));
    expect((await offer(await ctx.signIn(wakakur.username), internalWave)).statusCode).toBe(403);
    expect((await offer(await ctx.as('TU'), internalWave)).statusCode).toBe(403);
    expect((await offer(homeroom, internalWave)).statusCode).toBe(403);
    expect((await offer(null, internalWave)).statusCode).toBe(401);
    expect((await ctx.call(homeroom, 'GET', `${API}/${sdRun}/internal-waves`)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'GET', `${API}/${sdRun}/internal-waves`)).statusCode).toBe(403); // the SD's run
    expect((await ctx.call(principal, 'POST', `${API}/${sdRun}/internal-admission`, { waveId: 'x' })).statusCode).toBe(
      400,
    );
    expect(await inWave()).toHaveLength(2);
  });
});
