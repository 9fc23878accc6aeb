import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clock } from '../lib/clock.ts';
import { sql } from 'drizzle-orm';
import { createTestContext, type TestContext } from '../test/context.ts';
import { examClashes } from '../modules/assessment/distribution.repo.ts';
import { addStudentsUntil } from './bulk-students.ts';
import { placeLessons } from './demo-data.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, DEMO_STUDENTS_PER_CLASS, seedDemoIfFirstStart } from './demo.ts';

let ctx: TestContext;
// Speed is measured by benchmarks, never asserted by a timed test:
// a 10 s limit here failed at a load average of 15 with nothing wrong.
beforeAll(async () => {
  ctx = await createTestContext({}, { empty: true });
  expect(await seedDemoIfFirstStart(ctx.db)).toBe(true);
}, 60_000);
afterAll(() => ctx.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await ctx.db.execute(query)).rows[0] as T;

describe('demo seed', () => {
  it('creates the demo school on an empty database', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from units) as units,
      (select count(*)::int from grades) as grades,
      (select count(*)::int from class_groups) as classes,
      (select count(*)::int from students) as students,
      (select count(*)::int from enrollments where ended_at is null) as enrolled,
      (select count(*)::int from employees) as employees,
      (select count(*)::int from subjects) as subjects,
      (select count(*)::int from bell_periods) as bells,
      (select count(*)::int from academic_years where is_active) as active_years`);
    expect(counts).toMatchObject({ units: 2, grades: 9, classes: 21, active_years: 1 });
    expect(counts.students).toBe(21 * DEMO_STUDENTS_PER_CLASS);
    expect(counts.enrolled).toBe(counts.students);
    expect(counts.employees).toBeGreaterThanOrEqual(40);
    expect(counts.employees).toBeLessThanOrEqual(55);
    expect(counts.subjects).toBeGreaterThanOrEqual(22);
    const perUnit = await ctx.db.execute<{ code: string; minutes: number; nis_dupes: number }>(
      sql`select u.code, u.period_minutes as minutes,
        (select count(*) - count(distinct nis) from students s where s.unit_id = u.id)::int as nis_dupes
        from units u order by u.code`,
    );
    expect(perUnit.rows).toEqual([
      { code: 'SD', minutes: 35, nis_dupes: 0 },
      { code: 'SMP', minutes: 40, nis_dupes: 0 },
    ]);
    const badNisn = await one<{ n: number }>(sql`select count(*)::int as n from students where nisn !~ '^[0-9]{10}$'`);
    expect(badNisn.n).toBe(0);
  });

  it('signs in all 9 demo accounts', async () => {
    expect(DEMO_ACCOUNTS).toHaveLength(9);
    for (const account of DEMO_ACCOUNTS) {
      const session = await ctx.signIn(account.division.toLowerCase(), DEMO_PASSWORD);
      expect(session.user.division).toBe(account.division);
    }
  });

  it('has a complete timetable without a class or teacher clash', async () => {
    const clashes = await one<{ classes: number; teachers: number }>(sql`select
      (select count(*)::int from (select 1 from timetable_slots group by class_group_id, semester, day, period having count(*) > 1) c) as classes,
      (select count(*)::int from (select 1 from timetable_slots group by employee_id, academic_year_id, semester, day, period having count(*) > 1) t) as teachers`);
    expect(clashes).toEqual({ classes: 0, teachers: 0 });
    // every assigned JP is in the timetable
    const missing = await one<{ n: number }>(sql`select count(*)::int as n from teaching_assignments a
      where a.hours_per_week <> (select count(*) from timetable_slots s
        where s.class_group_id = a.class_group_id and s.subject_id = a.subject_id and s.semester = a.semester)`);
    expect(missing.n).toBe(0);
  });

  it('puts the demo student in SMP 7A, taught by the demo teacher', async () => {
    const student = await ctx.signIn('student', DEMO_PASSWORD);
    const mine = (await ctx.call(student, 'GET', '/api/v1/timetable/me')).json();
    expect(mine.className).toBe('7A');
    expect(mine.items.length).toBeGreaterThan(30);
    const teacher = await ctx.signIn('teacher', DEMO_PASSWORD);
    const teaching = (await ctx.call(teacher, 'GET', '/api/v1/timetable/me')).json();
    expect(teaching.items.map((i: { className: string }) => i.className)).toContain('7A');
    const assignments = await ctx.call(
      teacher,
      'GET',
      `/api/v1/teaching-assignments?employeeId=${teacher.user.employeeId}`,
    );
    expect(assignments.json().items.map((i: { className: string }) => i.className)).toContain('7A');
  });

  it('holds SMP 7A first semester ready to close: every subject complete but Matematika, which locks once submitted', async () => {
    const class7a = await one<{ id: number }>(
      sql`select cg.id from class_groups cg join units u on u.id = cg.unit_id where u.code = 'SMP' and cg.name = '7A'`,
    );
    const teacher = await ctx.signIn('teacher', DEMO_PASSWORD);
    const board = async () =>
      (await ctx.call(teacher, 'GET', `/api/v1/rapor/classes/${class7a.id}/board?semester=GANJIL`)).json() as {
        complete: boolean;
        students: { note: string | null }[];
        subjects: {
          subjectId: number;
          name: string;
          submittedAt: string | null;
          mine: boolean;
          missingScore: unknown[];
          missingDescription: unknown[];
        }[];
      };
    const before = await board();
    expect(before.complete).toBe(false);
    expect(before.subjects).toHaveLength(12);
    // scores and descriptions of every student in every subject, a note for every student
    expect(before.subjects.filter((s) => s.missingScore.length || s.missingDescription.length)).toEqual([]);
    expect(before.students.filter((s) => !s.note)).toEqual([]);
    const open = before.subjects.filter((s) => s.submittedAt === null);
    expect(open.map((s) => [s.name, s.mine])).toEqual([['Matematika', true]]);
    // one column of Matematika is the online summative's, filled by the exam engine
    const fed = await one<{ n: number }>(sql`select count(distinct sc.student_id)::int as n
      from score_columns c join scores sc on sc.column_id = c.id
      where c.class_group_id = ${class7a.id} and c.semester = 'GANJIL' and c.assessment_id is not null`);
    expect(fed.n).toBe(DEMO_STUDENTS_PER_CLASS);

    const principal = await ctx.signIn('principal', DEMO_PASSWORD);
    const lock = () => ctx.call(principal, 'POST', `/api/v1/rapor/classes/${class7a.id}/lock`, { semester: 'GANJIL' });
    expect((await lock()).statusCode).toBe(409);
    const submit = await ctx.call(teacher, 'POST', `/api/v1/rapor/classes/${class7a.id}/submit`, {
      semester: 'GANJIL',
      subjectId: open[0]!.subjectId,
    });
    expect(submit.statusCode, submit.body).toBe(200);
    expect((await board()).complete).toBe(true);
    const locked = await lock();
    expect(locked.statusCode, locked.body).toBe(200);
  });

  it('does nothing the second time', async () => {
    expect(await seedDemoIfFirstStart(ctx.db)).toBe(false);
  });

  it('adds enrolled students up to a target count, in batches', async () => {
    expect(await addStudentsUntil(ctx.db, 1600)).toEqual({ added: 1600 - 21 * DEMO_STUDENTS_PER_CLASS, total: 1600 });
    expect(await addStudentsUntil(ctx.db, 1000)).toEqual({ added: 0, total: 1600 });
    const counts = await one<{ open: number; nisn: number }>(sql`select
      (select count(*)::int from enrollments where ended_at is null) as open,
      (select count(distinct nisn)::int from students) as nisn`);
    expect(counts).toEqual({ open: 1600, nisn: 1600 });
  });
});

describe('placeLessons', () => {
  it('never puts a class or a teacher in two places at once', () => {
    const lessons = Array.from({ length: 40 }, (_, i) => ({
      classKey: `c${i % 5}`,
      subjectKey: `s${i}`,
      teacherKey: `t${i % 7}`,
      hours: 1 + (i % 4),
    }));
    const { placed } = placeLessons(lessons, 6, 8);
    const keys = (f: (p: (typeof placed)[number]) => string) => new Set(placed.map(f)).size;
    expect(keys((p) => `${p.classKey}|${p.day}|${p.period}`)).toBe(placed.length);
    expect(keys((p) => `${p.teacherKey}|${p.day}|${p.period}`)).toBe(placed.length);
  });

  it('gives the demo student a quiz and a token exam to take online, open the whole school year', async () => {
    const student = await ctx.signIn('student', DEMO_PASSWORD);
    const quizzes = await ctx.call(student, 'GET', '/api/v1/exam/mine?kind=FORMATIVE');
    expect(quizzes.statusCode, quizzes.body).toBe(200);
    expect(quizzes.json().items).toEqual([
      expect.objectContaining({ status: 'OPEN', questionCount: 6, tokenRequired: false, attemptsAllowed: 10 }),
    ]);
    const exams = (await ctx.call(student, 'GET', '/api/v1/exam/mine?kind=SUMMATIVE')).json();
    // the token exam, and the first semester's online summative, done and published (demo-rapor.ts)
    expect(exams.items).toHaveLength(2);
    expect(exams.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ status: 'OPEN', tokenRequired: true, isSample: true }),
        expect.objectContaining({ status: 'DONE', isSample: false, attemptsUsed: 1 }),
      ]),
    );
    // practice, so a real exam of 7A scheduled in the same year finds the class free
    const class7a = await one<{ id: number }>(
      sql`select cg.id from class_groups cg join units u on u.id = cg.unit_id where u.code = 'SMP' and cg.name = '7A'`,
    );
    const now = clock.now();
    const clashes = await examClashes(ctx.db, {
      id: 0,
      classIds: [class7a.id],
      opensAt: new Date(now.getTime() + 86_400_000),
      closesAt: new Date(now.getTime() + 2 * 86_400_000),
      now,
    });
    expect(clashes).toEqual([]);
    const paper = await ctx.call(
      student,
      'POST',
      `/api/v1/exam/assessments/${quizzes.json().items[0].assessmentId}/start`,
      {
        deviceId: 'demo-device-1',
      },
    );
    expect(paper.statusCode, paper.body).toBe(200);
    // the classmates of 7A sign in with their NIS and see the same quiz
    const mates = await ctx.db.execute<{ nis: string }>(sql`select s.nis from students s
      join enrollments e on e.student_id = s.id join class_groups cg on cg.id = e.class_group_id
      join units u on u.id = cg.unit_id
      where u.code = 'SMP' and cg.name = '7A' and s.user_id is not null order by s.nis`);
    expect(mates.rows).toHaveLength(DEMO_STUDENTS_PER_CLASS);
    const mate = await ctx.signIn(mates.rows[1]!.nis, DEMO_PASSWORD);
    expect((await ctx.call(mate, 'GET', '/api/v1/exam/mine?kind=FORMATIVE')).json().items).toHaveLength(1);
    expect(
      paper
        .json()
        .questions.map((q: { type: string }) => q.type)
        .sort(),
    ).toEqual(['ESSAY', 'MATCHING', 'MULTIPLE', 'SHORT', 'SINGLE', 'TRUE_FALSE']);
  });

  it('gives both units a discipline catalogue and thresholds, and SMP 7A reports, a ledger and a proposal', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(distinct unit_id)::int from violation_rules) as rule_units,
      (select count(distinct unit_id)::int from discipline_thresholds) as threshold_units,
      (select count(*)::int from violations) as violations,
      (select count(*)::int from point_ledger) as lines,
      (select count(*)::int from sanctions where status = 'PROPOSED') as proposals,
      (select count(*)::int from achievements) as achievements`);
    expect(counts).toMatchObject({ rule_units: 2, threshold_units: 2, proposals: 1, achievements: 1 });
    expect(counts.violations).toBeGreaterThanOrEqual(6);
    expect(counts.lines).toBeGreaterThanOrEqual(5);
  });

  it('gives both units the prayer rule, SMP 7A dzuhur and ashar, and one student points for last month', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from prayer_rules where is_active) as rule_units,
      (select count(*)::int from prayer_records) as records,
      (select count(*)::int from prayer_penalties) as penalties,
      (select count(*)::int from point_ledger where source = 'prayer') as lines`);
    expect(counts).toMatchObject({ rule_units: 2, penalties: 1, lines: 1 });
    expect(counts.records).toBeGreaterThan(100);
  });

  it('gives SMP a BTQ coordinator (teachercashier) and an outside ustadzah who signs in to her own halaqah', async () => {
    const coordinator = await ctx.signIn('teachercashier', DEMO_PASSWORD);
    expect((await ctx.call(coordinator, 'GET', '/api/v1/btq-progress/promotions')).json().canDecide).toBe(true);
    const teacher = await ctx.signIn('teacher', DEMO_PASSWORD);
    expect((await ctx.call(teacher, 'GET', '/api/v1/btq-progress/promotions')).json().canDecide).toBe(false);
    const ustadzah = await ctx.signIn('ustadzah', DEMO_PASSWORD);
    expect(ustadzah.user).toMatchObject({ division: 'TEACHER', employeeId: null });
    const groups = (await ctx.call(ustadzah, 'GET', '/api/v1/btq-progress/groups')).json();
    expect(groups.map((g: { name: string }) => g.name)).toEqual(['Halaqah Ar-Rahman']);
  });

  it('gives every unit a chart of accounts and SMP numbered vouchers of the current month and a draft', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(distinct unit_id)::int from finance_accounts) as account_units,
      (select count(*)::int from vouchers where state = 'POSTED' and source is null) as posted,
      (select count(*)::int from vouchers where state = 'DRAFT') as drafts,
      (select count(*)::int from vouchers where state = 'POSTED' and source is null and maker_user_id = approver_user_id) as self_approved`);
    expect(counts).toMatchObject({ account_units: 2, posted: 5, drafts: 1, self_approved: 0 });
  });

  it('gives the daily cash report the treasurer’s vouchers of today', async () => {
    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from vouchers where source = 'demo:kas-harian' and state = 'POSTED'
         and date = ${clock.today()}::date) as today`);
    expect(counts).toMatchObject({ today: 3 });
  });
});
