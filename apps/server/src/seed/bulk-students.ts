import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.ts';
import { enrollments, students } from '../db/schema/index.ts';
import { personName, rng, studentDetails } from './demo-data.ts';

const BATCH = 1000;

/**
 * Adds generated students, each enrolled in a class of the active year (round robin over the
 * classes), until `target` students exist. Numbers continue their own series: NIS "G0000001"
 * per unit and NISN "4xxxxxxxxx", so they never meet the demo school's or real ones.
 */
export async function addStudentsUntil(db: Database, target: number): Promise<{ added: number; total: number }> {
  const classes = (
    await db.execute<{ id: number; unit_id: number; academic_year_id: number; level: number; start_year: number }>(sql`
      select c.id, c.unit_id, c.academic_year_id, g.level, extract(year from y.start_date)::int as start_year
      from class_groups c join grades g on g.id = c.grade_id join academic_years y on y.id = c.academic_year_id
      where y.is_active order by c.unit_id, g.level, c.name`)
  ).rows;
  const [{ n: existing } = { n: 0 }] = (await db.execute<{ n: number }>(sql`select count(*)::int as n from students`))
    .rows;
  const wanted = target - existing;
  if (wanted <= 0) return { added: 0, total: existing };
  if (!classes.length)
    throw new Error('Tidak ada kelas pada tahun pelajaran aktif; buat kelas atau jalankan seed demo');

  const [{ nis: nisStart, nisn: nisnStart } = { nis: 0, nisn: 0 }] = (
    await db.execute<{ nis: number; nisn: number }>(sql`select
      coalesce((select max(substring(nis from 2)::int) from students where nis ~ '^G[0-9]{7}$'), 0) as nis,
      coalesce((select max(substring(nisn from 2)::bigint) from students where nisn ~ '^4[0-9]{9}$'), 0)::int as nisn`)
  ).rows;
  const random = rng(existing + 7);
  let added = 0;
  while (added < wanted) {
    const size = Math.min(BATCH, wanted - added);
    const batch = Array.from({ length: size }, (_, i) => {
      const seq = added + i + 1;
      const cls = classes[(existing + seq) % classes.length]!;
      const person = personName(random);
      return {
        cls,
        values: {
          unitId: cls.unit_id,
          nis: `G${String(nisStart + seq).padStart(7, '0')}`,
          nisn: `4${String(nisnStart + seq).padStart(9, '0')}`,
          name: person.name,
          gender: person.gender,
          ...studentDetails(random, cls.level, cls.start_year),
          status: 'ACTIVE' as const,
        },
      };
    });
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(students)
        .values(batch.map((b) => b.values))
        .returning({ id: students.id });
      await tx.insert(enrollments).values(
        rows.map((r, i) => ({
          studentId: r.id,
          classGroupId: batch[i]!.cls.id,
          academicYearId: batch[i]!.cls.academic_year_id,
        })),
      );
    });
    added += size;
  }
  // Fresh planner statistics: without them Postgres plans the student list for empty tables.
  await db.execute(sql`analyze students, enrollments`);
  return { added, total: existing + added };
}
