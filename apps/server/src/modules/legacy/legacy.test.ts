import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { addDays, type Permission } from '@mms/shared';
import { auditLog, enrollments, grades, subjects, teachingAssignments, units } from '../../db/schema/index.ts';
import { clock } from '../../lib/clock.ts';
import { createTestContext, TEST_PASSWORD, type Session, type TestContext } from '../../test/context.ts';
import { schoolFactory } from '../school/test-factory.ts';

let ctx: TestContext;
let admin: Session;
let teacher: Session;
let student: Session;
let world: {
  yearId: number;
  classId: number;
  otherClassId: number;
  subjectId: number;
  studentId: number;
  otherStudentId: number;
  otherTeacherId: number;
};
const tokens = {} as Record<'admin' | 'teacher' | 'student' | 'teacherNoScope', string>;

async function createToken(userId: number, scopes: Permission[]) {
  const res = await ctx.call(admin, 'POST', '/api/v1/api-tokens', {
    name: `legacy ${userId} ${scopes.length}`,
    userId,
    scopes,
    expiresOn: addDays(clock.today(), 10),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<{ token: string; item: { id: number } }>();
}

const call = (token: string | null, method: 'GET' | 'POST', url: string, body?: object) =>
  ctx.app.inject({
    method,
    url: `/api/legacy${url}`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
    ...(body ? { payload: body } : {}),
  });

beforeAll(async () => {
  // Few failures before the sign-in throttle, to test that the old client's sign-in shares it.
  ctx = await createTestContext({ LOGIN_MAX_FAILURES: '3' });
  const f = schoolFactory(ctx);
  const { wakakur, unitId, yearId } = await f.setup();
  admin = await ctx.as('ADMIN');
  teacher = await ctx.as('TEACHER');
  student = await ctx.as('STUDENT');
  const g = await f.grade(wakakur, unitId, 7);
  const c = await f.classGroup(wakakur, yearId, g.id, '7A');
  const other = await f.classGroup(wakakur, yearId, g.id, '7B');
  const subject = await f.subject(wakakur, unitId, 'MTK', 'Matematika');
  const otherTeacher = await ctx.createUser({ division: 'TEACHER' });
  const otherTeacherSession = await ctx.signIn(otherTeacher.username);
  const otherStudent = await f.student(wakakur, unitId);
  await ctx.db.insert(teachingAssignments).values([
    {
      employeeId: teacher.user.employeeId!,
      subjectId: subject.id,
      classGroupId: c.id,
      academicYearId: yearId,
      semester: 'GANJIL',
      hoursPerWeek: 5,
    },
    {
      employeeId: otherTeacherSession.user.employeeId!,
      subjectId: subject.id,
      classGroupId: other.id,
      academicYearId: yearId,
      semester: 'GANJIL',
      hoursPerWeek: 5,
    },
  ]);
  await ctx.db.insert(enrollments).values([
    { studentId: student.user.studentId!, classGroupId: c.id, academicYearId: yearId },
    { studentId: otherStudent.id, classGroupId: other.id, academicYearId: yearId },
  ]);
  // The SD unit, for the plain calls (the SMP variants are the fixture unit's).
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  await ctx.db.insert(grades).values({ unitId: sd!.id, level: 1, name: 'Kelas 1' });
  await ctx.db.insert(subjects).values({ unitId: sd!.id, code: 'BIN', name: 'Bahasa Indonesia' });
  world = {
    yearId,
    classId: c.id,
    otherClassId: other.id,
    subjectId: subject.id,
    studentId: student.user.studentId!,
    otherStudentId: otherStudent.id,
    otherTeacherId: otherTeacherSession.user.employeeId!,
  };
  const staffScopes: Permission[] = ['school.read', 'school.employee.read', 'schedule.read', 'profile.self'];
  tokens.admin = (await createToken(admin.user.id, staffScopes)).token;
  tokens.teacher = (await createToken(teacher.user.id, staffScopes)).token;
  tokens.student = (await createToken(student.user.id, ['schedule.read', 'profile.self'])).token;
  tokens.teacherNoScope = (await createToken(teacher.user.id, ['profile.self'])).token;
});
afterAll(() => ctx.close());

/** Spec section 7, as written there (each lookup with its SMP variant). */
const SECTION_7 = [
  '/login',
  '/updatePass',
  '/userrssSmaAlamin',
  '/passwordChange',
  '/getCurrentDateTimeJkt',
  '/getEmployeeByNIP',
  ...[
    'getCurrentClassTitle',
    'getCurrentEmloyeeClassTitle',
    'getCurrentEmloyeeMapel',
    'getClassTitleBasedEmployeeMapel',
    'getClassTitleBasedTapelEmployeeId',
    'getMapelBasedTapelEmployeeIdClassTitle',
    'getAllTeacher',
    'getAllMapel',
    'getAllClassTitle',
    'getAllClassGrade',
    'getTapel',
    'getMapelBasedTapelStudentId',
    'getCurrentClassTitleStudent',
  ].flatMap((name) => [`/${name}`, `/${name}SMP`]),
];
/** Calls without a token: the clock and the sign-in itself. */
const PUBLIC_CALLS = ['/getCurrentDateTimeJkt', '/login'];

type Who = 'admin' | 'teacher' | 'student';
/**
 * Every call of spec section 7 (the plain call is the SD unit's, the SMP variant the SMP unit's),
 * with who may make it and the parameters it needs.
 */
const CALLS = (): { method: 'GET' | 'POST'; path: string; who: Who; query?: string; body?: object }[] => {
  const { yearId, classId, subjectId, studentId } = world;
  const tapel = `tapel=${yearId}`;
  const lookups: [string, Who, Who, string][] = [
    ['getTapel', 'admin', 'teacher', ''],
    ['getAllMapel', 'admin', 'teacher', ''],
    ['getAllClassTitle', 'admin', 'teacher', ''],
    ['getAllTeacher', 'admin', 'teacher', ''],
    ['getCurrentClassTitle', 'admin', 'teacher', tapel],
    ['getCurrentEmloyeeClassTitle', 'admin', 'teacher', tapel],
    ['getCurrentEmloyeeMapel', 'admin', 'teacher', tapel],
    ['getClassTitleBasedEmployeeMapel', 'admin', 'teacher', `${tapel}&mapel=${subjectId}`],
    ['getClassTitleBasedTapelEmployeeId', 'admin', 'teacher', tapel],
    ['getMapelBasedTapelEmployeeIdClassTitle', 'admin', 'teacher', `${tapel}&classTitle=${classId}`],
    ['getMapelBasedTapelStudentId', 'admin', 'student', `${tapel}&studentId=${studentId}`],
    ['getCurrentClassTitleStudent', 'admin', 'student', `studentId=${studentId}`],
  ];
  return [
    ...lookups.flatMap(([name, sd, smp, query]) => [
      { method: 'GET' as const, path: `/${name}`, who: sd, query },
      { method: 'GET' as const, path: `/${name}SMP`, who: smp, query: smp === 'student' ? `${tapel}` : query },
    ]),
    { method: 'GET', path: '/getAllClassGrade', who: 'admin', query: 'grade=1' },
    { method: 'GET', path: '/getAllClassGradeSMP', who: 'teacher' },
    { method: 'GET', path: '/getEmployeeByNIP', who: 'admin', query: `nip=${teacher.user.employeeNumber}` },
    { method: 'GET', path: '/userrssSmaAlamin', who: 'student' },
    {
      method: 'POST',
      path: '/updatePass',
      who: 'admin',
      body: { current_password: TEST_PASSWORD, new_password: 'sandi-admin-baru-2026' },
    },
    {
      method: 'POST',
      path: '/passwordChange',
      who: 'admin',
      body: { current_password: 'sandi-admin-baru-2026', new_password: TEST_PASSWORD },
    },
  ];
};

describe('every call of spec section 7', () => {
  it('covers every call the spec lists, each registered under /api/legacy', () => {
    const paths = CALLS().map((c) => c.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect([...paths, ...PUBLIC_CALLS].sort()).toEqual([...SECTION_7].sort());
    const registered = new Set(ctx.app.registeredRoutes().map((r) => `${r.method} ${r.url}`));
    for (const c of CALLS()) expect(registered, c.path).toContain(`${c.method} /api/legacy${c.path}`);
    expect(registered).toContain('GET /api/legacy/getCurrentDateTimeJkt');
    expect(registered).toContain('POST /api/legacy/login');
  });

  it('documents every call in OpenAPI under the tag legacy, with an example answer', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      paths: Record<string, Record<string, { tags?: string[]; responses: Record<string, unknown> }>>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.components.securitySchemes.bearer).toMatchObject({ type: 'http', scheme: 'bearer' });
    for (const path of SECTION_7) {
      const ops = doc.paths[`/api/legacy${path}`];
      expect(ops, path).toBeDefined();
      const op = Object.values(ops!)[0]!;
      expect(op.tags, path).toEqual(['legacy']);
      expect(JSON.stringify(op.responses['200']), path).toMatch(/"examples?"/);
    }
  });

  it('answers 401 without a token and 200 for a permitted token', async () => {
    for (const c of CALLS()) {
      const url = `${c.path}${c.query ? `?${c.query}` : ''}`;
      const anonymous = await call(null, c.method, url, c.body);
      expect(anonymous.statusCode, `${url} anonymous`).toBe(401);
      expect(anonymous.json().error.code).toBe('UNAUTHENTICATED');
      const res = await call(tokens[c.who], c.method, url, c.body);
      expect(res.statusCode, `${url} as ${c.who}: ${res.body}`).toBe(200);
    }
  });

  it('answers getCurrentDateTimeJkt without any token (public), rows with jkt', async () => {
    const res = await call(null, 'GET', '/getCurrentDateTimeJkt');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0].jkt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}.*\+07:00$/);
  });

  it('answers POST /login with a token that works on the other calls', async () => {
    const res = await call(null, 'POST', '/login', { username: student.user.username, password: TEST_PASSWORD });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(/^mms_/);
    expect(new Date(body.expires_at).getTime()).toBeGreaterThan(clock.now().getTime());
    expect(body.data.data).toMatchObject({ student_id: world.studentId, division: 'STUDENT' });
    const me = await call(body.access_token, 'GET', '/userrssSmaAlamin');
    expect(me.statusCode).toBe(200);
    expect(me.json().data.data).toMatchObject({
      student_id: world.studentId,
      name: student.user.displayName,
      division: 'STUDENT',
      email: null,
      profile_photo_path: null,
    });
    const cls = await call(body.access_token, 'GET', '/getCurrentClassTitleStudentSMP');
    expect(cls.json()[0].class_title).toBe('7A');
  });
});

describe('row shapes and row rules', () => {
  const items = (res: { json: () => unknown }) => res.json() as Record<string, unknown>[];

  it("gives a teacher's token only the teacher's own classes and subjects", async () => {
    const own = await call(tokens.teacher, 'GET', '/getCurrentEmloyeeClassTitleSMP');
    expect(items(own)).toEqual([{ id: world.classId, class_title: '7A' }]);
    const mapel = await call(
      tokens.teacher,
      'GET',
      `/getMapelBasedTapelEmployeeIdClassTitleSMP?tapel=${world.yearId}&classTitle=${world.classId}`,
    );
    expect(items(mapel)).toEqual([{ id: world.subjectId, mapel: 'Matematika', code: 'MTK' }]);
    const byMapel = await call(tokens.teacher, 'GET', `/getClassTitleBasedEmployeeMapelSMP?mapel=${world.subjectId}`);
    expect(items(byMapel)).toEqual([{ id: world.classId, class_title: '7A' }]);
    for (const path of [
      'getCurrentEmloyeeClassTitleSMP',
      'getCurrentEmloyeeMapelSMP',
      'getClassTitleBasedTapelEmployeeIdSMP',
    ]) {
      const res = await call(
        tokens.teacher,
        'GET',
        `/${path}?tapel=${world.yearId}&employeeId=${world.otherTeacherId}`,
      );
      expect(res.statusCode, path).toBe(403);
    }
    // The ADMIN may look up another teacher's classes, as on /api/v1
    const other = await call(tokens.admin, 'GET', `/getCurrentEmloyeeClassTitleSMP?employeeId=${world.otherTeacherId}`);
    expect(items(other)).toEqual([{ id: world.otherClassId, class_title: '7B' }]);
  });

  it("gives a student's token only the student's own class and subjects", async () => {
    const own = await call(tokens.student, 'GET', '/getCurrentClassTitleStudentSMP');
    expect(items(own)[0]).toEqual({
      id: world.classId,
      class_title: '7A',
      student_id: world.studentId,
      tapel_id: world.yearId,
      grade_level: 7,
    });
    const subjectsOwn = await call(tokens.student, 'GET', `/getMapelBasedTapelStudentIdSMP?tapel=${world.yearId}`);
    expect(items(subjectsOwn).map((r) => r.mapel)).toEqual(['Matematika']);
    for (const path of ['getCurrentClassTitleStudentSMP', 'getMapelBasedTapelStudentIdSMP']) {
      const res = await call(tokens.student, 'GET', `/${path}?tapel=${world.yearId}&studentId=${world.otherStudentId}`);
      expect(res.statusCode, path).toBe(403);
    }
    // a student has no school.read: the staff lookups stay closed to the token
    expect((await call(tokens.student, 'GET', '/getAllMapelSMP')).statusCode).toBe(403);
    // and an SMP student may not open the SD unit's calls
    expect((await call(tokens.student, 'GET', '/getCurrentClassTitleStudent')).statusCode).toBe(403);
  });

  it('keeps each unit to its own variant', async () => {
    expect(items(await call(tokens.admin, 'GET', '/getAllMapel')).map((r) => r.mapel)).toEqual(['Bahasa Indonesia']);
    expect(items(await call(tokens.admin, 'GET', '/getAllMapelSMP')).map((r) => r.mapel)).toEqual(['Matematika']);
    expect(items(await call(tokens.admin, 'GET', '/getAllClassGrade?grade=1'))).toEqual([
      { id: expect.any(Number), grade: 'Kelas 1', level: 1 },
    ]);
    expect(items(await call(tokens.admin, 'GET', '/getAllClassGrade?grade=2'))).toEqual([]);
    expect(items(await call(tokens.teacher, 'GET', '/getAllClassTitleSMP')).map((r) => r.class_title)).toEqual([
      '7A',
      '7B',
    ]);
    // an SMP teacher may not open the SD unit's lists
    expect((await call(tokens.teacher, 'GET', '/getAllMapel')).statusCode).toBe(403);
    const tapel = items(await call(tokens.teacher, 'GET', '/getTapelSMP'));
    expect(tapel).toContainEqual({ id: world.yearId, tapel: expect.stringMatching(/^\d{4}\/\d{4}$/), is_active: true });
    const nip = await call(tokens.admin, 'GET', `/getEmployeeByNIP?nip=${teacher.user.employeeNumber}`);
    expect(items(nip)).toEqual([
      { id: teacher.user.employeeId, nip: teacher.user.employeeNumber, name: expect.any(String) },
    ]);
    expect(items(await call(tokens.admin, 'GET', '/getEmployeeByNIP?nip=000000'))).toEqual([]);
  });

  it('answers 403 to a token without the scope the call needs', async () => {
    const res = await call(tokens.teacherNoScope, 'GET', '/getTapelSMP');
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('FORBIDDEN');
    expect((await call(tokens.teacherNoScope, 'GET', '/userrssSmaAlamin')).statusCode).toBe(200);
  });

  it('answers 400 to bad parameters and to ids past 32 bits', async () => {
    const bad = [
      '/getCurrentClassTitleSMP?tapel=abc',
      '/getCurrentClassTitleSMP?tapel=2147483648',
      '/getCurrentEmloyeeClassTitleSMP?employeeId=99999999999',
      '/getClassTitleBasedTapelEmployeeIdSMP',
      '/getClassTitleBasedEmployeeMapelSMP',
      `/getMapelBasedTapelEmployeeIdClassTitleSMP?tapel=${world.yearId}&classTitle=-1`,
      `/getMapelBasedTapelStudentIdSMP?tapel=${world.yearId}&studentId=4294967296`,
      '/getCurrentClassTitleSMP?semester=KETIGA',
      '/getAllClassGrade?grade=99',
      '/getEmployeeByNIP',
      '/getEmployeeByNIP?nip=%00',
      "/getEmployeeByNIP?nip=1'%20or%201=1",
    ];
    for (const url of bad) {
      const res = await call(tokens.admin, 'GET', url);
      expect(res.statusCode, `${url}: ${res.body}`).toBe(400);
      expect(['VALIDATION_FAILED', 'BAD_REQUEST']).toContain(res.json().error.code);
    }
    expect((await call(tokens.admin, 'GET', '/getCurrentClassTitleSMP?tapel=999999')).statusCode).toBe(404);
  });
});

describe('sign-in and passwords of the old client', () => {
  it('throttles /login exactly like the normal sign-in (the same failure count)', async () => {
    const u = await ctx.createUser({ division: 'TU' });
    for (let i = 0; i < 3; i++) {
      const res = await call(null, 'POST', '/login', { username: u.username, password: 'salah-salah-salah' });
      expect(res.statusCode).toBe(401);
      expect(res.json().error.code).toBe('INVALID_CREDENTIALS');
    }
    const locked = await call(null, 'POST', '/login', { username: u.username, password: TEST_PASSWORD });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // the normal sign-in counts the same failures
    const v1 = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { username: u.username, password: TEST_PASSWORD },
    });
    expect(v1.statusCode).toBe(429);
    expect((await call(null, 'POST', '/login', { username: '', password: 'x' })).statusCode).toBe(400);
  });

  it('changes the password through the password policy, ends the sessions, and is audited with the token name', async () => {
    const u = await ctx.createUser({ division: 'TU' });
    const session = await ctx.signIn(u.username);
    const login = await call(null, 'POST', '/login', { username: u.username, password: TEST_PASSWORD });
    const token = login.json().access_token as string;
    const wrong = await call(token, 'POST', '/passwordChange', {
      current_password: 'bukan-sandinya',
      new_password: 'sandi-baru-yang-kuat-2026',
    });
    expect(wrong.statusCode).toBe(400);
    const common = await call(token, 'POST', '/passwordChange', {
      current_password: TEST_PASSWORD,
      new_password: 'password123',
    });
    expect(common.statusCode).toBe(400);
    const same = await call(token, 'POST', '/updatePass', {
      current_password: TEST_PASSWORD,
      new_password: TEST_PASSWORD,
    });
    expect(same.statusCode).toBe(400);

    const ok = await call(token, 'POST', '/passwordChange', {
      current_password: TEST_PASSWORD,
      new_password: 'sandi-baru-yang-kuat-2026',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ message: 'Data berhasil disimpan', sessions_ended: 1 });
    expect((await ctx.call(session, 'GET', '/api/v1/auth/me')).statusCode).toBe(401);
    await expect(ctx.signIn(u.username, 'sandi-baru-yang-kuat-2026')).resolves.toBeDefined();
    const [entry] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        sql`${auditLog.action} = 'auth.password.change' and ${auditLog.entityId} = ${String(login.json().data.data.id)}`,
      );
    expect(entry!.actorUsername).toBe(`${u.username} [token: legacy-login ${u.username}]`);
    const updated = await call(token, 'POST', '/updatePass', {
      current_password: 'sandi-baru-yang-kuat-2026',
      new_password: 'sandi-ketiga-yang-kuat-2026',
    });
    expect(updated.statusCode).toBe(200);
    expect(updated.json().data.data.name).toBe(`Pengguna ${u.username}`);
    const [row] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'auth.login.success')).limit(1);
    expect(row).toBeDefined();
  });
});
