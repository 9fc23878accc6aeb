import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { auditLog, btqGroupMembers, btqStudentLevels, students, units } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { attendanceFixture } from '../attendance/test-fixtures.ts';
import { currentLevelsOf, groupsOfTeacherUser } from './btq.service.ts';

let ctx: TestContext;
let f: Awaited<ReturnType<typeof attendanceFixture>>;
let principal: Session;
let admin: Session;
let yayasan: Session;
let student: Session;
let ustadzA: Session;
let ustadzB: Session;
let sdUnitId: number;
let sdStudentId: number;
let methodId: number;
const level: Record<string, number> = {};
const teacher: Record<string, number> = {};
const group: Record<string, number> = {};
const B = '/api/v1/btq';
// the fixture's clock: Wednesday 18 November 2026 (a school day); the 15th is a Sunday
const TODAY = '2026-11-18';
const SUNDAY = '2026-11-15';

beforeAll(async () => {
  ctx = await createTestContext();
  f = await attendanceFixture(ctx);
  principal = await ctx.as('PRINCIPAL');
  admin = await ctx.as('ADMIN');
  yayasan = await ctx.as('YAYASAN');
  student = await ctx.as('STUDENT');
  ustadzA = f.subjectTeacher;
  ustadzB = f.otherTeacher;
  const [sd] = await ctx.db.insert(units).values({ code: 'SD', name: 'SD Uji' }).returning();
  sdUnitId = sd!.id;
  const [s] = await ctx.db.insert(students).values({ unitId: sdUnitId, nis: 'SD1', name: 'Siswa SD' }).returning();
  sdStudentId = s!.id;
});
afterAll(() => ctx.close());

const ok = (res: { statusCode: number; body: string }) => {
  expect(res.statusCode, res.body).toBe(200);
  return JSON.parse(res.body);
};

describe('methods, levels and cut-offs', () => {
  it('lets the principal build a method of the unit with ordered levels; teachers and YAYASAN only read', async () => {
    const m = ok(await ctx.call(principal, 'POST', `${B}/methods`, { name: 'Ummi', kind: 'READING' }));
    methodId = m.id;
    expect(m.unitId).toBe(f.unitId);
    for (const [name, pages] of [
      ['Jilid 1', 40],
      ['Jilid 2', 40],
      ['Jilid 3', 40],
      ['Al-Quran', null],
    ] as const) {
      const res = ok(await ctx.call(principal, 'POST', `${B}/methods/${methodId}/levels`, { name, pages }));
      level[name] = res.levels.find((l: { name: string }) => l.name === name).id;
    }
    const list = ok(await ctx.call(ustadzA, 'GET', `${B}/methods`));
    expect(list.items[0].levels.map((l: { name: string; sortOrder: number }) => [l.name, l.sortOrder])).toEqual([
      ['Jilid 1', 1],
      ['Jilid 2', 2],
      ['Jilid 3', 3],
      ['Al-Quran', 4],
    ]);
    expect((await ctx.call(yayasan, 'GET', `${B}/methods`)).statusCode).toBe(200);
    expect((await ctx.call(student, 'GET', `${B}/methods`)).statusCode).toBe(403);
    for (const s of [ustadzA, yayasan, student]) {
      expect((await ctx.call(s, 'POST', `${B}/methods`, { name: 'X', kind: 'READING' })).statusCode).toBe(403);
      expect((await ctx.call(s, 'PATCH', `${B}/methods/${methodId}`, { name: 'X' })).statusCode).toBe(403);
      expect((await ctx.call(s, 'POST', `${B}/methods/${methodId}/levels`, { name: 'X' })).statusCode).toBe(403);
      expect((await ctx.call(s, 'PATCH', `${B}/levels/${level['Jilid 1']}`, { name: 'X' })).statusCode).toBe(403);
      expect((await ctx.call(s, 'DELETE', `${B}/levels/${level['Jilid 1']}`)).statusCode).toBe(403);
      expect((await ctx.call(s, 'PUT', `${B}/methods/${methodId}/order`, { levelIds: [1] })).statusCode).toBe(403);
      expect(
        (await ctx.call(s, 'PUT', `${B}/cutoffs`, { MUMTAZ: 90, JAYYID_JIDDAN: 80, JAYYID: 70, MAQBUL: 60 }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('refuses a duplicate method or level name, and a foundation-wide method to the principal', async () => {
    expect((await ctx.call(principal, 'POST', `${B}/methods`, { name: 'ummi', kind: 'READING' })).statusCode).toBe(409);
    expect((await ctx.call(principal, 'POST', `${B}/methods/${methodId}/levels`, { name: 'jilid 1' })).statusCode).toBe(
      409,
    );
    const wide = await ctx.call(principal, 'POST', `${B}/methods`, {
      name: 'Iqro',
      kind: 'READING',
      foundationWide: true,
    });
    expect(wide.statusCode).toBe(403);
    const adminWide = ok(
      await ctx.call(admin, 'POST', `${B}/methods`, { name: 'Iqro', kind: 'READING', foundationWide: true }),
    );
    expect(adminWide.unitId).toBeNull();
    // the principal sees it but may not change it
    expect((await ctx.call(principal, 'PATCH', `${B}/methods/${adminWide.id}`, { name: 'Iqra' })).statusCode).toBe(403);
    const bad = await ctx.call(principal, 'POST', `${B}/methods/${methodId}/levels`, { name: 'Jilid 9', pages: 0 });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.call(principal, 'PATCH', `${B}/methods/99999999999`, { name: 'x' })).statusCode).toBe(400);
  });

  it('reorders levels (the exact set only) and renames one', async () => {
    const order = [level['Jilid 2']!, level['Jilid 1']!, level['Jilid 3']!, level['Al-Quran']!];
    const m = ok(await ctx.call(principal, 'PUT', `${B}/methods/${methodId}/order`, { levelIds: order }));
    expect(m.levels.map((l: { id: number }) => l.id)).toEqual(order);
    const back = [level['Jilid 1']!, level['Jilid 2']!, level['Jilid 3']!, level['Al-Quran']!];
    ok(await ctx.call(principal, 'PUT', `${B}/methods/${methodId}/order`, { levelIds: back }));
    const partial = await ctx.call(principal, 'PUT', `${B}/methods/${methodId}/order`, { levelIds: back.slice(1) });
    expect(partial.statusCode).toBe(400);
    const renamed = ok(await ctx.call(principal, 'PATCH', `${B}/levels/${level['Jilid 3']}`, { name: 'Jilid Tiga' }));
    expect(renamed.levels[2].name).toBe('Jilid Tiga');
  });

  it('gives the default cut-offs, saves strictly descending ones and refuses others', async () => {
    const d = ok(await ctx.call(ustadzA, 'GET', `${B}/cutoffs`));
    expect(d).toMatchObject({ isDefault: true, MUMTAZ: 90, JAYYID_JIDDAN: 80, JAYYID: 70, MAQBUL: 60 });
    const flat = await ctx.call(principal, 'PUT', `${B}/cutoffs`, {
      MUMTAZ: 90,
      JAYYID_JIDDAN: 90,
      JAYYID: 70,
      MAQBUL: 60,
    });
    expect(flat.statusCode).toBe(400);
    const saved = ok(
      await ctx.call(principal, 'PUT', `${B}/cutoffs`, { MUMTAZ: 95, JAYYID_JIDDAN: 85, JAYYID: 75, MAQBUL: 65 }),
    );
    expect(saved).toMatchObject({ isDefault: false, MUMTAZ: 95, MAQBUL: 65 });
    expect((await ctx.call(admin, 'GET', `${B}/cutoffs`)).statusCode).toBe(400); // ADMIN names the unit
    expect(ok(await ctx.call(admin, 'GET', `${B}/cutoffs?unitId=${sdUnitId}`)).isDefault).toBe(true);
  });
});

describe('ustadz', () => {
  it('assigns employees of the unit and an outside teacher; refuses duplicates and other units', async () => {
    for (const [key, s] of [
      ['A', ustadzA],
      ['B', ustadzB],
    ] as const) {
      const t = ok(await ctx.call(principal, 'POST', `${B}/teachers`, { employeeId: s.user.employeeId }));
      teacher[key] = t.id;
      expect(t.employeeId).toBe(s.user.employeeId);
    }
    const outside = ok(
      await ctx.call(principal, 'POST', `${B}/teachers`, { name: 'Ustadzah Luar', isCoordinator: true }),
    );
    teacher.outside = outside.id;
    expect(outside).toMatchObject({ employeeId: null, isCoordinator: true });
    expect(
      (await ctx.call(principal, 'POST', `${B}/teachers`, { employeeId: ustadzA.user.employeeId })).statusCode,
    ).toBe(409);
    expect((await ctx.call(principal, 'POST', `${B}/teachers`, {})).statusCode).toBe(400);
    const opts = ok(await ctx.call(principal, 'GET', `${B}/teachers/employees`));
    expect(opts.items.length).toBeGreaterThan(1);
    expect((await ctx.call(ustadzA, 'GET', `${B}/teachers/employees`)).statusCode).toBe(403);
    expect((await ctx.call(ustadzA, 'POST', `${B}/teachers`, { name: 'X' })).statusCode).toBe(403);
    expect((await ctx.call(yayasan, 'PATCH', `${B}/teachers/${teacher.A}`, { isActive: false })).statusCode).toBe(403);
    expect(ok(await ctx.call(yayasan, 'GET', `${B}/teachers`)).items).toHaveLength(3);
    const off = ok(await ctx.call(principal, 'PATCH', `${B}/teachers/${teacher.outside}`, { isActive: false }));
    expect(off.isActive).toBe(false);
  });
});

describe('groups and members', () => {
  it('creates groups of the active year; an inactive ustadz or another unit’s level is refused', async () => {
    const a = ok(
      await ctx.call(principal, 'POST', `${B}/groups`, {
        name: 'Halaqah A',
        teacherId: teacher.A,
        levelId: level['Jilid 1'],
        days: [1, 3, 5],
        startTime: '07:00',
        endTime: '08:00',
        place: 'Masjid',
      }),
    );
    group.A = a.id;
    expect(a.schoolYear).toBe('2026/2027');
    group.B = ok(await ctx.call(principal, 'POST', `${B}/groups`, { name: 'Halaqah B', teacherId: teacher.B })).id;
    expect(
      (await ctx.call(principal, 'POST', `${B}/groups`, { name: 'halaqah a', teacherId: teacher.B })).statusCode,
    ).toBe(409);
    expect(
      (await ctx.call(principal, 'POST', `${B}/groups`, { name: 'C', teacherId: teacher.outside })).statusCode,
    ).toBe(400);
    const late = await ctx.call(principal, 'POST', `${B}/groups`, {
      name: 'C',
      teacherId: teacher.B,
      startTime: '09:00',
      endTime: '08:00',
    });
    expect(late.statusCode).toBe(400);
    expect((await ctx.call(ustadzA, 'POST', `${B}/groups`, { name: 'X', teacherId: teacher.A })).statusCode).toBe(403);
    expect((await ctx.call(yayasan, 'PATCH', `${B}/groups/${group.A}`, { name: 'X' })).statusCode).toBe(403);
  });

  it('adds members of the unit only, once', async () => {
    const ids = f.studentsA.map((s) => s.id);
    ok(await ctx.call(principal, 'POST', `${B}/groups/${group.A}/members`, { studentIds: ids }));
    ok(await ctx.call(principal, 'POST', `${B}/groups/${group.B}/members`, { studentIds: [f.studentsB[0]!.id] }));
    expect(
      (await ctx.call(principal, 'POST', `${B}/groups/${group.B}/members`, { studentIds: [ids[0]] })).statusCode,
    ).toBe(409);
    expect(
      (await ctx.call(principal, 'POST', `${B}/groups/${group.B}/members`, { studentIds: [sdStudentId] })).statusCode,
    ).toBe(400);
    expect(
      (await ctx.call(ustadzA, 'POST', `${B}/groups/${group.A}/members`, { studentIds: [f.studentsB[1]!.id] }))
        .statusCode,
    ).toBe(403);
    const members = ok(await ctx.call(principal, 'GET', `${B}/groups/${group.A}/members`));
    expect(members.items.map((m: { studentId: number }) => m.studentId).sort()).toEqual([...ids].sort());
    expect(members.items[0].className).toBe('7A');
  });

  it('shows an ustadz only their own groups (one rule, groupsOfTeacherUser)', async () => {
    const own = ok(await ctx.call(ustadzA, 'GET', `${B}/groups`));
    expect(own.items.map((g: { id: number }) => g.id)).toEqual([group.A]);
    expect(await groupsOfTeacherUser(ctx.db, ustadzA.user)).toEqual([group.A]);
    expect(await groupsOfTeacherUser(ctx.db, principal.user)).toBeNull();
    expect(await groupsOfTeacherUser(ctx.db, f.homeroomA.user)).toEqual([]);
    expect((await ctx.call(ustadzA, 'GET', `${B}/groups/${group.B}/members`)).statusCode).toBe(403);
    expect(ok(await ctx.call(principal, 'GET', `${B}/groups`)).items).toHaveLength(2);
    expect(ok(await ctx.call(yayasan, 'GET', `${B}/groups`)).items).toHaveLength(2);
    expect((await ctx.call(student, 'GET', `${B}/groups`)).statusCode).toBe(403);
  });

  it('moves a student in one step, keeping the old membership as history (audited)', async () => {
    const sid = f.studentsA[2]!.id;
    ok(await ctx.call(principal, 'POST', `${B}/members/move`, { studentId: sid, toGroupId: group.B }));
    const rows = await ctx.db.select().from(btqGroupMembers).where(eq(btqGroupMembers.studentId, sid));
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.groupId === group.A)).toMatchObject({ toDate: TODAY });
    expect(rows.find((r) => r.groupId === group.B)).toMatchObject({ fromDate: TODAY, toDate: null });
    const history = ok(await ctx.call(principal, 'GET', `${B}/students/${sid}/history`));
    expect(history.groups.map((g: { groupName: string }) => g.groupName).sort()).toEqual(['Halaqah A', 'Halaqah B']);
    const [entry] = await ctx.db.select().from(auditLog).where(eq(auditLog.action, 'btq.member.move'));
    expect(entry?.entityId).toBe(String(sid));
    expect(
      (await ctx.call(principal, 'POST', `${B}/members/move`, { studentId: sid, toGroupId: group.B })).statusCode,
    ).toBe(409);
    expect(
      (await ctx.call(ustadzA, 'POST', `${B}/members/move`, { studentId: sid, toGroupId: group.A })).statusCode,
    ).toBe(403);
    // moved back today: both memberships of today stay on record
    ok(await ctx.call(principal, 'POST', `${B}/members/move`, { studentId: sid, toGroupId: group.A }));
    const open = await ctx.db
      .select()
      .from(btqGroupMembers)
      .where(and(eq(btqGroupMembers.studentId, sid), isNull(btqGroupMembers.toDate)));
    expect(open.map((r) => r.groupId)).toEqual([group.A]);
  });

  it('removes a member by closing the membership; an ustadz may not', async () => {
    const sid = f.studentsB[0]!.id;
    expect((await ctx.call(ustadzB, 'DELETE', `${B}/groups/${group.B}/members/${sid}`)).statusCode).toBe(403);
    ok(await ctx.call(principal, 'DELETE', `${B}/groups/${group.B}/members/${sid}`));
    expect((await ctx.call(principal, 'DELETE', `${B}/groups/${group.B}/members/${sid}`)).statusCode).toBe(404);
    const rows = await ctx.db.select().from(btqGroupMembers).where(eq(btqGroupMembers.studentId, sid));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.toDate).toBe(TODAY);
  });

  it('exports the groups with members for the manager only', async () => {
    const res = await ctx.call(principal, 'GET', `${B}/groups/export`);
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const names = book.worksheets[0]!.getColumn(8).values.filter((v) => typeof v === 'string');
    expect(names).toEqual(expect.arrayContaining(f.studentsA.map((s) => s.name)));
    expect((await ctx.call(ustadzA, 'GET', `${B}/groups/export`)).statusCode).toBe(403);
  });
});

describe('leveling', () => {
  it('places many students at once and closes their previous level', async () => {
    const ids = f.studentsA.map((s) => s.id);
    expect(
      ok(await ctx.call(principal, 'POST', `${B}/placements`, { studentIds: ids, levelId: level['Jilid 1'] })).placed,
    ).toBe(3);
    const again = ok(
      await ctx.call(principal, 'POST', `${B}/placements`, { studentIds: [ids[0]], levelId: level['Jilid 2'] }),
    );
    expect(again.placed).toBe(1);
    const rows = await ctx.db.select().from(btqStudentLevels).where(eq(btqStudentLevels.studentId, ids[0]!));
    expect(rows).toHaveLength(2);
    expect(rows.filter((r) => r.toDate === null).map((r) => r.levelId)).toEqual([level['Jilid 2']]);
    expect(rows.find((r) => r.levelId === level['Jilid 1'])!.toDate).toBe(TODAY);
    const current = await currentLevelsOf(ctx.db, ids);
    expect(current.get(ids[0]!)).toMatchObject({ levelName: 'Jilid 2', methodName: 'Ummi', pages: 40 });
    expect(current.get(ids[1]!)?.levelName).toBe('Jilid 1');
    // placing at the level a student already has changes nothing
    expect(
      ok(await ctx.call(principal, 'POST', `${B}/placements`, { studentIds: [ids[1]], levelId: level['Jilid 1'] }))
        .placed,
    ).toBe(0);
  });

  it('lists students with level and group, filtered and paged, with export; others of the unit only', async () => {
    const all = ok(await ctx.call(principal, 'GET', `${B}/students?pageSize=2`));
    expect(all.total).toBeGreaterThanOrEqual(5);
    expect(all.items).toHaveLength(2);
    const atJ1 = ok(await ctx.call(principal, 'GET', `${B}/students?levelId=${level['Jilid 1']}`));
    expect(atJ1.items.map((s: { id: number }) => s.id).sort()).toEqual(
      f.studentsA
        .slice(1)
        .map((s) => s.id)
        .sort(),
    );
    const inB = ok(await ctx.call(principal, 'GET', `${B}/students?classId=${f.classB.id}`));
    expect(inB.items.every((s: { className: string }) => s.className === '7B')).toBe(true);
    const byName = ok(await ctx.call(principal, 'GET', `${B}/students?q=${encodeURIComponent(f.studentsA[0]!.name)}`));
    expect(byName.items[0]).toMatchObject({ levelName: 'Jilid 2', groupName: 'Halaqah A' });
    expect((await ctx.call(principal, 'GET', `${B}/students/export`)).statusCode).toBe(200);
    expect((await ctx.call(principal, 'GET', `${B}/students/${sdStudentId}/history`)).statusCode).toBe(403);
    expect(
      (await ctx.call(principal, 'POST', `${B}/placements`, { studentIds: [sdStudentId], levelId: level['Jilid 1'] }))
        .statusCode,
    ).toBe(400);
    for (const s of [ustadzA, yayasan]) {
      expect((await ctx.call(s, 'GET', `${B}/students`)).statusCode).toBe(403);
      expect(
        (await ctx.call(s, 'POST', `${B}/placements`, { studentIds: [f.studentsA[0]!.id], levelId: level['Jilid 1'] }))
          .statusCode,
      ).toBe(403);
    }
  });

  it('never deletes a level in use (409) but deletes an unused one and deactivates', async () => {
    const used = await ctx.call(principal, 'DELETE', `${B}/levels/${level['Jilid 1']}`);
    expect(used.statusCode).toBe(409);
    const m = ok(await ctx.call(principal, 'DELETE', `${B}/levels/${level['Jilid Tiga'] ?? level['Jilid 3']}`));
    expect(m.levels.map((l: { name: string; sortOrder: number }) => [l.name, l.sortOrder])).toEqual([
      ['Jilid 1', 1],
      ['Jilid 2', 2],
      ['Al-Quran', 3],
    ]);
    const off = ok(await ctx.call(principal, 'PATCH', `${B}/levels/${level['Jilid 1']}`, { isActive: false }));
    expect(off.levels[0]).toMatchObject({ isActive: false, inUse: true });
    const refused = await ctx.call(principal, 'POST', `${B}/placements`, {
      studentIds: [f.studentsB[1]!.id],
      levelId: level['Jilid 1'],
    });
    expect(refused.statusCode).toBe(400);
    ok(await ctx.call(principal, 'PATCH', `${B}/levels/${level['Jilid 1']}`, { isActive: true }));
  });
});

describe('group presence', () => {
  const marks = () => f.studentsA.map((s, i) => ({ studentId: s.id, status: i === 1 ? 'SAKIT' : 'HADIR' }));

  it('lets the ustadz record their own group on a school day and change it (upsert)', async () => {
    const sheet = ok(await ctx.call(ustadzA, 'GET', `${B}/presence?groupId=${group.A}&date=${TODAY}`));
    expect(sheet).toMatchObject({ schoolDay: true, recorded: false });
    expect(sheet.items).toHaveLength(3);
    const saved = ok(
      await ctx.call(ustadzA, 'PUT', `${B}/presence`, { groupId: group.A, date: TODAY, entries: marks() }),
    );
    expect(saved.saved).toBe(3);
    const changed = marks().map((m) => ({ ...m, status: 'HADIR' }));
    ok(await ctx.call(ustadzA, 'PUT', `${B}/presence`, { groupId: group.A, date: TODAY, entries: changed }));
    const after = ok(await ctx.call(ustadzA, 'GET', `${B}/presence?groupId=${group.A}&date=${TODAY}`));
    expect(after.recorded).toBe(true);
    expect(after.items.map((i: { status: string }) => i.status)).toEqual(['HADIR', 'HADIR', 'HADIR']);
    const count = await ctx.db.execute<{ n: number }>(sql`select count(*)::int as n from btq_presence`);
    expect(count.rows[0]!.n).toBe(3);
  });

  it('refuses another ustadz’s group, YAYASAN and students', async () => {
    expect((await ctx.call(ustadzB, 'GET', `${B}/presence?groupId=${group.A}&date=${TODAY}`)).statusCode).toBe(403);
    const other = await ctx.call(ustadzB, 'PUT', `${B}/presence`, { groupId: group.A, date: TODAY, entries: marks() });
    expect(other.statusCode).toBe(403);
    expect(
      (await ctx.call(f.homeroomA, 'PUT', `${B}/presence`, { groupId: group.A, date: TODAY, entries: marks() }))
        .statusCode,
    ).toBe(403);
    expect(
      (await ctx.call(yayasan, 'PUT', `${B}/presence`, { groupId: group.A, date: TODAY, entries: marks() })).statusCode,
    ).toBe(403);
    expect((await ctx.call(yayasan, 'GET', `${B}/presence?groupId=${group.A}&date=${TODAY}`)).statusCode).toBe(403);
    expect((await ctx.call(student, 'GET', `${B}/presence/recap?groupId=${group.A}&month=2026-11`)).statusCode).toBe(
      403,
    );
  });

  it('refuses a day that is not a school day, a future day and a non-member', async () => {
    const sunday = await ctx.call(ustadzA, 'PUT', `${B}/presence`, {
      groupId: group.A,
      date: SUNDAY,
      entries: marks(),
    });
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json().error.message).toContain('bukan hari sekolah');
    expect(ok(await ctx.call(ustadzA, 'GET', `${B}/presence?groupId=${group.A}&date=${SUNDAY}`)).schoolDay).toBe(false);
    const future = await ctx.call(ustadzA, 'PUT', `${B}/presence`, {
      groupId: group.A,
      date: '2026-11-19',
      entries: marks(),
    });
    expect(future.statusCode).toBe(400);
    const stranger = await ctx.call(ustadzA, 'PUT', `${B}/presence`, {
      groupId: group.A,
      date: TODAY,
      entries: [{ studentId: f.studentsB[1]!.id, status: 'HADIR' }],
    });
    expect(stranger.statusCode).toBe(400);
    const bad = await ctx.call(ustadzA, 'PUT', `${B}/presence`, {
      groupId: group.A,
      date: TODAY,
      entries: [{ studentId: f.studentsA[0]!.id, status: 'TELAT' }],
    });
    expect(bad.statusCode).toBe(400);
  });

  it('lets the principal record any group of the unit, and recaps a month per student with export', async () => {
    // the members joined on the 1st (backdated here: the API opens memberships today)
    await ctx.db.execute(
      sql`update btq_group_members set from_date = '2026-11-01' where group_id = ${group.A} and to_date is null`,
    );
    const noted = marks().map((m) => (m.status === 'SAKIT' ? { ...m, note: 'Demam, surat dari orang tua' } : m));
    ok(await ctx.call(principal, 'PUT', `${B}/presence`, { groupId: group.A, date: '2026-11-17', entries: noted }));
    const sheet = ok(await ctx.call(principal, 'GET', `${B}/presence?groupId=${group.A}&date=2026-11-17`));
    expect(sheet.items.find((i: { studentId: number }) => i.studentId === f.studentsA[1]!.id).note).toBe(
      'Demam, surat dari orang tua',
    );
    const recap = ok(await ctx.call(yayasan, 'GET', `${B}/presence/recap?groupId=${group.A}&month=2026-11`));
    expect(recap.sessions).toBe(2);
    const second = recap.items.find((i: { studentId: number }) => i.studentId === f.studentsA[1]!.id);
    expect(second).toMatchObject({ HADIR: 1, SAKIT: 1, IZIN: 0, ALPA: 0 });
    // the note of the 17th, not the unnoted sick day of the 18th
    expect(second.notes).toEqual([{ date: '2026-11-17', status: 'SAKIT', note: 'Demam, surat dari orang tua' }]);
    expect(recap.items.find((i: { studentId: number }) => i.studentId === f.studentsA[0]!.id).notes).toEqual([]);
    expect((await ctx.call(ustadzB, 'GET', `${B}/presence/recap?groupId=${group.A}&month=2026-11`)).statusCode).toBe(
      403,
    );
    const file = await ctx.call(ustadzA, 'GET', `${B}/presence/recap/export?groupId=${group.A}&month=2026-11`);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toContain('spreadsheetml');
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(file.rawPayload as unknown as ArrayBuffer);
    const cells = JSON.stringify(book.worksheets[0]!.getSheetValues());
    expect(cells).toContain('2026-11-17 SAKIT: Demam, surat dari orang tua');
    expect((await ctx.call(ustadzA, 'GET', `${B}/presence/recap?groupId=${group.A}&month=2026-13`)).statusCode).toBe(
      400,
    );
  });
});

describe('the access matrix', () => {
  it('refuses every BTQ route to a student and every manager route to an ustadz and YAYASAN', async () => {
    const g = group.A;
    const sid = f.studentsA[0]!.id;
    const manage: [string, string, unknown?][] = [
      ['POST', `${B}/methods`, { name: 'X', kind: 'READING' }],
      ['PATCH', `${B}/methods/${methodId}`, { name: 'X' }],
      ['POST', `${B}/methods/${methodId}/levels`, { name: 'X' }],
      ['PUT', `${B}/methods/${methodId}/order`, { levelIds: [level['Jilid 1']] }],
      ['PATCH', `${B}/levels/${level['Jilid 1']}`, { name: 'X' }],
      ['DELETE', `${B}/levels/${level['Jilid 1']}`],
      ['PUT', `${B}/cutoffs`, { MUMTAZ: 90, JAYYID_JIDDAN: 80, JAYYID: 70, MAQBUL: 60 }],
      ['GET', `${B}/teachers/employees`],
      ['POST', `${B}/teachers`, { name: 'X' }],
      ['PATCH', `${B}/teachers/${teacher.A}`, { phone: '1' }],
      ['GET', `${B}/groups/export`],
      ['POST', `${B}/groups`, { name: 'X', teacherId: teacher.A }],
      ['PATCH', `${B}/groups/${g}`, { name: 'X' }],
      ['POST', `${B}/groups/${g}/members`, { studentIds: [sid] }],
      ['DELETE', `${B}/groups/${g}/members/${sid}`],
      ['POST', `${B}/members/move`, { studentId: sid, toGroupId: group.B }],
      ['GET', `${B}/students`],
      ['GET', `${B}/students/export`],
      ['GET', `${B}/students/${sid}/history`],
      ['POST', `${B}/placements`, { studentIds: [sid], levelId: level['Jilid 1'] }],
    ];
    const teach: [string, string, unknown?][] = [
      ['GET', `${B}/presence?groupId=${g}&date=${TODAY}`],
      ['PUT', `${B}/presence`, { groupId: g, date: TODAY, entries: [{ studentId: sid, status: 'HADIR' }] }],
    ];
    const read: [string, string, unknown?][] = [
      ['GET', `${B}/methods`],
      ['GET', `${B}/cutoffs`],
      ['GET', `${B}/teachers`],
      ['GET', `${B}/groups`],
      ['GET', `${B}/groups/${g}/members`],
      ['GET', `${B}/presence/recap?groupId=${g}&month=2026-11`],
      ['GET', `${B}/presence/recap/export?groupId=${g}&month=2026-11`],
    ];
    for (const [method, url, body] of [...manage, ...teach, ...read]) {
      const res = await ctx.call(student, method as 'GET', url, body);
      expect(res.statusCode, `student ${method} ${url}`).toBe(403);
    }
    for (const s of [ustadzA, yayasan]) {
      for (const [method, url, body] of manage) {
        const res = await ctx.call(s, method as 'GET', url, body);
        expect(res.statusCode, `${s.user.division} ${method} ${url}`).toBe(403);
      }
    }
    for (const [method, url, body] of teach) {
      expect((await ctx.call(yayasan, method as 'GET', url, body)).statusCode, `YAYASAN ${url}`).toBe(403);
      expect((await ctx.call(ustadzB, method as 'GET', url, body)).statusCode, `other ustadz ${url}`).toBe(403);
    }
    // allowed: the principal everything of the unit, the ustadz and YAYASAN the reads of their scope
    for (const [method, url] of read) {
      expect((await ctx.call(ustadzA, method as 'GET', url)).statusCode, `ustadz ${url}`).toBe(200);
      expect((await ctx.call(principal, method as 'GET', url)).statusCode, `principal ${url}`).toBe(200);
    }
    for (const url of [`${B}/students/export`, `${B}/students/${sid}/history`, `${B}/teachers/employees`]) {
      expect((await ctx.call(principal, 'GET', url)).statusCode, `principal ${url}`).toBe(200);
    }
    expect((await ctx.call(yayasan, 'GET', `${B}/groups/${g}/members`)).statusCode).toBe(200);
  });
});
