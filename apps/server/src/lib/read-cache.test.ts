import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { z } from 'zod';
import { STUDENT_STATUSES, type StudentsQuery } from '@mms/shared';
import {
  academicYears,
  classGroups,
  enrollments,
  grades,
  students,
  subjects as subjectsTable,
  units,
} from '../db/schema/index.ts';
import { loadStudentDirectory, queryStudentDirectory } from '../modules/school/students.directory.ts';
import { listStudentsInSql } from '../modules/school/students.repo.ts';
import { createTestContext, type TestContext } from '../test/context.ts';
import { buildApp } from '../app.ts';
import {
  cached,
  checkChangeTriggers,
  dependsOn,
  forgetDependency,
  isCached,
  runWriteScope,
  syncReadCache,
  writtenTables,
} from './read-cache.ts';
import { preChecked, serializerCompiler } from './serializer.ts';

const SUBJECTS = dependsOn('subjects');
const GRADES = dependsOn('grades');
const STRUCTURE = dependsOn('units', 'users', 'employees', 'students');

let ctx: TestContext;
const countSubjects = async (unitId: number) =>
  (await ctx.db.select({ id: subjectsTable.id }).from(subjectsTable).where(eq(subjectsTable.unitId, unitId))).length;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const until = async (what: string, check: () => Promise<boolean> | boolean, ms = 5000) => {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
};

/** A second connection, as another server process or psql would change the data. */
async function otherProcess<T>(fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ctx.config.DATABASE_URL });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

describe('the school read cache', () => {
  it('is live once the app listens for changes', async () => {
    await until('the cache is live', () => isCached(ctx.db));
  });

  it('reads back a change made through the API at once (student list, lookups)', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const unitId = wakakur.user.unit!.id;
    const q = (name: string) => `/api/v1/students?unitId=${unitId}&q=${encodeURIComponent(name)}`;
    // Warm the cache, then change: the next read must already see the change.
    expect((await ctx.call(wakakur, 'GET', q('Cache Baca'))).json()).toMatchObject({ total: 0 });
    const created = await ctx.call(wakakur, 'POST', '/api/v1/students', { unitId, nis: 'RC-001', name: 'Cache Baca' });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    expect((await ctx.call(wakakur, 'GET', q('Cache Baca'))).json()).toMatchObject({ total: 1 });
    expect((await ctx.call(wakakur, 'PATCH', `/api/v1/students/${id}`, { name: 'Cache Ubah' })).statusCode).toBe(200);
    expect((await ctx.call(wakakur, 'GET', q('Cache Baca'))).json()).toMatchObject({ total: 0 });
    expect((await ctx.call(wakakur, 'GET', q('Cache Ubah'))).json().items[0]).toMatchObject({ id, name: 'Cache Ubah' });

    const subjects = `/api/v1/lookups/subjects?unitId=${unitId}`;
    const before = (await ctx.call(wakakur, 'GET', subjects)).json().items as { name: string }[];
    const added = await ctx.call(wakakur, 'POST', '/api/v1/subjects', { unitId, code: 'RCX', name: 'Mapel Cache' });
    expect(added.statusCode).toBe(200);
    const after = (await ctx.call(wakakur, 'GET', subjects)).json().items as { name: string }[];
    expect(after).toHaveLength(before.length + 1);
    expect(after.map((s) => s.name)).toContain('Mapel Cache');
  });

  it('sees a change made by another process within a moment (NOTIFY of migration 0006)', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const unitId = wakakur.user.unit!.id;
    const created = await ctx.call(wakakur, 'POST', '/api/v1/students', { unitId, nis: 'RC-002', name: 'Luar Proses' });
    const id = created.json().id as number;
    const read = async () => (await ctx.call(wakakur, 'GET', `/api/v1/students?q=RC-002`)).json().items[0]?.name;
    expect(await read()).toBe('Luar Proses');
    await otherProcess((c) => c.query(`update students set name = 'Diubah Proses Lain' where id = $1`, [id]));
    await until('the other process’s change is read', async () => (await read()) === 'Diubah Proses Lain', 3000);
  });

  it('reads from the database while the change listener is down, and caches again once it is back', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const unitId = wakakur.user.unit!.id;
    const created = await ctx.call(wakakur, 'POST', '/api/v1/students', {
      unitId,
      nis: 'RC-003',
      name: 'Putus Dengar',
    });
    const id = created.json().id as number;
    const read = async () => (await ctx.call(wakakur, 'GET', `/api/v1/students?q=RC-003`)).json().items[0]?.name;
    expect(await read()).toBe('Putus Dengar');
    await ctx.db.execute(sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'mms-change-listener' and datname = current_database()`);
    await until('the cache knows the listener is gone', () => !isCached(ctx.db));
    // Nobody would tell this process now: it must not serve its copy.
    await otherProcess((c) => c.query(`update students set name = 'Tanpa Pendengar' where id = $1`, [id]));
    expect(await read()).toBe('Tanpa Pendengar');
    await until('the listener reconnects', () => isCached(ctx.db), 10_000);
    expect(await read()).toBe('Tanpa Pendengar');
    await otherProcess((c) => c.query(`update students set name = 'Kembali Dengar' where id = $1`, [id]));
    await until('a change after reconnecting is read', async () => (await read()) === 'Kembali Dengar', 3000);
  });

  it('drops only the copies that depend on the changed table, also for another process’s change', async () => {
    let subjectLoads = 0;
    let gradeLoads = 0;
    const bySubjects = () => cached(ctx.db, 'test:subjects', SUBJECTS, async () => ++subjectLoads);
    const byGrades = () => cached(ctx.db, 'test:grades', GRADES, async () => ++gradeLoads);
    expect([await bySubjects(), await byGrades()]).toEqual([1, 1]);
    expect([await bySubjects(), await byGrades()]).toEqual([1, 1]);
    await otherProcess((c) => c.query(`update subjects set name = name`));
    await syncReadCache(ctx.db);
    expect([await bySubjects(), await byGrades()]).toEqual([2, 1]);
    await otherProcess((c) => c.query(`update grades set name = name`));
    await syncReadCache(ctx.db);
    expect([await bySubjects(), await byGrades()]).toEqual([2, 2]);
    // A change to a table no cached read depends on drops nothing.
    await otherProcess((c) => c.query(`update app_meta set key = key`));
    await ctx.db.transaction((tx) => tx.execute(sql`select 1`));
    await syncReadCache(ctx.db);
    expect([await bySubjects(), await byGrades()]).toEqual([2, 2]);
    // Inside a transaction nothing is cached: it reads its own snapshot.
    await ctx.db.transaction(async (tx) => {
      expect(await cached(tx, 'test:subjects', SUBJECTS, async () => -1)).toBe(-1);
    });
  });

  it('reads its own writes in the same unit of work and the next request, with no opt-out', async () => {
    const wakakur = await ctx.as('WAKAKUR');
    const unitId = wakakur.user.unit!.id;
    // app.inject straight, without the test context's sync: the request itself must wait.
    const inject = (method: 'GET' | 'POST', url: string, payload?: object) =>
      ctx.app.inject({
        method,
        url,
        headers: { cookie: wakakur.cookie, 'x-csrf-token': wakakur.csrfToken },
        ...(payload ? { payload } : {}),
      });
    const subjects = `/api/v1/lookups/subjects?unitId=${unitId}`;
    for (let round = 0; round < 5; round++) {
      const before = (await inject('GET', subjects)).json().items.length as number;
      const added = await inject('POST', '/api/v1/subjects', {
        unitId,
        code: `RYW${round}`,
        name: `Baca Tulis ${round}`,
      });
      expect(added.statusCode).toBe(200);
      expect((await inject('GET', subjects)).json().items).toHaveLength(before + 1);
    }
    // In one unit of work: a plain transaction, then a cached read, sees the change.
    await runWriteScope(async () => {
      const read = () => cached(ctx.db, `test:subject-count:${unitId}`, SUBJECTS, () => countSubjects(unitId));
      const before = await read();
      await ctx.db.transaction((tx) =>
        tx
          .insert(subjectsTable)
          .values({ unitId, code: 'RYW-TX', name: 'Dalam Transaksi' })
          .then(() => undefined),
      );
      expect(await read()).toBe(before + 1);
      await ctx.db.insert(subjectsTable).values({ unitId, code: 'RYW-AUTO', name: 'Tanpa Transaksi' });
      expect(await read()).toBe(before + 2);
      // A rolled-back write changed nothing: the copy stays.
      await ctx.db
        .transaction(async (tx) => {
          await tx.insert(subjectsTable).values({ unitId, code: 'RYW-RB', name: 'Dibatalkan' });
          throw new Error('rollback');
        })
        .catch(() => undefined);
      expect(await read()).toBe(before + 2);
    });
  });

  it('keeps its copies through sign-ins and attendance writes', async () => {
    let loads = 0;
    const read = () => cached(ctx.db, 'test:kept', STRUCTURE, async () => ++loads);
    expect(await read()).toBe(1);
    const user = await ctx.createUser({ division: 'TEACHER' });
    await syncReadCache(ctx.db);
    expect(await read()).toBe(2); // a new account is a change (teacher lookups)
    const teacher = await ctx.signIn(user.username);
    expect((await ctx.call(teacher, 'POST', '/api/v1/attendance/staff/check-in', {})).statusCode).toBe(200);
    expect((await ctx.call(teacher, 'POST', '/api/v1/auth/logout', {})).statusCode).toBeLessThan(300);
    expect(await read()).toBe(2);
  });

  it('names the tables a statement writes', () => {
    expect(writtenTables('select * from students where id = $1 for update')).toEqual([]);
    expect(writtenTables('insert into "subjects" ("unit_id") values ($1) on conflict do nothing')).toEqual([
      'subjects',
    ]);
    expect(writtenTables('update "public"."students" set "name" = $1')).toEqual(['students']);
    expect(writtenTables('with d as (delete from enrollments where id = $1 returning 1) select 1')).toEqual([
      'enrollments',
    ]);
    expect(writtenTables('truncate table units, grades cascade')).toEqual(['units', 'grades']);
    expect(writtenTables('alter table students add column x int')).toContain('*');
    expect(writtenTables('begin')).toEqual([]);
  });

  it('refuses to start a cache over a table without the change trigger, with a clear message', async () => {
    await ctx.db.execute(sql`create table cache_probe (id int)`);
    dependsOn('cache_probe');
    // the next file in this process (the server suite shares one per worker) has no cache_probe table
    onTestFinished(() => forgetDependency('cache_probe'));
    await expect(buildApp({ config: ctx.config, db: ctx.db })).rejects.toThrow(
      /cached reads depend on cache_probe, which lack the change trigger/,
    );
    // A trigger that misses TRUNCATE is not enough either.
    await ctx.db.execute(sql`create trigger cache_probe_change after insert or update or delete on cache_probe
      for each statement execute function mms_notify_school_change()`);
    await expect(checkChangeTriggers(ctx.db)).rejects.toThrow(/cache_probe/);
    await ctx.db.execute(sql`create trigger cache_probe_truncate after truncate on cache_probe
      for each statement execute function mms_notify_school_change()`);
    await expect(checkChangeTriggers(ctx.db)).resolves.toBeUndefined();
  });

  it('a password change or a sign-in does not count as a change of school data', async () => {
    const rows = await otherProcess(async (c) => {
      await c.query('listen mms_school_change');
      const seen: string[] = [];
      c.on('notification', (n) => seen.push(n.payload ?? ''));
      await c.query(`update users set password_changed_at = now() where id = (select min(id) from users)`);
      await c.query(`update users set display_name = display_name where id = (select min(id) from users)`);
      // notices arrive in commit order: once a marker sent after the updates is in, so is all they sent
      await c.query(`select pg_notify('mms_school_change', 'marker')`);
      await until('the marker arrives', () => seen.includes('marker'));
      return seen;
    });
    expect(rows).toEqual(['users', 'marker']);
  });
});

describe('the student directory answers exactly as the SQL list', () => {
  it('for every filter, search, sort and page', async () => {
    // A second unit, an active year, classes in two grades, and students with awkward data:
    // equal names, names that sort differently by NIS, no NISN, several statuses, one who left a class.
    const db = ctx.db;
    const [unit] = await db.insert(units).values({ code: 'RCU', name: 'Unit Uji Cache' }).returning();
    const [active] = await db.select().from(academicYears).where(eq(academicYears.isActive, true));
    const year =
      active ??
      (
        await db
          .insert(academicYears)
          .values({ name: '2091/2092', startDate: '2091-07-01', endDate: '2092-06-30', isActive: true })
          .returning()
      )[0]!;
    const [g1, g2] = await db
      .insert(grades)
      .values([
        { unitId: unit!.id, level: 1, name: 'Satu' },
        { unitId: unit!.id, level: 2, name: 'Dua' },
      ])
      .returning();
    const classes = await db
      .insert(classGroups)
      .values([
        { unitId: unit!.id, academicYearId: year.id, gradeId: g1!.id, name: '1A' },
        { unitId: unit!.id, academicYearId: year.id, gradeId: g1!.id, name: '1B' },
        { unitId: unit!.id, academicYearId: year.id, gradeId: g2!.id, name: '2A' },
      ])
      .returning();
    const names = ['Ahmad Rahman', 'ahmad rahman', 'Zahra', 'Rahmat 50%', 'Nur_Aini', 'Älya Rahma', 'Budi', 'Budi'];
    const rows = await db
      .insert(students)
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          unitId: unit!.id,
          nis: `R${String((i * 7) % 40).padStart(3, '0')}`,
          nisn: i % 5 === 0 ? null : `77${String(i).padStart(8, '0')}`,
          name: names[i % names.length]!,
          gender: i % 2 ? ('L' as const) : ('P' as const),
          status: STUDENT_STATUSES[i % 7 === 0 ? 1 : 0]!,
        })),
      )
      .returning({ id: students.id });
    await db.insert(enrollments).values(
      rows.slice(0, 33).map((r, i) => ({
        studentId: r.id,
        classGroupId: classes[i % 3]!.id,
        academicYearId: year.id,
        ...(i === 32 ? { endedAt: new Date() } : {}),
      })),
    );
    await db.execute(sql`analyze`);

    const directory = await loadStudentDirectory(db);
    const unitIds = [null, unit!.id];
    const terms = [undefined, 'rahm', 'AHMAD R', 'a', 'r00', '77000', '%', '_', 'zzz', 'rahman r0'];
    const sorts = [undefined, 'name', '-name', 'nis', '-nis'] as const;
    const extras: Partial<StudentsQuery>[] = [
      {},
      { status: 'GRADUATED' },
      { classGroupId: classes[0]!.id },
      { gradeId: g1!.id },
      { status: 'ACTIVE', gradeId: g2!.id },
    ];
    const onlyClasses = [null, [classes[1]!.id, classes[2]!.id], []];
    let compared = 0;
    for (const unitId of unitIds)
      for (const term of terms)
        for (const sort of sorts)
          for (const extra of extras)
            for (const only of onlyClasses)
              for (const page of [1, 2]) {
                const query = { page, pageSize: 7, q: term, sort, ...extra } as StudentsQuery;
                const fromSql = await listStudentsInSql(db, unitId, query, only);
                const fromDirectory = queryStudentDirectory(directory, unitId, query, only);
                expect(fromDirectory, JSON.stringify({ unitId, query, only })).toEqual(fromSql);
                compared++;
              }
    expect(compared).toBe(2 * 10 * 5 * 5 * 3 * 2);
  }, 120_000);

  it('hands out frozen copies', async () => {
    const directory = await loadStudentDirectory(ctx.db);
    const page = queryStudentDirectory(directory, null, { page: 1, pageSize: 5 } as StudentsQuery, null);
    expect(Object.isFrozen(page.items[0])).toBe(true);
  });
});

describe('the response serializer', () => {
  const schema = z.object({ id: z.number() });
  const serialize = serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

  it('checks and strips an ordinary body', () => {
    expect(serialize({ id: 1, passwordHash: 'rahasia' })).toBe('{"id":1}');
    expect(() => serialize({ id: 'satu' })).toThrow();
  });

  it('writes a pre-checked body as it is', () => {
    expect(serialize(preChecked({ id: 2 }))).toBe('{"id":2}');
  });
});

describe('READ_CACHE=false', () => {
  it('reads every list straight from the database', async () => {
    const off = await createTestContext({ READ_CACHE: 'false' });
    try {
      expect(isCached(off.db)).toBe(false);
      const wakakur = await off.as('WAKAKUR');
      const res = await off.call(wakakur, 'GET', '/api/v1/students?q=zzz-tidak-ada');
      expect(res.json()).toMatchObject({ total: 0, items: [] });
    } finally {
      await off.close();
    }
  });
});
