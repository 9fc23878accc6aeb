import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { academicYears, classGroups, enrollments, grades, students, units } from '../../db/schema/index.ts';
import { createTestContext, type Session, type TestContext } from '../../test/context.ts';
import { drawStudents } from './draw.ts';

let ctx: TestContext;
let admin: Session;
let classId: number;
let emptyId: number;
let names: string[];
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await ctx.as('ADMIN');
  const [unit] = await ctx.db.select().from(units).where(eq(units.code, 'SMP'));
  const [year] = await ctx.db
    .insert(academicYears)
    .values({ name: '2030/2031', startDate: '2030-07-13', endDate: '2031-06-20', isActive: false })
    .returning();
  const [grade] = await ctx.db.insert(grades).values({ unitId: unit!.id, level: 8, name: 'Kelas 8' }).returning();
  const [cls, empty] = await ctx.db
    .insert(classGroups)
    .values([
      { unitId: unit!.id, academicYearId: year!.id, gradeId: grade!.id, name: '8 Undian' },
      { unitId: unit!.id, academicYearId: year!.id, gradeId: grade!.id, name: '8 Kosong' },
    ])
    .returning();
  classId = cls!.id;
  emptyId = empty!.id;
  const rows = await ctx.db
    .insert(students)
    .values(
      Array.from({ length: 11 }, (_, i) => ({ unitId: unit!.id, nis: `U${i + 1}`, name: `Siswa Undian ${i + 1}` })),
    )
    .returning();
  names = rows.map((r) => r.name);
  await ctx.db
    .insert(enrollments)
    .values(rows.map((s) => ({ studentId: s.id, classGroupId: classId, academicYearId: year!.id })));
  // a student who left the class and one no longer active are never drawn
  await ctx.db.update(enrollments).set({ endedAt: new Date() }).where(eq(enrollments.studentId, rows[9]!.id));
  await ctx.db.update(students).set({ status: 'MOVED' }).where(eq(students.id, rows[10]!.id));
});
afterAll(() => ctx.close());

const url = (q: string) => `/api/v1/random-draws?classGroupId=${classId}&${q}`;
const flat = (body: { groups: { students: { name: string }[] }[] }) =>
  body.groups.map((g) => g.students.map((s) => s.name));

describe('the random generator', () => {
  it('draws N students with a new seed, and the same seed repeats the draw', async () => {
    const first = await ctx.call(admin, 'GET', url('mode=pick&count=4'));
    expect(first.statusCode).toBe(200);
    const body = first.json();
    expect(body).toMatchObject({
      mode: 'pick',
      count: 4,
      classSize: 9,
      classGroup: { name: '8 Undian', unitCode: 'SMP' },
    });
    expect(body.seed).toBeGreaterThanOrEqual(1);
    expect(body.groups).toHaveLength(1);
    const drawn = flat(body)[0]!;
    expect(drawn).toHaveLength(4);
    expect(new Set(drawn).size).toBe(4);
    expect(drawn.every((n) => names.slice(0, 9).includes(n))).toBe(true);

    const again = (await ctx.call(admin, 'GET', url(`mode=pick&count=4&seed=${body.seed}`))).json();
    expect(again).toEqual(body);

    // other seeds give other draws (of many seeds, not all the same)
    const others = new Set<string>();
    for (const seed of [1, 2, 3, 4, 5]) {
      others.add(JSON.stringify(flat((await ctx.call(admin, 'GET', url(`mode=pick&count=4&seed=${seed}`))).json())));
    }
    expect(others.size).toBeGreaterThan(1);
  });

  it('splits the whole class into N groups whose sizes differ by one at most, repeatably', async () => {
    const res = (await ctx.call(admin, 'GET', url('mode=groups&count=4&seed=2026'))).json();
    const groups = flat(res);
    expect(groups.map((g) => g.length)).toEqual([3, 2, 2, 2]);
    expect(groups.flat().sort()).toEqual(names.slice(0, 9).sort());
    expect(res.groups.map((g: { number: number }) => g.number)).toEqual([1, 2, 3, 4]);
    expect((await ctx.call(admin, 'GET', url('mode=groups&count=4&seed=2026'))).json()).toEqual(res);
  });

  it('the draw depends on the class list and the seed only, not on the order rows come in', () => {
    const list = Array.from({ length: 30 }, (_, i) => ({ id: i + 1 }));
    const a = drawStudents(list, 'groups', 5, 77);
    const b = drawStudents([...list].reverse(), 'groups', 5, 77);
    expect(b).toEqual(a);
    // a pick is the start of the same shuffle the groups are dealt from
    const picked = drawStudents(list, 'pick', 5, 77)[0]!.students;
    expect(picked).toEqual(a.map((g) => g.students[0]));
    expect(
      drawStudents(list, 'pick', 30, 78)[0]!
        .students.map((s) => s.id)
        .sort((x, y) => x - y),
    ).toEqual(list.map((s) => s.id));
  });

  it('refuses bad input with clear messages', async () => {
    const bad = async (q: string, status: number, text: string) => {
      const res = await ctx.call(admin, 'GET', `/api/v1/random-draws?${q}`);
      expect(res.statusCode, q).toBe(status);
      expect(JSON.stringify(res.json().error), q).toContain(text);
    };
    await bad(`classGroupId=${classId}&mode=pick&count=10`, 400, 'Jumlah melebihi banyak siswa kelas ini (9)');
    await bad(`classGroupId=${classId}&mode=groups&count=0`, 400, 'Jumlah minimal 1');
    await bad(`classGroupId=${classId}&mode=acak&count=2`, 400, 'Jenis undian tidak valid');
    await bad(`classGroupId=${classId}&mode=pick&count=2&seed=0`, 400, 'Kode acak minimal 1');
    await bad(`classGroupId=${classId}&mode=pick&count=2&seed=99999999999`, 400, 'Kode acak terlalu besar');
    await bad(`classGroupId=${classId}&mode=pick&count=2&seed=1.5`, 400, 'Kode acak harus bilangan bulat');
    await bad(`classGroupId=4294967296&mode=pick&count=2`, 400, 'Kelas tidak valid');
    await bad(`classGroupId=999999&mode=pick&count=2`, 404, 'Kelas tidak ditemukan');
    await bad(`classGroupId=${emptyId}&mode=pick&count=2`, 400, 'Kelas ini belum memiliki siswa');
  });

  it('is for content managers only', async () => {
    expect((await ctx.call(await ctx.as('TEACHER'), 'GET', url('mode=pick&count=2'))).statusCode).toBe(403);
    expect((await ctx.call(await ctx.as('WAKAKUR'), 'GET', url('mode=pick&count=2'))).statusCode).toBe(403);
    expect((await ctx.call(null, 'GET', url('mode=pick&count=2'))).statusCode).toBe(401);
  });
});
