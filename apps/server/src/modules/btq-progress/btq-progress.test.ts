import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import {
  auditLog,
  btqGroupMembers,
  btqGroups,
  btqPresence,
  btqProgress,
  btqSessions,
  btqStudentLevels,
  btqTeachers,
  employees,
  students,
  units,
  users,
} from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { BTQ_TEST_NOW, BTQ_TODAY, btqFixture } from './test-fixtures.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof btqFixture>>;
const B = '/api/v1/btq-progress';

beforeAll(async () => {
  ctx = await createTestContext({}, { now: BTQ_TEST_NOW });
  f = await btqFixture(ctx);
});
afterAll(() => ctx.close());

/** A TEACHER of a second unit who coordinates BTQ there. */
async function coordinatorOfAnotherUnit(): Promise<Session> {
  const [sd] = await ctx.db.insert(units).values({ code: 'SDX', name: 'SD Lain' }).returning();
  const u = await ctx.createUser({ division: 'TEACHER' });
  await ctx.db.update(users).set({ unitId: sd!.id }).where(eq(users.id, u.id));
  const [employee] = await ctx.db
    .update(employees)
    .set({ unitId: sd!.id })
    .where(eq(employees.userId, u.id))
    .returning({ id: employees.id });
  await ctx.db
    .insert(btqTeachers)
    .values({ unitId: sd!.id, employeeId: employee!.id, name: 'Koordinator SD', isCoordinator: true });
  return ctx.signIn(u.username);
}

const save = (s: Session, groupId: number, date: string, entries: unknown[]) =>
  ctx.call(s, 'POST', `${B}/entries`, { groupId, date, entries });

describe('access to every route', () => {
  it('allows the granted divisions and refuses the others', async () => {
    const g1 = f.groups.g1.id;
    const cases: [string, string, unknown, Session[], Session[]][] = [
      ['GET', `${B}/groups`, undefined, [f.ustadzA, f.principal], [f.student, f.yayasan]],
      ['GET', `${B}/sheet?groupId=${g1}`, undefined, [f.ustadzA, f.principal], [f.ustadzB, f.student, f.yayasan]],
      [
        'POST',
        `${B}/entries`,
        { groupId: g1, date: BTQ_TODAY, entries: [] },
        [f.ustadzA, f.principal],
        [f.ustadzB, f.outsider, f.student, f.yayasan],
      ],
      [
        'GET',
        `${B}/students/${f.students.s1}/history`,
        undefined,
        [f.ustadzA, f.principal],
        [f.ustadzB, f.student, f.yayasan],
      ],
      ['GET', `${B}/promotions`, undefined, [f.ustadzA, f.principal], [f.student, f.yayasan]],
      ['POST', `${B}/promotions`, { studentId: f.students.s3 }, [], [f.ustadzA, f.principal, f.student, f.yayasan]],
      [
        'POST',
        `${B}/promotions/999999/test`,
        { testKind: 'MUNAQOSYAH', result: 'LULUS', score: 90 },
        [],
        [f.student, f.yayasan],
      ],
      ['POST', `${B}/promotions/999999/decide`, { decision: 'APPROVED' }, [], [f.student, f.yayasan]],
      ['GET', `${B}/recap?month=2026-11`, undefined, [f.ustadzA, f.principal, f.yayasan], [f.student]],
      ['GET', `${B}/recap/export?month=2026-11`, undefined, [f.principal], [f.student]],
      ['GET', `${B}/me`, undefined, [f.student], [f.ustadzA, f.principal, f.yayasan]],
    ];
    for (const [method, url, body, allowed, denied] of cases) {
      for (const s of allowed) {
        const res = await ctx.call(s, method as 'GET', url, body);
        expect(res.statusCode, `${s.user.division} ${method} ${url}: ${res.body}`).toBe(200);
      }
      for (const s of denied) {
        const res = await ctx.call(s, method as 'GET', url, body);
        expect(res.statusCode, `${s.user.division} ${method} ${url}: ${res.body}`).toBe(403);
      }
    }
    expect((await ctx.call(null, 'GET', `${B}/groups`)).statusCode).toBe(401);
  });

  it('answers 404 and 400 for unknown and bad ids', async () => {
    expect((await ctx.call(f.principal, 'GET', `${B}/sheet?groupId=999999`)).statusCode).toBe(404);
    expect((await ctx.call(f.principal, 'GET', `${B}/sheet?groupId=99999999999`)).statusCode).toBe(400);
    expect((await ctx.call(f.principal, 'GET', `${B}/students/4294967296/history`)).statusCode).toBe(400);
    expect((await ctx.call(f.principal, 'GET', `${B}/recap?month=2026-13`)).statusCode).toBe(400);
    const nul = await save(f.ustadzA, f.groups.g1.id, BTQ_TODAY, [
      { studentId: f.students.s1, kind: 'READING', pageFrom: 1, pageTo: 2, note: 'a\u0000b' },
    ]);
    expect(nul.statusCode).toBe(400);
  });
});

describe('the group sheet and entries', () => {
  it('lists an ustadz only their own groups', async () => {
    const a = await ctx.call(f.ustadzA, 'GET', `${B}/groups`);
    expect(a.json().map((g: { name: string }) => g.name)).toEqual(['Halaqah Iqro A']);
    const p = await ctx.call(f.principal, 'GET', `${B}/groups`);
    expect(p.json()).toHaveLength(2);
  });

  it('shows every member with their level and the next page, defaulting to today', async () => {
    const res = await ctx.call(f.ustadzA, 'GET', `${B}/sheet?groupId=${f.groups.g1.id}`);
    expect(res.statusCode, res.body).toBe(200);
    const sheet = res.json();
    expect(sheet.date).toBe(BTQ_TODAY);
    expect(sheet.rows).toHaveLength(3);
    expect(sheet.rows.every((r: { level: { name: string } }) => r.level.name === 'Jilid 1')).toBe(true);
    expect(sheet.rows[0].suggestedPageFrom).toBe(1);
  });

  it('saves a reading session at once with grades, and pre-fills the next page from it', async () => {
    const first = await save(f.ustadzA, f.groups.g1.id, '2026-11-02', [
      { studentId: f.students.s1, kind: 'READING', pageFrom: 1, pageTo: 10, score: 90, note: 'Lancar' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().saved).toBe(1);
    const sheet = (await ctx.call(f.ustadzA, 'GET', `${B}/sheet?groupId=${f.groups.g1.id}`)).json();
    const s1 = sheet.rows.find((r: { studentId: number }) => r.studentId === f.students.s1);
    expect(s1.suggestedPageFrom).toBe(11);
    expect(s1.lastEntry.grade).toBe('MUMTAZ');
    expect(s1.canPropose).toBe(false);
    const res = await save(f.ustadzA, f.groups.g1.id, BTQ_TODAY, [
      { studentId: f.students.s1, kind: 'READING', pageFrom: 11, pageTo: 39, score: 80 },
      { studentId: f.students.me, kind: 'READING', pageFrom: 1, pageTo: 5, score: 70 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    // saving the day again replaces that day's entries of those students
    const again = await save(f.ustadzA, f.groups.g1.id, BTQ_TODAY, [
      { studentId: f.students.s1, kind: 'READING', pageFrom: 11, pageTo: 40, score: 80 },
    ]);
    expect(again.statusCode, again.body).toBe(200);
    const rows = await ctx.db.select().from(btqProgress).where(eq(btqProgress.studentId, f.students.s1));
    expect(rows.map((r) => [r.date, r.pageFrom, r.pageTo, r.grade])).toEqual(
      expect.arrayContaining([
        ['2026-11-02', 1, 10, 'MUMTAZ'],
        [BTQ_TODAY, 11, 40, 'JAYYID_JIDDAN'],
      ]),
    );
    expect(rows).toHaveLength(2);
    const after = (await ctx.call(f.ustadzA, 'GET', `${B}/sheet?groupId=${f.groups.g1.id}`)).json();
    expect(after.rows.find((r: { studentId: number }) => r.studentId === f.students.s1).canPropose).toBe(true);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'btq.progress.save'));
    expect(audits.length).toBeGreaterThanOrEqual(3);
  });

  it('refuses pages beyond the level and ayat beyond the surah, writing nothing of the batch', async () => {
    const before = (await ctx.db.select().from(btqProgress)).length;
    const pages = await save(f.ustadzA, f.groups.g1.id, BTQ_TODAY, [
      { studentId: f.students.s2, kind: 'READING', pageFrom: 1, pageTo: 5 },
      { studentId: f.students.me, kind: 'READING', pageFrom: 38, pageTo: 41 },
    ]);
    expect(pages.statusCode).toBe(400);
    expect(pages.json().error.message).toBe('Halaman melebihi jumlah halaman jilid ini (40)');
    expect(pages.json().error.fields['entries.1.pageTo']).toBeDefined();
    const reversed = await save(f.ustadzA, f.groups.g1.id, BTQ_TODAY, [
      { studentId: f.students.s2, kind: 'READING', pageFrom: 9, pageTo: 3 },
    ]);
    expect(reversed.statusCode).toBe(400);
    const ayat = await save(f.ustadzB, f.groups.g2.id, BTQ_TODAY, [
      { studentId: f.students.s3, kind: 'ZIYADAH', juz: 30, surah: 78, ayatFrom: 1, ayatTo: 41 },
    ]);
    expect(ayat.statusCode).toBe(400);
    expect(ayat.json().error.message).toBe('Ayat melebihi jumlah ayat surah 78 (40)');
    const readingOnTahfidz = await save(f.ustadzB, f.groups.g2.id, BTQ_TODAY, [
      { studentId: f.students.s3, kind: 'READING', pageFrom: 1, pageTo: 2 },
    ]);
    expect(readingOnTahfidz.statusCode).toBe(400);
    const stranger = await save(f.ustadzA, f.groups.g1.id, BTQ_TODAY, [
      { studentId: f.students.s3, kind: 'READING', pageFrom: 1, pageTo: 2 },
    ]);
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.message).toBe('Siswa bukan anggota kelompok ini pada tanggal tersebut');
    const future = await save(f.ustadzA, f.groups.g1.id, '2026-11-21', []);
    expect(future.statusCode).toBe(400);
    const score = await save(f.ustadzA, f.groups.g1.id, BTQ_TODAY, [
      { studentId: f.students.s2, kind: 'READING', pageFrom: 1, pageTo: 2, score: 101 },
    ]);
    expect(score.statusCode).toBe(400);
    expect((await ctx.db.select().from(btqProgress)).length).toBe(before);
  });

  it('saves tahfidz ziyadah and murojaah', async () => {
    const res = await save(f.ustadzB, f.groups.g2.id, '2026-11-10', [
      { studentId: f.students.s3, kind: 'ZIYADAH', juz: 30, surah: 78, ayatFrom: 1, ayatTo: 40, score: 85 },
      { studentId: f.students.s3, kind: 'MUROJAAH', juz: 1, surah: 1, ayatFrom: 1, ayatTo: 7, score: 95 },
    ]);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().saved).toBe(2);
  });

  it('gives the group page (members) where each member stands on their level', async () => {
    const g1 = (await ctx.call(f.principal, 'GET', `/api/v1/btq/groups/${f.groups.g1.id}/members`)).json();
    const at = (items: { studentId: number }[], id: number) => items.find((m) => m.studentId === id);
    expect(at(g1.items, f.students.s1)).toMatchObject({ levelName: 'Jilid 1', levelPages: 40, lastPage: '40' });
    expect(at(g1.items, f.students.s2)).toMatchObject({ levelName: 'Jilid 1', lastPage: null });
    const g2 = (await ctx.call(f.ustadzB, 'GET', `/api/v1/btq/groups/${f.groups.g2.id}/members`)).json();
    // the new memorisation, not the review of the same day
    expect(at(g2.items, f.students.s3)).toMatchObject({ levelName: 'Juz 30', levelPages: null, lastPage: '78:40' });
    expect((await ctx.call(f.ustadzA, 'GET', `/api/v1/btq/groups/${f.groups.g2.id}/members`)).statusCode).toBe(403);
  });

  it("shows a student's history to their ustadz and the principal only", async () => {
    const a = await ctx.call(f.ustadzA, 'GET', `${B}/students/${f.students.s1}/history`);
    expect(a.statusCode).toBe(200);
    expect(a.json().entries.map((e: { pageTo: number }) => e.pageTo)).toEqual([40, 10]);
    expect((await ctx.call(f.ustadzA, 'GET', `${B}/students/${f.students.s3}/history`)).statusCode).toBe(403);
    expect((await ctx.call(f.principal, 'GET', `${B}/students/${f.students.s3}/history`)).statusCode).toBe(200);
  });
});

describe('promotion with munaqosyah', () => {
  let promotionId: number;

  it('lets only the group’s ustadz propose, and only at the level’s last page', async () => {
    expect((await ctx.call(f.ustadzB, 'POST', `${B}/promotions`, { studentId: f.students.s1 })).statusCode).toBe(403);
    expect((await ctx.call(f.principal, 'POST', `${B}/promotions`, { studentId: f.students.s1 })).statusCode).toBe(403);
    const early = await ctx.call(f.ustadzA, 'POST', `${B}/promotions`, { studentId: f.students.me });
    expect(early.statusCode).toBe(409);
    expect(early.json().error.message).toBe('Siswa belum mencapai halaman terakhir jilid ini');
    const res = await ctx.call(f.ustadzA, 'POST', `${B}/promotions`, { studentId: f.students.s1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'PROPOSED', fromLevel: 'Jilid 1', toLevel: 'Jilid 2' });
    promotionId = res.json().id;
    expect((await ctx.call(f.ustadzA, 'POST', `${B}/promotions`, { studentId: f.students.s1 })).statusCode).toBe(409);
    const open = (await ctx.call(f.ustadzA, 'GET', `${B}/promotions?status=PROPOSED`)).json();
    expect(open.items.map((p: { id: number }) => p.id)).toEqual([promotionId]);
    expect(open.canDecide).toBe(false);
  });

  it('refuses the test to the proposer; another ustadz records it; nobody decides before', async () => {
    const test = { testKind: 'MUNAQOSYAH', result: 'LULUS', score: 88, note: 'Tajwid baik' };
    const early = await ctx.call(f.principal, 'POST', `${B}/promotions/${promotionId}/decide`, {
      decision: 'APPROVED',
    });
    expect(early.statusCode).toBe(409);
    const self = await ctx.call(f.ustadzA, 'POST', `${B}/promotions/${promotionId}/test`, test);
    expect(self.statusCode).toBe(403);
    const res = await ctx.call(f.ustadzB, 'POST', `${B}/promotions/${promotionId}/test`, test);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'TESTED', tester: 'Ustadzah Bilqis', testScore: 88 });
    expect((await ctx.call(f.coordinator, 'POST', `${B}/promotions/${promotionId}/test`, test)).statusCode).toBe(409);
    expect(await f.openLevel(f.students.s1)).toEqual([f.levels.jilid1.id]);
  });

  it('lets only the coordinator or the principal decide; approval alone changes the level', async () => {
    const ustadz = await ctx.call(f.ustadzA, 'POST', `${B}/promotions/${promotionId}/decide`, { decision: 'APPROVED' });
    expect(ustadz.statusCode).toBe(403);
    // an ordinary ustadz (even the tester) and the coordinator of another unit may not decide
    expect(
      (await ctx.call(f.ustadzB, 'POST', `${B}/promotions/${promotionId}/decide`, { decision: 'REJECTED' })).statusCode,
    ).toBe(403);
    const elsewhere = await coordinatorOfAnotherUnit();
    const foreign = await ctx.call(elsewhere, 'POST', `${B}/promotions/${promotionId}/decide`, {
      decision: 'APPROVED',
    });
    expect(foreign.statusCode, foreign.body).toBe(403);
    expect((await ctx.call(elsewhere, 'GET', `${B}/promotions`)).json()).toMatchObject({ items: [], canDecide: true });
    expect((await ctx.call(f.coordinator, 'GET', `${B}/promotions`)).json().canDecide).toBe(true);
    expect((await ctx.call(f.ustadzB, 'GET', `${B}/promotions`)).json().canDecide).toBe(false);
    expect(await f.openLevel(f.students.s1)).toEqual([f.levels.jilid1.id]);
    const res = await ctx.call(f.coordinator, 'POST', `${B}/promotions/${promotionId}/decide`, {
      decision: 'APPROVED',
      note: 'Lanjut',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().status).toBe('APPROVED');
    expect(await f.openLevel(f.students.s1)).toEqual([f.levels.jilid2.id]);
    const rows = await ctx.db.select().from(btqStudentLevels).where(eq(btqStudentLevels.studentId, f.students.s1));
    expect(rows.map((r) => [r.levelId, r.fromDate, r.toDate, r.via, r.promotionId])).toEqual(
      expect.arrayContaining([
        [f.levels.jilid1.id, '2026-08-01', BTQ_TODAY, 'PLACEMENT', null],
        [f.levels.jilid2.id, BTQ_TODAY, null, 'PROMOTION', promotionId],
      ]),
    );
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'btq.promotion.approve'));
    expect(audits).toHaveLength(1);
    expect(
      (await ctx.call(f.principal, 'POST', `${B}/promotions/${promotionId}/decide`, { decision: 'REJECTED' }))
        .statusCode,
    ).toBe(409);
  });

  it('makes one level change of two concurrent approvals', async () => {
    await ctx.db.insert(btqProgress).values({
      studentId: f.students.s2,
      groupId: f.groups.g1.id,
      date: '2026-10-15',
      levelId: f.levels.jilid1.id,
      kind: 'READING',
      pageFrom: 1,
      pageTo: 40,
    });
    const p = await ctx.call(f.ustadzA, 'POST', `${B}/promotions`, { studentId: f.students.s2 });
    expect(p.statusCode, p.body).toBe(200);
    const id = p.json().id;
    const t = await ctx.call(f.coordinator, 'POST', `${B}/promotions/${id}/test`, {
      testKind: 'TASHIH',
      result: 'LULUS',
      score: 80,
    });
    expect(t.statusCode, t.body).toBe(200);
    const results = await Promise.all([
      ctx.call(f.principal, 'POST', `${B}/promotions/${id}/decide`, { decision: 'APPROVED' }),
      ctx.call(f.coordinator, 'POST', `${B}/promotions/${id}/decide`, { decision: 'APPROVED' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const rows = await ctx.db
      .select()
      .from(btqStudentLevels)
      .where(and(eq(btqStudentLevels.studentId, f.students.s2), eq(btqStudentLevels.levelId, f.levels.jilid2.id)));
    expect(rows).toHaveLength(1);
    expect(await f.openLevel(f.students.s2)).toEqual([f.levels.jilid2.id]);
  });

  it('rejects a failed test without changing the level, and refuses to approve it', async () => {
    await ctx.db.insert(btqProgress).values({
      studentId: f.students.me,
      groupId: f.groups.g1.id,
      date: '2026-10-20',
      levelId: f.levels.jilid1.id,
      kind: 'READING',
      pageFrom: 30,
      pageTo: 40,
    });
    // the last entry is the one of today (pages 1-5): delete it so the October one is the last
    await ctx.db
      .delete(btqProgress)
      .where(and(eq(btqProgress.studentId, f.students.me), eq(btqProgress.date, BTQ_TODAY)));
    const p = await ctx.call(f.ustadzA, 'POST', `${B}/promotions`, { studentId: f.students.me });
    expect(p.statusCode, p.body).toBe(200);
    const id = p.json().id;
    await ctx.call(f.ustadzB, 'POST', `${B}/promotions/${id}/test`, {
      testKind: 'MUNAQOSYAH',
      result: 'TIDAK_LULUS',
      score: 50,
    });
    const approve = await ctx.call(f.principal, 'POST', `${B}/promotions/${id}/decide`, { decision: 'APPROVED' });
    expect(approve.statusCode).toBe(409);
    const reject = await ctx.call(f.principal, 'POST', `${B}/promotions/${id}/decide`, { decision: 'REJECTED' });
    expect(reject.statusCode, reject.body).toBe(200);
    expect(await f.openLevel(f.students.me)).toEqual([f.levels.jilid1.id]);
    const list = (await ctx.call(f.principal, 'GET', `${B}/promotions`)).json();
    expect(list.canDecide).toBe(true);
    expect(list.items.map((i: { status: string }) => i.status).sort()).toEqual(['APPROVED', 'APPROVED', 'REJECTED']);
  });
});

describe('the recap', () => {
  beforeAll(async () => {
    const [session] = await ctx.db
      .insert(btqSessions)
      .values({ groupId: f.groups.g1.id, date: '2026-11-18', teacherId: f.teachers.tA.id })
      .returning();
    await ctx.db.insert(btqPresence).values([
      { sessionId: session!.id, studentId: f.students.s1, status: 'HADIR' },
      { sessionId: session!.id, studentId: f.students.s2, status: 'HADIR' },
      { sessionId: session!.id, studentId: f.students.me, status: 'IZIN' },
    ]);
  });

  it('adds up pages, ayat, entries, scores, time per level and presence by hand numbers', async () => {
    const res = await ctx.call(f.principal, 'GET', `${B}/recap?month=2026-11`);
    expect(res.statusCode, res.body).toBe(200);
    const recap = res.json();
    // s1: pages 1-10 (90) on 2 Nov and 11-40 (80) today; the student's entry of today was removed above
    expect(recap.rows).toEqual([
      {
        groupId: f.groups.g1.id,
        groupName: 'Halaqah Iqro A',
        levelId: f.levels.jilid1.id,
        levelName: 'Jilid 1',
        students: 1,
        entries: 2,
        pages: 40,
        ayat: 0,
        averageScore: 85,
      },
      // ziyadah 78:1-40 counts 40 ayat; murojaah does not
      {
        groupId: f.groups.g2.id,
        groupName: 'Halaqah Tahfidz B',
        levelId: f.levels.juz30.id,
        levelName: 'Juz 30',
        students: 1,
        entries: 2,
        pages: 0,
        ayat: 40,
        averageScore: 90,
      },
    ]);
    // s1 and s2 finished Jilid 1 today after starting on 1 August: 111 days each
    expect(recap.levelTimes).toEqual([
      { levelId: f.levels.jilid1.id, levelName: 'Jilid 1', promoted: 2, averageDays: 111 },
    ]);
    expect(recap.presence).toEqual([
      { groupId: f.groups.g1.id, groupName: 'Halaqah Iqro A', HADIR: 2, IZIN: 1, SAKIT: 0, ALPA: 0 },
    ]);
    const levelOf = (id: number) => recap.students.find((s: { studentId: number }) => s.studentId === id).levelName;
    expect(levelOf(f.students.s1)).toBe('Jilid 2');
    expect(levelOf(f.students.me)).toBe('Jilid 1');
    const october = (await ctx.call(f.principal, 'GET', `${B}/recap?month=2026-10`)).json();
    expect(october.rows.map((r: { pages: number }) => r.pages)).toEqual([51]);
  });

  it('shows an ustadz only their own groups, YAYASAN the unit', async () => {
    const a = (await ctx.call(f.ustadzA, 'GET', `${B}/recap?month=2026-11`)).json();
    expect(a.rows.map((r: { groupName: string }) => r.groupName)).toEqual(['Halaqah Iqro A']);
    const forbidden = await ctx.call(f.ustadzA, 'GET', `${B}/recap?month=2026-11&groupId=${f.groups.g2.id}`);
    expect(forbidden.statusCode).toBe(403);
    const y = (await ctx.call(f.yayasan, 'GET', `${B}/recap?month=2026-11&unitId=${f.unitId}`)).json();
    expect(y.rows).toHaveLength(2);
  });

  it('exports the recap to Excel', async () => {
    const res = await ctx.call(f.principal, 'GET', `${B}/recap/export?month=2026-11`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    const values = sheet.getRow(6).values as unknown[];
    expect(values).toContain('Halaqah Iqro A');
    expect(values).toContain(40);
  });
});

describe("the student's own page", () => {
  it('shows the signed-in student their level, group, ustadz, entries and promotions', async () => {
    const res = await ctx.call(f.student, 'GET', `${B}/me`);
    expect(res.statusCode, res.body).toBe(200);
    const me = res.json();
    expect(me.studentId).toBe(f.students.me);
    expect(me).toMatchObject({ group: 'Halaqah Iqro A', teacher: 'Ustadz Ahmad' });
    expect(me.level.name).toBe('Jilid 1');
    expect(me.entries.every((e: { studentId: number }) => e.studentId === f.students.me)).toBe(true);
    expect(me.promotions.map((p: { status: string }) => p.status)).toEqual(['REJECTED']);
  });
});

describe("an outside ustadz's own account", () => {
  const T = '/api/v1/btq';
  let teacherId: number;
  let account: { username: string; password: string };

  it('is made by the principal only, for an outside ustadz, once, with a one-time argon2id password', async () => {
    const made = await ctx.call(f.principal, 'POST', `${T}/teachers`, { name: 'Ustadzah Luar' });
    expect(made.statusCode, made.body).toBe(200);
    teacherId = made.json().id;
    const url = `${T}/teachers/${teacherId}/account`;
    for (const s of [f.ustadzA, f.coordinator, f.yayasan, f.student]) {
      expect((await ctx.call(s, 'POST', url, { username: 'ustadzah.luar' })).statusCode, s.user.division).toBe(403);
    }
    expect((await ctx.call(f.principal, 'POST', url, { username: 'a b' })).statusCode).toBe(400);
    expect((await ctx.call(f.principal, 'POST', url, { username: 'x\u0000y' })).statusCode).toBe(400);
    expect(
      (await ctx.call(f.principal, 'POST', `${T}/teachers/99999999999/account`, { username: 'abc' })).statusCode,
    ).toBe(400);
    expect((await ctx.call(f.principal, 'POST', `${T}/teachers/999999/account`, { username: 'abc' })).statusCode).toBe(
      404,
    );
    const employeeUstadz = await ctx.call(f.principal, 'POST', `${T}/teachers/${f.teachers.tA.id}/account`, {
      username: 'ahmad.lagi',
    });
    expect(employeeUstadz.statusCode).toBe(409);
    const taken = await ctx.call(f.principal, 'POST', url, { username: f.ustadzA.user.username });
    expect(taken.statusCode).toBe(409);
    expect((await ctx.db.select().from(btqTeachers).where(eq(btqTeachers.id, teacherId)))[0]!.userId).toBeNull();

    const res = await ctx.call(f.principal, 'POST', url, { username: 'Ustadzah.Luar' });
    expect(res.statusCode, res.body).toBe(200);
    account = res.json();
    expect(account.username).toBe('ustadzah.luar');
    expect(account.password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(res.json().teacher).toMatchObject({ id: teacherId, username: 'ustadzah.luar', employeeId: null });
    const [row] = await ctx.db.select().from(users).where(eq(users.username, 'ustadzah.luar'));
    expect(row).toMatchObject({ division: 'TEACHER', unitId: f.unitId, displayName: 'Ustadzah Luar' });
    expect(row!.passwordHash).toMatch(/^\$argon2id\$/);
    expect(row!.passwordHash).not.toContain(account.password);
    const audits = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'btq.teacher.account'));
    expect(JSON.stringify(audits)).not.toContain(account.password);
    expect(audits).toHaveLength(1);
    expect((await ctx.call(f.principal, 'POST', url, { username: 'lagi' })).statusCode).toBe(409);
  });

  it('signs in and enters progress for their own groups only, then is locked with the ustadz', async () => {
    const [g3] = await ctx.db
      .insert(btqGroups)
      .values({
        unitId: f.unitId,
        schoolYear: '2026/2027',
        name: 'Halaqah Luar',
        teacherId,
        levelId: f.levels.jilid1.id,
      })
      .returning();
    const [s4] = await ctx.db.insert(students).values({ unitId: f.unitId, nis: 'BTQ4', name: 'Dewi' }).returning();
    await ctx.db.insert(btqGroupMembers).values({ groupId: g3!.id, studentId: s4!.id, fromDate: '2026-08-01' });
    await ctx.db
      .insert(btqStudentLevels)
      .values({ studentId: s4!.id, levelId: f.levels.jilid1.id, fromDate: '2026-08-01', via: 'PLACEMENT' });

    const outside = await ctx.signIn(account.username, account.password);
    expect(outside.user).toMatchObject({ division: 'TEACHER', employeeId: null });
    const groups = (await ctx.call(outside, 'GET', `${B}/groups`)).json();
    expect(groups.map((g: { id: number }) => g.id)).toEqual([g3!.id]);
    expect((await ctx.call(outside, 'GET', `${B}/sheet?groupId=${f.groups.g1.id}`)).statusCode).toBe(403);
    const entry = { studentId: s4!.id, kind: 'READING', pageFrom: 1, pageTo: 5, score: 85 };
    const ok = await save(outside, g3!.id, BTQ_TODAY, [entry]);
    expect(ok.statusCode, ok.body).toBe(200);
    const [saved] = await ctx.db.select().from(btqProgress).where(eq(btqProgress.studentId, s4!.id));
    expect(saved!.teacherId).toBe(teacherId);
    expect((await save(outside, f.groups.g1.id, BTQ_TODAY, [])).statusCode).toBe(403);
    // the outside ustadz may record a munaqosyah of the unit but not decide
    expect((await ctx.call(outside, 'GET', `${B}/promotions`)).json().canDecide).toBe(false);

    const off = await ctx.call(f.principal, 'PATCH', `/api/v1/btq/teachers/${teacherId}`, { isActive: false });
    expect(off.statusCode, off.body).toBe(200);
    expect((await ctx.call(outside, 'GET', `${B}/groups`)).statusCode).toBe(401);
    await expect(ctx.signIn(account.username, account.password)).rejects.toThrow(/failed/);
  });
});
