import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { CSRF_HEADER, jakartaDate, type Division } from '@mms/shared';
import { auditLog, pointLedger, sanctions, students, units, violations } from '../../db/schema/index.ts';
import { clock, setClock } from '../../lib/clock.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { postFile } from '../../test/multipart.ts';
import { attendanceFixture, SCHOOL_NOW } from '../attendance/test-fixtures.ts';
import { addLedgerLine } from './ledger.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let bpbk: Session;
let principal: Session;
let student: Session;
let sdStudentId: number;
const rules: Record<string, number> = {};
const thresholds: Record<number, number> = {};
const D = '/api/v1/discipline';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  bpbk = await ctx.as('BPBK');
  principal = await ctx.as('PRINCIPAL');
  student = await ctx.as('STUDENT');
  await ctx.db.execute(
    sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${student.user.studentId}, ${f.classA.id}, ${f.year.id})`,
  );
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  const [sdStudent] = await ctx.db
    .insert(students)
    .values({ unitId: sd!.id, nis: 'SD1', name: 'Siswa SD' })
    .returning();
  sdStudentId = sdStudent!.id;
});
afterAll(() => ctx.close());

/** A report meant as a new incident (confirmDuplicate: the same rule on the same day is a second one). */
const report = (session: Session, studentId: number, rule: string, date = '2026-11-16') =>
  ctx.call(session, 'POST', `${D}/violations`, {
    studentId,
    ruleId: rules[rule],
    occurredOn: date,
    occurredTime: '07:15',
    place: 'Gerbang',
    confirmDuplicate: true,
  });

const verify = (id: number) => ctx.call(bpbk, 'POST', `${D}/violations/${id}/verify`);

const countRows = async (table: typeof violations | typeof pointLedger | typeof sanctions) =>
  (await ctx.db.select().from(table)).length;

function upload(session: Session, url: string, name: string, data: Buffer) {
  return postFile(ctx, session, url, 'file', { name, data });
}

describe('the rule catalogue', () => {
  it('lets BPBK keep rules and thresholds; teachers read them, students not', async () => {
    for (const [code, name, category, points] of [
      ['T01', 'Terlambat', 'RINGAN', 20],
      ['S01', 'Tidak berseragam lengkap', 'RINGAN', 10],
      ['B01', 'Berkelahi', 'BERAT', 100],
    ] as const) {
      const res = await ctx.call(bpbk, 'POST', `${D}/rules`, { code, name, category, points });
      expect(res.statusCode, res.body).toBe(200);
      rules[code] = res.json().id;
    }
    const [created] = await ctx.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'discipline.rule.create'), eq(auditLog.entityId, String(rules.B01))));
    expect(created).toMatchObject({
      entityType: 'violation_rule',
      before: null,
      after: { id: rules.B01, code: 'B01', name: 'Berkelahi', category: 'BERAT', points: 100 },
    });
    for (const [points, kind, title] of [
      [50, 'PANGGILAN_1', 'Surat panggilan orang tua I'],
      [100, 'PANGGILAN_2', 'Surat panggilan orang tua II'],
      [150, 'PANGGILAN_3', 'Surat panggilan orang tua III'],
    ] as const) {
      const res = await ctx.call(principal, 'POST', `${D}/thresholds`, { points, kind, title });
      expect(res.statusCode, res.body).toBe(200);
      thresholds[points] = res.json().id;
    }
    const read = await ctx.call(f.subjectTeacher, 'GET', `${D}/rules?active=true`);
    expect(read.statusCode).toBe(200);
    expect(read.json().rules.map((r: { code: string }) => r.code)).toEqual(['B01', 'S01', 'T01']);
    expect(read.json().thresholds.map((t: { points: number }) => t.points)).toEqual([50, 100, 150]);
    expect((await ctx.call(student, 'GET', `${D}/rules`)).statusCode).toBe(403);
    const teacherWrite = await ctx.call(f.subjectTeacher, 'POST', `${D}/rules`, {
      code: 'X',
      name: 'X',
      category: 'RINGAN',
      points: 5,
    });
    expect(teacherWrite.statusCode).toBe(403);
  });

  it('refuses a duplicate code, bad points and a duplicate threshold, writing nothing', async () => {
    const dup = await ctx.call(bpbk, 'POST', `${D}/rules`, { code: 't01', name: 'x', category: 'RINGAN', points: 5 });
    expect(dup.statusCode).toBe(409);
    const bad = await ctx.call(bpbk, 'POST', `${D}/rules`, { code: 'Z', name: 'x', category: 'RINGAN', points: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.points).toBeDefined();
    const kind = await ctx.call(bpbk, 'POST', `${D}/rules`, { code: 'Z', name: 'x', category: 'PARAH', points: 5 });
    expect(kind.statusCode).toBe(400);
    expect((await ctx.call(bpbk, 'POST', `${D}/thresholds`, { points: 50, kind: 'SP1', title: 'x' })).statusCode).toBe(
      409,
    );
    const read = await ctx.call(bpbk, 'GET', `${D}/rules`);
    expect(read.json().rules).toHaveLength(3);
    expect(read.json().thresholds).toHaveLength(3);
  });
});

describe('the catalogue import', () => {
  async function workbook(rows: (string | number)[][]) {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Tata tertib');
    sheet.addRow(['Kode*', 'Nama pelanggaran*', 'Kategori (RINGAN/SEDANG/BERAT)*', 'Poin*', 'Aktif (YA/TIDAK)']);
    for (const r of rows) sheet.addRow(r);
    return Buffer.from(await book.xlsx.writeBuffer());
  }

  it('gives BPBK the template and imports the catalogue all or nothing', async () => {
    const template = await ctx.call(bpbk, 'GET', `${D}/rules/import/template`);
    expect(template.statusCode).toBe(200);
    expect(template.headers['content-type']).toContain('spreadsheetml');
    const bad = await upload(
      bpbk,
      `${D}/rules/import`,
      'tata-tertib.xlsx',
      await workbook([
        ['N01', 'Membawa makanan ke kelas', 'RINGAN', 5, 'YA'],
        ['N02', 'Tidak sopan', 'PARAH', 10, ''],
        ['N01', 'Dobel', 'RINGAN', 5, ''],
      ]),
    );
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error.fields)).toEqual(
      expect.arrayContaining(['baris 3: Kategori (RINGAN/SEDANG/BERAT)']),
    );
    expect((await ctx.call(bpbk, 'GET', `${D}/rules`)).json().rules).toHaveLength(3);
    const good = await upload(
      bpbk,
      `${D}/rules/import`,
      'tata-tertib.xlsx',
      await workbook([
        ['N01', 'Membawa makanan ke kelas', 'RINGAN', 5, 'YA'],
        ['x01', 'Membuang sampah sembarangan', 'RINGAN', 5, 'TIDAK'],
      ]),
    );
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json()).toEqual({ imported: 2 });
    const rules = (await ctx.call(bpbk, 'GET', `${D}/rules`)).json().rules as { code: string; isActive: boolean }[];
    expect(rules.map((r) => r.code)).toEqual(['B01', 'N01', 'S01', 'T01', 'x01']);
    expect(rules.find((r) => r.code === 'x01')!.isActive).toBe(false);
  });
});

describe('violation reports', () => {
  let firstId: number;

  it('lets any teacher report a student of their unit, not of another unit', async () => {
    const res = await report(f.otherTeacher, f.studentsA[0]!.id, 'T01');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REPORTED', points: 20, className: '7A', ruleName: 'Terlambat' });
    firstId = res.json().id;
    const before = await countRows(violations);
    expect((await report(f.otherTeacher, sdStudentId, 'T01')).statusCode).toBe(403);
    expect((await report(student, f.studentsA[0]!.id, 'T01')).statusCode).toBe(403);
    expect((await report(f.otherTeacher, f.studentsA[0]!.id, 'T01', '2026-12-30')).statusCode).toBe(400);
    const badRule = await ctx.call(f.otherTeacher, 'POST', `${D}/violations`, {
      studentId: f.studentsA[0]!.id,
      ruleId: 2_147_483_647,
      occurredOn: '2026-11-16',
    });
    expect(badRule.statusCode).toBe(400);
    const hugeId = await ctx.call(f.otherTeacher, 'POST', `${D}/violations`, {
      studentId: 2 ** 40,
      ruleId: rules.T01,
      occurredOn: '2026-11-16',
    });
    expect(hugeId.statusCode).toBe(400);
    expect(await countRows(violations)).toBe(before);
  });

  it('shows a teacher their own reports only, and BPBK every report of the unit', async () => {
    await report(f.subjectTeacher, f.studentsB[0]!.id, 'S01');
    const mine = await ctx.call(f.otherTeacher, 'GET', `${D}/violations`);
    expect(mine.json().items.map((v: { id: number }) => v.id)).toEqual([firstId]);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${D}/violations/${firstId}`)).statusCode).toBe(403);
    const all = await ctx.call(bpbk, 'GET', `${D}/violations?status=REPORTED`);
    expect(all.json().total).toBe(2);
    expect((await ctx.call(bpbk, 'GET', `${D}/violations?mine=true`)).json().total).toBe(0);
    const byClass = await ctx.call(bpbk, 'GET', `${D}/violations?classGroupId=${f.classB.id}`);
    expect(byClass.json().items.map((v: { className: string }) => v.className)).toEqual(['7B']);
    const search = await ctx.call(bpbk, 'GET', `${D}/violations?q=${encodeURIComponent(f.studentsA[0]!.name)}`);
    expect(search.json().total).toBe(1);
    expect((await ctx.call(student, 'GET', `${D}/violations`)).statusCode).toBe(403);
  });

  it('lets the reporter edit a report while it waits, and attach evidence', async () => {
    const edit = await ctx.call(f.otherTeacher, 'PATCH', `${D}/violations/${firstId}`, { witness: 'Pak Satpam' });
    expect(edit.json().witness).toBe('Pak Satpam');
    expect((await ctx.call(f.subjectTeacher, 'PATCH', `${D}/violations/${firstId}`, { witness: 'x' })).statusCode).toBe(
      403,
    );
    const pdf = Buffer.from('%PDF-1.4\n%bukti\n');
    const up = await upload(f.otherTeacher, `${D}/violations/${firstId}/evidence`, 'bukti.pdf', pdf);
    expect(up.statusCode, up.body).toBe(200);
    expect(up.json().evidence).toMatchObject({ name: 'bukti.pdf', mime: 'application/pdf' });
    const got = await ctx.call(bpbk, 'GET', up.json().evidence.url);
    expect(got.headers['content-type']).toBe('application/pdf');
    const exe = await upload(f.otherTeacher, `${D}/violations/${firstId}/evidence`, 'x.pdf', Buffer.from('MZ'));
    expect(exe.statusCode).toBe(400);
  });

  it('lets only BPBK or the principal verify or reject, once', async () => {
    expect((await ctx.call(f.otherTeacher, 'POST', `${D}/violations/${firstId}/verify`)).statusCode).toBe(403);
    const res = await verify(firstId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ balance: 20, proposedSanctionIds: [], violation: { status: 'VERIFIED' } });
    expect((await verify(firstId)).statusCode).toBe(409);
    expect((await ctx.call(f.otherTeacher, 'PATCH', `${D}/violations/${firstId}`, { witness: 'y' })).statusCode).toBe(
      409,
    );
    const other = (await ctx.call(bpbk, 'GET', `${D}/violations?status=REPORTED`)).json().items[0];
    expect((await ctx.call(bpbk, 'POST', `${D}/violations/${other.id}/reject`, { reason: '' })).statusCode).toBe(400);
    const rejected = await ctx.call(principal, 'POST', `${D}/violations/${other.id}/reject`, {
      reason: 'Siswa memakai seragam olahraga sesuai jadwal',
    });
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      rejectReason: 'Siswa memakai seragam olahraga sesuai jadwal',
    });
    const ledger = await ctx.call(bpbk, 'GET', `${D}/ledger/${f.studentsB[0]!.id}`);
    expect(ledger.json()).toMatchObject({ balance: 0, lines: [] });
    const actions = (await ctx.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['discipline.violation.verify', 'discipline.violation.reject']));
  });

  it('verifying the same report twice at once writes one ledger line and one proposal', async () => {
    const s = f.studentsA[1]!.id;
    const first = await report(f.otherTeacher, s, 'T01');
    await verify(first.json().id);
    await verify((await report(f.otherTeacher, s, 'T01')).json().id);
    const third = (await report(f.otherTeacher, s, 'S01')).json().id as number; // 40 + 10 crosses 50
    const results = await Promise.all([verify(third), verify(third), verify(third)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const lines = await ctx.db
      .select()
      .from(pointLedger)
      .where(and(eq(pointLedger.source, 'violation'), eq(pointLedger.refId, third)));
    expect(lines).toHaveLength(1);
    const proposals = await ctx.db.select().from(sanctions).where(eq(sanctions.studentId, s));
    expect(proposals).toHaveLength(1);
    expect(proposals[0]).toMatchObject({ thresholdPoints: 50, kind: 'PANGGILAN_1', status: 'PROPOSED', balance: 50 });
    // proposed now on MMS's clock (the fixture's 18 November), not the database's: the recap counts it by that day
    expect(jakartaDate(proposals[0]!.createdAt)).toBe(clock.today());
  });
});

describe('thresholds and sanctions', () => {
  let sanctionId: number;
  const s = () => f.studentsA[2]!.id;

  it('proposes a sanction when the third violation crosses 50, and one line crossing two proposes the higher', async () => {
    const ids: number[] = [];
    for (const rule of ['T01', 'T01', 'S01']) ids.push((await report(f.otherTeacher, s(), rule)).json().id);
    expect((await verify(ids[0]!)).json().proposedSanctionIds).toEqual([]);
    expect((await verify(ids[1]!)).json().proposedSanctionIds).toEqual([]);
    const third = await verify(ids[2]!);
    expect(third.json().balance).toBe(50);
    expect(third.json().proposedSanctionIds).toHaveLength(1);
    sanctionId = third.json().proposedSanctionIds[0];
    // 50 + 100 crosses 100 and 150 in one line: the third letter only, not the second and the third together
    const fight = await verify((await report(f.otherTeacher, s(), 'B01')).json().id);
    expect(fight.json().balance).toBe(150);
    expect(fight.json().proposedSanctionIds).toHaveLength(1);
    const list = await ctx.call(bpbk, 'GET', `${D}/sanctions?studentId=${s()}`);
    const points = list.json().items.map((x: { thresholdPoints: number }) => x.thresholdPoints);
    expect(points.sort((a: number, b: number) => a - b)).toEqual([50, 150]);
  });

  it('lets BPBK confirm a proposal with dates and a supervisor; teachers may not', async () => {
    const body = { startDate: '2026-11-19', endDate: '2026-11-20', supervisorEmployeeId: f.homeroomA.user.employeeId };
    expect((await ctx.call(f.homeroomA, 'POST', `${D}/sanctions/${sanctionId}/confirm`, body)).statusCode).toBe(403);
    const bad = await ctx.call(bpbk, 'POST', `${D}/sanctions/${sanctionId}/confirm`, {
      ...body,
      endDate: '2026-11-01',
    });
    expect(bad.statusCode).toBe(400);
    const res = await ctx.call(bpbk, 'POST', `${D}/sanctions/${sanctionId}/confirm`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'CONFIRMED', supervisorName: expect.any(String) });
    expect((await ctx.call(bpbk, 'POST', `${D}/sanctions/${sanctionId}/confirm`, body)).statusCode).toBe(409);
    // confirming issued the letter: one outbox message to the parent, written with it (issue 18); the refused
    // second confirmation wrote none
    const letters = await ctx.db.execute<{ channel: string; subject: string }>(
      sql`select channel, subject from outbox_messages where topic = 'discipline.letter'`,
    );
    expect(letters.rows).toEqual([{ channel: 'log', subject: expect.stringMatching(/^Surat pemberitahuan sanksi: /) }]);
    const done = await ctx.call(principal, 'PATCH', `${D}/sanctions/${sanctionId}`, {
      doneDate: '2026-11-18',
      completionNotes: 'Orang tua hadir',
    });
    expect(done.json()).toMatchObject({ status: 'COMPLETED', doneDate: '2026-11-18' });
    const other = (await ctx.call(bpbk, 'GET', `${D}/sanctions?studentId=${s()}&status=PROPOSED`)).json().items[0];
    const rejected = await ctx.call(bpbk, 'POST', `${D}/sanctions/${other.id}/reject`, { reason: 'Sudah dibina' });
    expect(rejected.json().status).toBe('REJECTED');
    const actions = (await ctx.db.select().from(auditLog)).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['discipline.sanction.confirm', 'discipline.sanction.reject']));
  });

  it('gives the letter with the student, the parents and the violations to a homeroom teacher of the class', async () => {
    const res = await ctx.call(f.homeroomA, 'GET', `${D}/sanctions/${sanctionId}/letter`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().sanction.title).toBe('Surat panggilan orang tua I');
    expect(res.json().violations).toHaveLength(4);
    expect((await ctx.call(f.homeroomB, 'GET', `${D}/sanctions/${sanctionId}/letter`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${D}/sanctions/${sanctionId}/letter`)).statusCode).toBe(403);
    const homeroomList = await ctx.call(f.homeroomB, 'GET', `${D}/sanctions`);
    expect(homeroomList.json().total).toBe(0);
  });

  it('takes points off by remission; below a threshold, crossing it again proposes again', async () => {
    const teacher = await ctx.call(f.otherTeacher, 'POST', `${D}/ledger/${s()}`, {
      kind: 'remission',
      date: '2026-11-18',
      points: 10,
      reason: 'x',
    });
    expect(teacher.statusCode).toBe(403);
    const noReason = await ctx.call(bpbk, 'POST', `${D}/ledger/${s()}`, {
      kind: 'remission',
      date: '2026-11-18',
      points: 10,
      reason: '',
    });
    expect(noReason.statusCode).toBe(400);
    const res = await ctx.call(bpbk, 'POST', `${D}/ledger/${s()}`, {
      kind: 'remission',
      date: '2026-11-18',
      points: 60,
      reason: 'Pemutihan setelah pembinaan',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balance).toBe(90);
    expect(res.json().lines.map((l: { source: string; points: number }) => [l.source, l.points])).toEqual([
      ['violation', 20],
      ['violation', 20],
      ['violation', 10],
      ['violation', 100],
      ['remission', -60],
    ]);
    const again = await verify((await report(f.otherTeacher, s(), 'T01')).json().id);
    expect(again.json().balance).toBe(110);
    expect(again.json().proposedSanctionIds).toHaveLength(1); // 100 again; 50 was never released
    const audited = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'discipline.ledger.remission'));
    expect(audited).toHaveLength(1);
    expect(audited[0]).toMatchObject({ entityType: 'student', entityId: String(s()), before: null });
    expect(audited[0]!.after).toEqual({
      kind: 'remission',
      date: '2026-11-18',
      points: 60,
      reason: 'Pemutihan setelah pembinaan',
      carried: -60,
      balance: 90,
      proposed: [],
    });
  });

  it('lets another module add a line of its own source through the one ledger function', async () => {
    const line = await ctx.db.transaction((tx) =>
      addLedgerLine(tx, {
        unitId: f.unitId,
        studentId: f.studentsB[1]!.id,
        date: '2026-11-17',
        source: 'prayer',
        points: 55,
      }),
    );
    expect(line).toMatchObject({ balance: 55, points: 55 });
    expect(line.proposedSanctionIds).toHaveLength(1);
  });

  it('starts a new school year at zero', async () => {
    const res = await ctx.call(bpbk, 'GET', `${D}/ledger/${s()}?schoolYear=2027/2028`);
    expect(res.json()).toMatchObject({ balance: 0, lines: [] });
    expect((await ctx.call(bpbk, 'GET', `${D}/ledger/${s()}?schoolYear=2027`)).statusCode).toBe(400);
    expect((await ctx.call(f.homeroomB, 'GET', `${D}/ledger/${s()}`)).statusCode).toBe(403);
    expect((await ctx.call(f.homeroomA, 'GET', `${D}/ledger/${s()}`)).json().balance).toBe(110);
  });
});

describe('achievements', () => {
  it('takes the level’s points off when the unit says so; BPBK writes, the principal reads', async () => {
    const settings = await ctx.call(bpbk, 'PUT', `${D}/settings`, {
      achievementsOffset: true,
      pointsByLevel: { SEKOLAH: 5, NASIONAL: 25 },
    });
    expect(settings.json().pointsByLevel).toMatchObject({ SEKOLAH: 5, NASIONAL: 25, PROVINSI: 0 });
    const body = {
      studentId: student.user.studentId,
      date: '2026-11-10',
      title: 'Olimpiade Sains Nasional',
      field: 'AKADEMIK',
      level: 'NASIONAL',
      rank: 'Juara 2',
      organiser: 'Puspresnas',
    };
    expect((await ctx.call(f.homeroomA, 'POST', `${D}/achievements`, body)).statusCode).toBe(403);
    expect((await ctx.call(bpbk, 'POST', `${D}/achievements`, { ...body, level: 'DUNIA' })).statusCode).toBe(400);
    expect((await ctx.call(bpbk, 'POST', `${D}/achievements`, { ...body, studentId: sdStudentId })).statusCode).toBe(
      403,
    );
    // the student has 30 points; the achievement takes 25 off
    await verify((await report(f.otherTeacher, student.user.studentId!, 'T01')).json().id);
    await verify((await report(f.otherTeacher, student.user.studentId!, 'S01')).json().id);
    const res = await ctx.call(bpbk, 'POST', `${D}/achievements`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ creditPoints: 25, className: '7A' });
    const edit = await ctx.call(bpbk, 'PATCH', `${D}/achievements/${res.json().id}`, { rank: 'Juara 1' });
    expect(edit.json()).toMatchObject({ rank: 'Juara 1', creditPoints: 25 });
    const list = await ctx.call(principal, 'GET', `${D}/achievements?level=NASIONAL`);
    expect(list.json().total).toBe(1);
    expect((await ctx.call(f.homeroomA, 'GET', `${D}/achievements`)).statusCode).toBe(403);
    // the homeroom teacher of 7A reads the achievements of their class, the one of 7B none
    const homeroom = await ctx.call(f.homeroomA, 'GET', `${D}/achievements/homeroom`);
    expect(homeroom.statusCode).toBe(200);
    expect(homeroom.json().items.map((a: { title: string }) => a.title)).toEqual(['Olimpiade Sains Nasional']);
    expect((await ctx.call(f.homeroomB, 'GET', `${D}/achievements/homeroom`)).json().total).toBe(0);
    expect((await ctx.call(f.subjectTeacher, 'GET', `${D}/achievements/homeroom`)).json().total).toBe(0);
  });

  it('shows the student their own verified violations, achievements and ledger only', async () => {
    const res = await ctx.call(student, 'GET', `${D}/me`);
    expect(res.statusCode).toBe(200);
    expect(res.json().ledger.balance).toBe(5);
    expect(res.json().violations).toHaveLength(2);
    expect(res.json().achievements).toHaveLength(1);
    const others = await ctx.call(bpbk, 'GET', `${D}/violations?studentId=${f.studentsA[0]!.id}`);
    const otherId = others.json().items[0].id;
    expect((await ctx.call(student, 'GET', `${D}/violations/${otherId}`)).statusCode).toBe(403);
    expect((await ctx.call(bpbk, 'GET', `${D}/me`)).statusCode).toBe(403);
  });
});

describe('recap and exports', () => {
  it('counts verified violations, points and sanctions per class, grade and month for the leaders', async () => {
    const url = `${D}/recap?from=2026-11-01&to=2026-11-30`;
    const res = await ctx.call(principal, 'GET', url);
    expect(res.statusCode, res.body).toBe(200);
    const a = res.json().byClass.find((c: { className: string }) => c.className === '7A');
    expect(a.violations).toBeGreaterThan(5);
    expect(res.json().byMonth.map((m: { month: string }) => m.month)).toEqual(['2026-11']);
    expect(res.json().total.points).toBe(
      res.json().byClass.reduce((n: number, c: { points: number }) => n + c.points, 0),
    );
    expect((await ctx.call(f.homeroomA, 'GET', url)).statusCode).toBe(403);
    expect((await ctx.call(principal, 'GET', `${D}/recap?from=2026-11-30&to=2026-11-01`)).statusCode).toBe(400);
  });

  it('exports the lists as Excel with the list’s access rules', async () => {
    for (const path of ['violations', 'sanctions', 'achievements']) {
      const res = await ctx.call(principal, 'GET', `${D}/${path}/export?from=2026-11-01`);
      expect(res.statusCode, path).toBe(200);
      expect(res.headers['content-type']).toContain('spreadsheetml');
    }
    expect((await ctx.call(student, 'GET', `${D}/violations/export`)).statusCode).toBe(403);
  });

  it('exports exactly the rows the list gives for the same filters, headed by those filters', async () => {
    const filter = 'from=2026-11-01&status=VERIFIED';
    const list = (await ctx.call(principal, 'GET', `${D}/violations?${filter}&pageSize=200`)).json();
    expect(list.total).toBeGreaterThan(0);
    const res = await ctx.call(principal, 'GET', `${D}/violations/export?${filter}&page=3&pageSize=1`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toBe(`attachment; filename="pelanggaran-${clock.today()}.xlsx"`);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.getWorksheet('Pelanggaran')!;
    expect(sheet.getCell('A1').value).toBe('Daftar Pelanggaran Siswa');
    expect(sheet.getCell('A2').value).toBe('Filter: Dari: 1 November 2026; Status: Terverifikasi');
    expect(sheet.getCell('A5').value).toBe('Tanggal');
    // every row of the list, not the page asked: the export pages through the same query itself
    expect(sheet.rowCount - 5).toBe(list.total);
    const nisColumn = (sheet.getColumn(3).values as unknown[]).slice(6);
    expect(nisColumn).toEqual(list.items.map((v: { nis: string }) => v.nis));
  });
});

describe('at 05:42 WIB on 2 December (issue 39 finding 4)', () => {
  const EARLY = '2026-12-02T05:42:00+07:00';
  let pupil: number;
  const post = (body: Record<string, unknown>) => ctx.call(f.otherTeacher, 'POST', `${D}/violations`, body);

  beforeAll(async () => {
    setClock(EARLY);
    const [row] = await ctx.db
      .insert(students)
      .values({ unitId: f.unitId, nis: 'DINI1', name: 'Dini Pagi' })
      .returning();
    pupil = row!.id;
    await ctx.db.execute(
      sql`insert into enrollments (student_id, class_group_id, academic_year_id) values (${pupil}, ${f.classB.id}, ${f.year.id})`,
    );
  });
  afterAll(() => setClock(SCHOOL_NOW));

  it('refuses the same violation on the same Jakarta day without a confirmation, naming the earlier report', async () => {
    expect(clock.today()).toBe('2026-12-02'); // still 1 December in UTC
    const body = { studentId: pupil, ruleId: rules.T01, occurredOn: clock.today(), occurredTime: '05:40' };
    const first = await post(body);
    expect(first.statusCode, first.body).toBe(200);
    const before = await countRows(violations);
    const again = await post({ ...body, occurredTime: '05:41' });
    expect(again.statusCode).toBe(409);
    const reporter = f.otherTeacher.user.displayName;
    expect(again.json().error).toMatchObject({
      code: 'CONFLICT',
      message: `Pelanggaran Terlambat untuk Dini Pagi pada 2 Desember 2026 sudah dicatat oleh ${reporter}. Simpan lagi hanya bila ini memang kejadian kedua.`,
      fields: { confirmDuplicate: 'Sudah dicatat' },
    });
    const english = await ctx.app.inject({
      method: 'POST',
      url: `${D}/violations`,
      payload: body,
      headers: {
        cookie: f.otherTeacher.cookie,
        [CSRF_HEADER]: f.otherTeacher.csrfToken,
        'accept-language': 'en',
      },
    });
    expect(english.statusCode).toBe(409);
    expect(english.json().error.message).toContain('has already been recorded by');
    expect(await countRows(violations)).toBe(before);
    // another rule, or the same rule on another day, is no duplicate; a confirmed second incident is saved
    expect((await post({ ...body, ruleId: rules.S01 })).statusCode).toBe(200);
    expect((await post({ ...body, occurredOn: '2026-12-01' })).statusCode).toBe(200);
    const confirmed = await post({ ...body, confirmDuplicate: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const [audit] = await ctx.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, 'discipline.violation.report'), eq(auditLog.entityId, String(confirmed.json().id))),
      );
    expect(audit!.after).toMatchObject({ confirmedDuplicateOf: first.json().id });
    // a rejected report does not count as the earlier one
    const reject = (id: number) => ctx.call(bpbk, 'POST', `${D}/violations/${id}/reject`, { reason: 'Salah input' });
    const fight = { ...body, ruleId: rules.B01 };
    const wrong = await post(fight);
    await reject(wrong.json().id);
    const right = await post(fight);
    expect(right.statusCode, right.body).toBe(200);
    // the test student's reports stay out of the ledger except the 100-point fight below
    for (const v of [first, confirmed]) await reject(v.json().id);
  });

  it('proposes only the highest sanction one violation reaches (not the first and second letter together)', async () => {
    const fight = (await ctx.call(bpbk, 'GET', `${D}/violations?studentId=${pupil}&status=REPORTED`)).json().items as {
      id: number;
      ruleCode: string;
    }[];
    const b01 = fight.find((v) => v.ruleCode === 'B01')!;
    const res = await verify(b01.id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().balance).toBe(100);
    expect(res.json().proposedSanctionIds).toHaveLength(1);
    const list = (await ctx.call(bpbk, 'GET', `${D}/sanctions?studentId=${pupil}`)).json().items;
    expect(list.map((x: { title: string }) => x.title)).toEqual(['Surat panggilan orang tua II']);
    const [row] = await ctx.db.select().from(sanctions).where(eq(sanctions.studentId, pupil));
    expect(jakartaDate(row!.createdAt)).toBe('2026-12-02');
  });
});

describe('access', () => {
  const denied: [Division, 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', string][] = [
    ['STUDENT', 'GET', '/rules'],
    ['TEACHER', 'POST', '/rules'],
    ['TEACHER', 'PATCH', '/rules/1'],
    ['TEACHER', 'GET', '/rules/import/template'],
    ['TEACHER', 'POST', '/rules/import'],
    ['TEACHER', 'POST', '/thresholds'],
    ['TEACHER', 'PATCH', '/thresholds/1'],
    ['TEACHER', 'DELETE', '/thresholds/1'],
    ['TEACHER', 'PUT', '/settings'],
    ['STUDENT', 'GET', '/violations'],
    ['STUDENT', 'GET', '/violations/export'],
    ['STUDENT', 'GET', '/violations/1'],
    ['TU', 'POST', '/violations'],
    ['TU', 'PATCH', '/violations/1'],
    ['TU', 'POST', '/violations/1/evidence'],
    ['STUDENT', 'GET', '/violations/1/evidence'],
    ['TEACHER', 'POST', '/violations/1/verify'],
    ['WAKAKUR', 'POST', '/violations/1/reject'],
    ['TEACHER', 'GET', '/achievements'],
    ['TEACHER', 'GET', '/achievements/export'],
    ['STUDENT', 'GET', '/achievements/homeroom'],
    ['TEACHER', 'GET', '/achievements/1'],
    ['PRINCIPAL', 'POST', '/achievements'],
    ['PRINCIPAL', 'PATCH', '/achievements/1'],
    ['PRINCIPAL', 'POST', '/achievements/1/evidence'],
    ['TEACHER', 'GET', '/achievements/1/evidence'],
    ['STUDENT', 'GET', '/ledger/1'],
    ['TEACHER', 'POST', '/ledger/1'],
    ['STUDENT', 'GET', '/sanctions'],
    ['STUDENT', 'GET', '/sanctions/export'],
    ['STUDENT', 'GET', '/sanctions/1'],
    ['STUDENT', 'GET', '/sanctions/1/letter'],
    ['TEACHER', 'POST', '/sanctions/1/confirm'],
    ['TEACHER', 'POST', '/sanctions/1/reject'],
    ['TEACHER', 'PATCH', '/sanctions/1'],
    ['BPBK', 'GET', '/recap'],
    ['TEACHER', 'GET', '/me'],
  ];

  it('declares a permission on every route and refuses the divisions without it', async () => {
    const routes = ctx.app
      .registeredRoutes()
      .filter((r) => r.url.startsWith(D) && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url.slice(D.length).replace(/:\w+/g, '1')}`);
    expect(routes.sort()).toEqual(denied.map(([, m, p]) => `${m} ${p}`).sort());
    for (const [division, method, path] of denied) {
      const res = await ctx.call(await ctx.as(division), method, `${D}${path}`, method === 'GET' ? undefined : {});
      expect(res.statusCode, `${division} ${method} ${path}`).toBe(403);
    }
    expect((await ctx.call(null, 'GET', `${D}/violations`)).statusCode).toBe(401);
  });
});
