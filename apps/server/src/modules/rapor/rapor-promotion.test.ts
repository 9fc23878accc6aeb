import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { PromotionRun, Rapor, RaporBoard, RaporClass, RaporClasses } from '@mms/shared';
import { eq } from 'drizzle-orm';
import {
  academicYears,
  classGroups,
  enrollments,
  grades,
  raporStates,
  students,
  units,
  users,
} from '../../db/schema/index.ts';
import { carryGraduateInto, setStudentStatus } from '../school/year-transition.service.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { createRaporService } from './rapor.service.ts';

// The year-end decision on the second semester's rapor (issue 40 §2): the unit's promotion run of the year, decided
// before the rapors are locked. The clock: 1 July 2027, after 2026/2027.
let ctx: TestContext;
let principal: Session;
let c7a: number;
let c9a: number;
let [up, stays, leaves] = [0, 0, 0];
let [y1, y2, runId] = [0, 0, 0];

const raporOf = async (id: number, semester: 'GANJIL' | 'GENAP') => {
  const res = await ctx.call(principal, 'GET', `/api/v1/rapor/students/${id}?semester=${semester}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Rapor>();
};

/** The text of a PDF, read back with PDF.js. */
async function pdfText(url: string, lang = 'id') {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: principal.cookie, 'accept-language': lang },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  const doc = await getDocument({ data: new Uint8Array(res.rawPayload), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages.join('\n');
}
const studentPdf = (id: number, semester: string, lang = 'id') =>
  pdfText(`/api/v1/rapor/students/${id}/pdf?semester=${semester}`, lang);

beforeAll(async () => {
  ctx = await createTestContext({}, { now: '2027-07-01T06:59:00+07:00' });
  principal = await ctx.as('PRINCIPAL');
  const unitId = principal.user.unit!.id;
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
      { unitId, academicYearId: y1, gradeId: g[0]!.id, name: '7A' },
      { unitId, academicYearId: y1, gradeId: g[2]!.id, name: '9A' },
    ])
    .returning();
  [c7a, c9a] = [cls[0]!.id, cls[1]!.id];
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
  // the rapors before any run: no decision yet
  expect((await raporOf(up, 'GENAP')).promotion).toBeNull();
  const proposed = await ctx.call(principal, 'POST', '/api/v1/promotions', {
    fromYearId: y1,
    toYearId: y2,
    graduationDate: '2027-06-20',
  });
  expect(proposed.statusCode, proposed.body).toBe(200);
  runId = proposed.json<PromotionRun>().id;
  const decided = await ctx.call(principal, 'PUT', `/api/v1/promotions/${runId}/decisions`, {
    entries: [{ studentId: stays, decision: 'RETAIN' }],
  });
  expect(decided.statusCode, decided.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('the year-end decision on the rapor', () => {
  it('is on the second semester’s rapor of a promoted, a retained and a graduating student, JSON and PDF', async () => {
    expect((await raporOf(up, 'GENAP')).promotion).toEqual({ kind: 'PROMOTE', className: '8A' });
    expect((await raporOf(stays, 'GENAP')).promotion).toEqual({ kind: 'RETAIN', className: '7A' });
    expect((await raporOf(leaves, 'GENAP')).promotion).toEqual({ kind: 'GRADUATE', className: null });
    expect(await studentPdf(up, 'GENAP')).toMatch(/Keputusan:\s*Naik ke kelas 8A/);
    expect(await studentPdf(stays, 'GENAP')).toMatch(/Keputusan:\s*Tinggal di kelas 7A/);
    expect(await studentPdf(leaves, 'GENAP')).toMatch(/Keputusan:\s*Lulus/);
    expect(await studentPdf(stays, 'GENAP', 'en')).toMatch(/Decision:\s*Retained in class 7A/);
    expect(await studentPdf(leaves, 'GENAP', 'en')).toMatch(/Decision:\s*Graduated/);
  });

  it('is not on the first semester’s rapor', async () => {
    expect((await raporOf(up, 'GANJIL')).promotion).toBeNull();
    expect(await studentPdf(up, 'GANJIL')).not.toContain('Keputusan');
  });

  it('is in the class’s batched read and its PDF, equal to the single-student rapor', async () => {
    const service = createRaporService(ctx.db, ctx.config.dataDir);
    const c = await service.ofClass(principal.user, c7a, { semester: 'GENAP' });
    const batched: Rapor[] = [];
    for await (const r of c.rapors()) batched.push(r);
    expect(batched.map((r) => [r.student.id, r.promotion?.kind])).toEqual([
      [up, 'PROMOTE'],
      [stays, 'RETAIN'],
    ]);
    for (const r of batched) expect(JSON.parse(JSON.stringify(r))).toEqual(await raporOf(r.student.id, 'GENAP'));
    const text = await pdfText(`/api/v1/rapor/classes/${c7a}/pdf?semester=GENAP`);
    expect(text).toMatch(/Naik ke kelas 8A[\s\S]*Tinggal di kelas 7A/);
  });
});

describe('the old year’s class rapors after the promotion is applied', () => {
  const namesIn = async (classGroupId: number) => {
    const list = await ctx.call(principal, 'GET', `/api/v1/rapor/classes/${classGroupId}?semester=GENAP`);
    expect(list.statusCode, list.body).toBe(200);
    const board = await ctx.call(principal, 'GET', `/api/v1/rapor/classes/${classGroupId}/board?semester=GENAP`);
    expect(board.statusCode, board.body).toBe(200);
    return {
      list: list.json<RaporClass>().students.map((s) => s.name),
      board: board.json<RaporBoard>().students.map((s) => s.name),
    };
  };

  beforeAll(async () => {
    const unitId = principal.user.unit!.id;
    // two who left 9A during the year: one moved (status only), one whose enrolment was ended
    const left = await ctx.db
      .insert(students)
      .values([
        { unitId, nis: 'P7', name: 'Dodi', status: 'MOVED' as const },
        { unitId, nis: 'P8', name: 'Eka', status: 'DROPPED' as const },
      ])
      .returning();
    await ctx.db.insert(enrollments).values([
      { studentId: left[0]!.id, classGroupId: c9a, academicYearId: y1 },
      {
        studentId: left[1]!.id,
        classGroupId: c9a,
        academicYearId: y1,
        endedAt: new Date('2027-02-01T00:00:00Z'),
        endReason: 'MOVED',
      },
    ]);
    await ctx.db
      .insert(raporStates)
      .values(
        [c7a, c9a].map((classGroupId) => ({ classGroupId, semester: 'GENAP' as const, status: 'LOCKED' as const })),
      );
    const applied = await ctx.call(principal, 'POST', `/api/v1/promotions/${runId}/apply`, {
      copyHomerooms: false,
      copyTeaching: false,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json()).toMatchObject({ graduated: 1 });
  });

  it('keeps the graduate (now GRADUATED) and the promoted in the class list, the board and the class PDF', async () => {
    expect(await namesIn(c9a)).toEqual({ list: ['Citra'], board: ['Citra'] });
    expect(await namesIn(c7a)).toEqual({ list: ['Ahmad', 'Budi'], board: ['Ahmad', 'Budi'] });
    const text = await pdfText(`/api/v1/rapor/classes/${c9a}/pdf?semester=GENAP`);
    expect(text).toMatch(/Citra[\s\S]*Keputusan:\s*Lulus/);
    expect(text).not.toMatch(/Dodi|Eka/);
  });

  it('lists a graduate carried into another unit once, by the old class’s enrolment, whatever their status now', async () => {
    const [sma] = await ctx.db.insert(units).values({ code: 'SMA', name: 'SMA Uji' }).returning();
    const [g10] = await ctx.db.insert(grades).values({ unitId: sma!.id, level: 10, name: 'Kelas 10' }).returning();
    const [c10] = await ctx.db
      .insert(classGroups)
      .values({ unitId: sma!.id, academicYearId: y2, gradeId: g10!.id, name: '10A' })
      .returning();
    await carryGraduateInto(ctx.db, leaves, { unitId: sma!.id, nis: 'A1' });
    await ctx.db.insert(enrollments).values({ studentId: leaves, classGroupId: c10!.id, academicYearId: y2 });
    expect(await namesIn(c9a)).toEqual({ list: ['Citra'], board: ['Citra'] });
    // listed by the enrolment's year-end mark, not by being active again: leaving the new unit changes nothing here
    await setStudentStatus(ctx.db, [leaves], 'MOVED');
    expect(await namesIn(c9a)).toEqual({ list: ['Citra'], board: ['Citra'] });
  });
});

describe('the old year’s rapors after the new year becomes the active one', () => {
  beforeAll(async () => {
    await ctx.db.update(academicYears).set({ isActive: false }).where(eq(academicYears.id, y1));
    await ctx.db.update(academicYears).set({ isActive: true }).where(eq(academicYears.id, y2));
  });

  it('lists the classes of the year asked (the active one when none is) and opens a student’s rapor of an old class', async () => {
    const classesOf = async (query = '') => {
      const res = await ctx.call(principal, 'GET', `/api/v1/rapor/classes${query}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RaporClasses>().items.map((c) => c.name);
    };
    expect(await classesOf()).toEqual(['7A', '8A']);
    expect(await classesOf(`?academicYearId=${y1}`)).toEqual(['7A', '9A']);
    // the student's own class of the active year by default; the old class when it is asked
    const now = await ctx.call(principal, 'GET', `/api/v1/rapor/students/${up}?semester=GANJIL`);
    expect(now.json<Rapor>().classGroup.name).toBe('8A');
    const old = await ctx.call(principal, 'GET', `/api/v1/rapor/students/${up}?semester=GENAP&classGroupId=${c7a}`);
    expect(old.statusCode, old.body).toBe(200);
    expect(old.json<Rapor>()).toMatchObject({
      classGroup: { id: c7a, name: '7A' },
      schoolYear: '2026/2027',
      promotion: { kind: 'PROMOTE', className: '8A' },
    });
    // a class the student was not in, an unknown year, bad input
    expect((await ctx.call(principal, 'GET', `/api/v1/rapor/students/${up}?classGroupId=${c9a}`)).statusCode).toBe(404);
    expect((await ctx.call(principal, 'GET', '/api/v1/rapor/classes?academicYearId=99999999')).statusCode).toBe(404);
    expect((await ctx.call(principal, 'GET', '/api/v1/rapor/classes?academicYearId=abc')).statusCode).toBe(400);
    // another unit's principal opens no old class of this one
    const [elsewhere] = await ctx.db.insert(units).values({ code: 'SDX', name: 'SD Uji' }).returning();
    const someone = await ctx.createUser({ division: 'PRINCIPAL' });
    await ctx.db.update(users).set({ unitId: elsewhere!.id }).where(eq(users.id, someone.id));
    const other = await ctx.signIn(someone.username);
    expect(
      (await ctx.call(other, 'GET', `/api/v1/rapor/students/${up}?semester=GENAP&classGroupId=${c7a}`)).statusCode,
    ).toBe(403);
  });
});
