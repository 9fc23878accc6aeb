import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { GradeRules, Rapor, RaporClass, RaporClasses, ScoreColumn } from '@mms/shared';
import {
  btqLevels,
  btqMethods,
  btqProgress,
  btqStudentLevels,
  calendarEntries,
  prayerRecords,
  studentAttendance,
  units,
} from '../../db/schema/index.ts';
import { eq } from 'drizzle-orm';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import { createRaporService } from './rapor.service.ts';

// The clock: Wednesday 18 November 2026, 10:00 WIB (the attendance fixture's instant), first semester of 2026/2027.
let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let studentId: number;
const json = (s: Session | null, id = studentId, query = '') =>
  ctx.call(s, 'GET', `/api/v1/rapor/students/${id}${query}`);

/** The text of every page of a PDF, read back with PDF.js. */
async function pdfPages(body: Buffer): Promise<string[]> {
  const doc = await getDocument({ data: new Uint8Array(body), useSystemFonts: false }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent();
    pages.push(content.items.map((it) => ('str' in it ? it.str : '')).join(' '));
  }
  await doc.destroy();
  return pages;
}

async function pdfOf(s: Session, url: string, lang = 'id') {
  const res = await ctx.app.inject({
    method: 'GET',
    url,
    headers: { cookie: s.cookie, 'accept-language': lang },
  });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  expect(res.headers['content-type']).toBe('application/pdf');
  return pdfPages(res.rawPayload);
}

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  studentId = f.studentsA[0]!.id;
  const db = ctx.db;
  await db.update(units).set({ schoolDaysPerWeek: 6 }).where(eq(units.id, f.unitId));
  // Monday 16 November a local day off, Thursday 12 to Friday 13 a national holiday range of one day (the 12th)
  await db.insert(calendarEntries).values([
    { unitId: f.unitId, kind: 'LOCAL_DAY_OFF', name: 'Libur lokal', startDate: '2026-11-16', endDate: '2026-11-16' },
    { unitId: null, kind: 'NATIONAL_HOLIDAY', name: 'Libur nasional', startDate: '2026-11-12', endDate: '2026-11-12' },
  ]);
  const row = (date: string, code: 'H' | 'S' | 'I' | 'A') => ({
    date,
    classGroupId: f.classA.id,
    studentId,
    code,
    source: 'daily' as const,
  });
  await db.insert(studentAttendance).values([
    row('2026-11-09', 'S'),
    row('2026-11-10', 'S'),
    row('2026-11-11', 'I'),
    row('2026-11-12', 'A'), // the national holiday: never counts
    row('2026-11-13', 'A'),
    row('2026-11-15', 'S'), // a Sunday: never counts
    row('2026-11-16', 'I'), // the local day off: never counts
    row('2026-11-17', 'H'),
  ]);
  const [method] = await db.insert(btqMethods).values({ name: 'Ummi' }).returning();
  const [level] = await db
    .insert(btqLevels)
    .values({ methodId: method!.id, name: 'Jilid 3', sortOrder: 3, pages: 40 })
    .returning();
  await db.insert(btqStudentLevels).values({ studentId, levelId: level!.id, fromDate: '2026-08-01', via: 'PLACEMENT' });
  const prayer = (date: string, p: 'DZUHUR' | 'ASHAR', status: 'BERJAMAAH' | 'TIDAK_SALAT') => ({
    unitId: f.unitId,
    studentId,
    classGroupId: f.classA.id,
    date,
    prayer: p,
    status,
  });
  await db
    .insert(prayerRecords)
    .values([
      prayer('2026-11-17', 'DZUHUR', 'BERJAMAAH'),
      prayer('2026-11-17', 'ASHAR', 'BERJAMAAH'),
      prayer('2026-11-13', 'DZUHUR', 'BERJAMAAH'),
      prayer('2026-11-13', 'ASHAR', 'TIDAK_SALAT'),
    ]);
  // a score typed by the subject teacher: 87 in a summative of Matematika
  const sheet = { classGroupId: f.classA.id, subjectId: f.subject.id, semester: 'GANJIL' };
  const col = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
    ...sheet,
    kind: 'SUMATIF',
    title: 'Sumatif 1',
    date: '2026-11-10',
  });
  expect(col.statusCode, col.body).toBeLessThan(300);
  const cells = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
    cells: [{ columnId: col.json<ScoreColumn>().id, studentId, score: 87 }],
  });
  expect(cells.statusCode, cells.body).toBe(200);
});

afterAll(async () => {
  await ctx.close();
});

describe('the rapor data', () => {
  it('holds identity, the final score, attendance over the school days only and the pesantren page', async () => {
    const res = await json(f.homeroomA, studentId, '?semester=GANJIL');
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<Rapor>();
    expect(r.student).toMatchObject({ id: studentId, name: f.studentsA[0]!.name });
    expect(r).toMatchObject({ fase: 'D', semester: 'GANJIL', schoolYear: '2026/2027' });
    expect(r.classGroup.name).toBe('7A');
    expect(r.subjects).toEqual([expect.objectContaining({ name: 'Matematika', description: '' })]);
    expect(r.subjects[0]!.final).toBe(87);
    // S on the 9th and 10th, I on the 11th, A on the 13th; the holiday, the Sunday and the day off never count
    expect(r.attendance).toMatchObject({ sick: 2, permitted: 1, absent: 1, present: 1 });
    expect(r.pesantren.btq.level).toBe('Jilid 3');
    // three of four recorded prayers in congregation
    expect(r.pesantren.prayer).toMatchObject({ congregation: 3, missed: 1, rate: 75 });
    expect(r.pesantren.tahfidz).toBeNull();
    expect(r.signatures.homeroom).toBeTruthy();
    expect(r.homeroomNote).toBe('');
  });

  it('takes the semester of today when none is asked', async () => {
    const res = await json(f.homeroomA);
    expect(res.json<Rapor>().semester).toBe('GANJIL');
  });

  it('opens for the homeroom teacher, the principal and WAKAKUR; not another homeroom, a subject teacher or a student', async () => {
    for (const s of [f.homeroomA, await ctx.as('PRINCIPAL'), await ctx.as('WAKAKUR')]) {
      expect((await json(s)).statusCode).toBe(200);
    }
    expect((await json(f.homeroomB)).statusCode).toBe(403);
    expect((await json(f.subjectTeacher)).statusCode).toBe(403);
    expect((await json(await ctx.as('STUDENT'))).statusCode).toBe(403);
    expect((await json(await ctx.as('BPBK'))).statusCode).toBe(403);
    expect((await json(null)).statusCode).toBe(401);
    const otherUnit = await ctx.signIn((await ctx.createUser({ division: 'PRINCIPAL', unitCode: 'SD' })).username);
    expect((await json(otherUnit)).statusCode).toBe(403);
    const pdf = await ctx.call(f.homeroomB, 'GET', `/api/v1/rapor/classes/${f.classA.id}/pdf`);
    expect(pdf.statusCode).toBe(403);
  });

  it('refuses bad input with 4xx', async () => {
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/rapor/students/abc')).statusCode).toBe(400);
    expect((await json(f.homeroomA, studentId, '?semester=KETIGA')).statusCode).toBe(400);
    expect((await json(f.homeroomA, 99_999_999)).statusCode).toBe(404);
    expect((await ctx.call(f.homeroomA, 'GET', '/api/v1/rapor/classes/99999999')).statusCode).toBe(404);
  });

  it('lists the classes and students the caller may open', async () => {
    const mine = await ctx.call(f.homeroomA, 'GET', '/api/v1/rapor/classes');
    expect(mine.json<RaporClasses>().items.map((c) => c.name)).toEqual(['7A']);
    const leader = await ctx.call(await ctx.as('PRINCIPAL'), 'GET', '/api/v1/rapor/classes');
    expect(leader.json<RaporClasses>().items.map((c) => c.name)).toEqual(expect.arrayContaining(['7A', '7B']));
    const list = await ctx.call(f.homeroomA, 'GET', `/api/v1/rapor/classes/${f.classA.id}`);
    expect(list.json<RaporClass>().students.map((s) => s.id)).toEqual(f.studentsA.map((s) => s.id));
  });
});

describe('the rapor PDF', () => {
  it('holds the name, the final score, the attendance counts and the BTQ level', async () => {
    const pages = await pdfOf(f.homeroomA, `/api/v1/rapor/students/${studentId}/pdf?semester=GANJIL`);
    const text = pages.join('\n');
    expect(text).toContain(f.studentsA[0]!.name);
    expect(text).toMatch(/Matematika\s+87/);
    expect(text).toMatch(/Sakit\s+2 hari/);
    expect(text).toMatch(/Izin\s+1 hari/);
    expect(text).toMatch(/Tanpa keterangan\s+1 hari/);
    expect(text).toContain('Jilid 3');
    expect(text).toContain('18 November 2026');
    // the rapor, then the pesantren page
    expect(pages.length).toBeGreaterThanOrEqual(2);
    expect(pages.at(-1)).toContain('HALAMAN PESANTREN');
  });

  it('speaks English to a caller who chose it', async () => {
    const text = (await pdfOf(f.homeroomA, `/api/v1/rapor/students/${studentId}/pdf`, 'en')).join('\n');
    expect(text).toMatch(/Sick\s+2 days/);
    expect(text).toContain('PESANTREN PAGE');
  });

  it('puts every student of the class in order, each from a new page', async () => {
    const pages = await pdfOf(f.homeroomA, `/api/v1/rapor/classes/${f.classA.id}/pdf`);
    const firstPages = pages.filter((p) => p.includes('LAPORAN HASIL BELAJAR'));
    expect(firstPages).toHaveLength(f.studentsA.length);
    f.studentsA.forEach((s, i) => expect(firstPages[i]).toContain(s.name));
  });
});

describe('the tahfidz', () => {
  it('gives the juz of the last hafalan entry of the semester, in the JSON and as "Juz N" in the PDF', async () => {
    const hafidz = f.studentsA[2]!.id;
    const [method] = await ctx.db.insert(btqMethods).values({ name: 'Tahfidz', kind: 'TAHFIDZ' }).returning();
    const [level] = await ctx.db
      .insert(btqLevels)
      .values({ methodId: method!.id, name: 'Juz 30', sortOrder: 1 })
      .returning();
    // An-Naba' 1-40 then An-Nazi'at 1-10: the last entry, juz 30
    await ctx.db.insert(btqProgress).values([
      {
        studentId: hafidz,
        date: '2026-11-02',
        levelId: level!.id,
        kind: 'ZIYADAH',
        surah: 78,
        ayatFrom: 1,
        ayatTo: 40,
      },
      {
        studentId: hafidz,
        date: '2026-11-09',
        levelId: level!.id,
        kind: 'ZIYADAH',
        surah: 79,
        ayatFrom: 1,
        ayatTo: 10,
      },
    ]);
    const r = (await json(f.homeroomA, hafidz, '?semester=GANJIL')).json<Rapor>();
    expect(r.pesantren.tahfidz).toEqual({ juz: 30, surah: 79, ayat: 10 });
    const pages = await pdfOf(f.homeroomA, `/api/v1/rapor/students/${hafidz}/pdf?semester=GANJIL`);
    expect(pages.at(-1)).toMatch(/Hafalan sampai\s+Juz 30, QS 79:10/);
  });
});

describe('the saved description', () => {
  it('is the subject’s description in the rapor and its PDF once the subject teacher saved it', async () => {
    const text = 'Menunjukkan penguasaan yang baik dalam operasi bilangan bulat.';
    const saved = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/descriptions', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester: 'GANJIL',
      entries: [{ studentId, text, source: 'EDITED' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const r = (await json(f.homeroomA, studentId, '?semester=GANJIL')).json<Rapor>();
    expect(r.subjects[0]!.description).toBe(text);
    const pdf = (await pdfOf(f.homeroomA, `/api/v1/rapor/students/${studentId}/pdf?semester=GANJIL`)).join('\n');
    expect(pdf.replace(/\s+/g, ' ')).toContain('operasi bilangan bulat');
  });
});

describe('the akhlak note', () => {
  it('is the homeroom’s akhlak note in the rapor’s pesantren part and on the PDF’s pesantren page', async () => {
    const saved = await ctx.call(f.homeroomA, 'PUT', `/api/v1/rapor/classes/${f.classA.id}/notes/${studentId}`, {
      semester: 'GANJIL',
      text: 'Ananda rajin.',
      akhlak: 'Santun dan jujur.',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const r = (await json(f.homeroomA, studentId, '?semester=GANJIL')).json<Rapor>();
    expect(r.pesantren.akhlakNote).toBe('Santun dan jujur.');
    expect(r.homeroomNote).toBe('Ananda rajin.');
    const url = `/api/v1/rapor/students/${studentId}/pdf?semester=GANJIL`;
    expect((await pdfOf(f.homeroomA, url)).at(-1)).toMatch(/Catatan akhlak\s+Santun dan jujur\./);
    expect((await pdfOf(f.homeroomA, url, 'en')).at(-1)).toMatch(/Note on character \(akhlak\)\s+Santun dan jujur\./);
    // a student without one: null, a dash on the page
    expect((await json(f.homeroomA, f.studentsA[1]!.id, '?semester=GANJIL')).json<Rapor>().pesantren.akhlakNote).toBe(
      null,
    );
  });
});

describe('the class’s batched reads', () => {
  it('give every student the rapor of the single-student path, in a fixed number of queries', async () => {
    // a second student with their own rows: a description, attendance, prayer and a BTQ level
    const other = f.studentsA[1]!.id;
    const saved = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/descriptions', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester: 'GANJIL',
      entries: [{ studentId: other, text: 'Perlu bantuan dalam pecahan.', source: 'EDITED' }],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    await ctx.db.insert(studentAttendance).values([
      { date: '2026-11-10', classGroupId: f.classA.id, studentId: other, code: 'I', source: 'daily' },
      { date: '2026-11-11', classGroupId: f.classA.id, studentId: other, code: 'A', source: 'daily' },
    ]);
    await ctx.db.insert(prayerRecords).values({
      unitId: f.unitId,
      studentId: other,
      classGroupId: f.classA.id,
      date: '2026-11-11',
      prayer: 'DZUHUR',
      status: 'TIDAK_SALAT',
    });
    const principal = await ctx.as('PRINCIPAL');
    const service = createRaporService(ctx.db, ctx.config.dataDir);
    const c = await service.ofClass(principal.user, f.classA.id, { semester: 'GANJIL' });
    const batched: Rapor[] = [];
    for await (const r of c.rapors()) batched.push(r);
    expect(batched.map((r) => r.student.id)).toEqual(f.studentsA.map((s) => s.id));
    for (const r of batched) {
      const single = await json(principal, r.student.id, '?semester=GANJIL');
      expect(single.statusCode, single.body).toBe(200);
      expect(JSON.parse(JSON.stringify(r))).toEqual(single.json<Rapor>());
    }
    expect(batched[1]!.subjects[0]!.description).toBe('Perlu bantuan dalam pecahan.');
    expect(batched[1]!.attendance).toMatchObject({ permitted: 1, absent: 1 });
    expect(batched[0]!.pesantren.akhlakNote).toBe('Santun dan jujur.');
    // as many queries for one student as for the whole class
    const pool = ctx.db.$client as unknown as { query: (...a: unknown[]) => unknown };
    const query = pool.query;
    let n = 0;
    pool.query = function (this: unknown, ...a: unknown[]) {
      n++;
      return query.apply(this, a);
    };
    const year = await service.yearOf(c.classGroup);
    const sch = await service.schoolOf(principal.user, f.unitId);
    const countOf = async (ids: number[]) => {
      n = 0;
      await service.buildClass(ids, c.classGroup, year, 'GANJIL', sch);
      return n;
    };
    try {
      const one = await countOf([studentId]);
      expect(one).toBeGreaterThan(5);
      expect(await countOf(f.studentsA.map((s) => s.id))).toBe(one);
    } finally {
      pool.query = query;
    }
  });
});

describe('the decimals of the rapor’s numbers', () => {
  it('are whole by default and as many as the unit’s grade rules choose, with the decimal comma in Indonesian', async () => {
    // a student with one score of 87.45 and two of three prayers in congregation (66.67 %)
    const x = f.studentsA[2]!.id;
    const col = await ctx.call(f.subjectTeacher, 'POST', '/api/v1/scores/columns', {
      classGroupId: f.classA.id,
      subjectId: f.subject.id,
      semester: 'GANJIL',
      kind: 'SUMATIF',
      title: 'Sumatif desimal',
      date: '2026-11-11',
    });
    expect(col.statusCode, col.body).toBeLessThan(300);
    const cells = await ctx.call(f.subjectTeacher, 'PUT', '/api/v1/scores/cells', {
      cells: [{ columnId: col.json<ScoreColumn>().id, studentId: x, score: 87.45 }],
    });
    expect(cells.statusCode, cells.body).toBe(200);
    const prayed = (date: string, prayer: 'DZUHUR' | 'ASHAR', status: 'BERJAMAAH' | 'TIDAK_SALAT') => ({
      unitId: f.unitId,
      studentId: x,
      classGroupId: f.classA.id,
      date,
      prayer,
      status,
    });
    await ctx.db
      .insert(prayerRecords)
      .values([
        prayed('2026-11-10', 'DZUHUR', 'BERJAMAAH'),
        prayed('2026-11-10', 'ASHAR', 'BERJAMAAH'),
        prayed('2026-11-11', 'DZUHUR', 'TIDAK_SALAT'),
      ]);
    const url = `/api/v1/rapor/students/${x}/pdf?semester=GANJIL`;
    let text = (await pdfOf(f.homeroomA, url)).join('\n');
    expect(text).toMatch(/Matematika\s+87\s/);
    expect(text).toMatch(/67%/);
    expect(text).not.toMatch(/87[,.]45?\b/);
    expect((await json(f.homeroomA, x, '?semester=GANJIL')).json<Rapor>().raporDecimals).toBe(0);

    // only WAKAKUR (and ADMIN) set it, to 0, 1 or 2
    const wakakur = await ctx.as('WAKAKUR');
    const now = (await ctx.call(wakakur, 'GET', '/api/v1/scores/rules')).json<GradeRules>();
    const body = (raporDecimals: unknown) => ({
      weights: now.weights,
      kktp: now.kktp,
      remedialRule: now.remedialRule,
      raporDecimals,
    });
    for (const s of [f.subjectTeacher, f.homeroomA, await ctx.as('PRINCIPAL')]) {
      expect((await ctx.call(s, 'PUT', '/api/v1/scores/rules', body(1))).statusCode).toBe(403);
    }
    for (const bad of [3, -1, 1.5]) {
      const res = await ctx.call(wakakur, 'PUT', '/api/v1/scores/rules', body(bad));
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().error.fields.raporDecimals).toBe('Desimal rapor 0, 1 atau 2');
    }
    const admin = await ctx.as('ADMIN');
    const byAdmin = await ctx.call(admin, 'PUT', '/api/v1/scores/rules', { ...body(2), unitId: f.unitId });
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
    const set = await ctx.call(wakakur, 'PUT', '/api/v1/scores/rules', body(1));
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json<GradeRules>().raporDecimals).toBe(1);
    // left out, the saved choice stays
    const kept = await ctx.call(wakakur, 'PUT', '/api/v1/scores/rules', { ...body(1), raporDecimals: undefined });
    expect(kept.json<GradeRules>().raporDecimals).toBe(1);

    // 87.45 to one decimal, half up: 87,5 (87.5 in English); the prayer rate 66,7 %
    text = (await pdfOf(f.homeroomA, url)).join('\n');
    expect(text).toMatch(/Matematika\s+87,5\s/);
    expect(text).toMatch(/66,7%/);
    const en = (await pdfOf(f.homeroomA, url, 'en')).join('\n');
    expect(en).toMatch(/87\.5\s/);
    // the class PDF prints through the same renderer
    const cls = (await pdfOf(f.homeroomA, `/api/v1/rapor/classes/${f.classA.id}/pdf?semester=GANJIL`)).join('\n');
    expect(cls).toMatch(/87,5/);
    expect(cls).toMatch(/Matematika\s+87,0\s/);
  });
});
