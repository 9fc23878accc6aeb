import { sql } from 'drizzle-orm';
import { StudentSummary, type StudentsQuery } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { preChecked } from '../../lib/serializer.ts';
import { offsetOf } from './structure.repo.ts';

type StudentListItem = StudentSummary;

interface Entry {
  item: StudentListItem;
  /** name, NIS and NISN lower-cased by Postgres: what the list's search (ILIKE) compares with */
  search: string;
  gradeId: number | null;
  /** every class group the student has an open enrolment in (any year) */
  openClassIds: readonly number[];
  nameRank: number;
  nisRank: number;
}

/**
 * Every student of the foundation once, in the list's four orders, for the cached student list
 * (lib/read-cache.ts). A foundation has thousands of students, not millions: filtering an array
 * of them in memory answers a list page in well under a millisecond, where the same search in
 * SQL costs several (ILIKE over every row, two plans, two round trips).
 */
export interface StudentDirectory {
  byName: Ordered;
  byNameDesc: Ordered;
  byNis: Ordered;
  byNisDesc: Ordered;
}

/** Entries in one order, with their search texts joined (one `indexOf` pass finds a term's matches). */
interface Ordered {
  entries: readonly Entry[];
  text: string;
  /** where each entry's search text starts in `text` */
  starts: Int32Array;
}

const SEPARATOR = '\n';

function ordered(entries: Entry[]): Ordered {
  const starts = new Int32Array(entries.length);
  let at = 0;
  entries.forEach((e, i) => {
    starts[i] = at;
    at += e.search.length + SEPARATOR.length;
  });
  return { entries, text: entries.map((e) => e.search).join(SEPARATOR), starts };
}

/** The index of the entry whose search text holds position `at` of the joined text. */
function entryAt(starts: Int32Array, at: number, from: number): number {
  let lo = from;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The entries whose search text contains `term`, in the order's sequence. */
function matching(o: Ordered, term: string): Entry[] {
  if (term.includes(SEPARATOR)) return o.entries.filter((e) => e.search.includes(term));
  const found: Entry[] = [];
  let index = 0;
  for (let at = o.text.indexOf(term); at !== -1;) {
    index = entryAt(o.starts, at, index);
    found.push(o.entries[index]!);
    // The next match must start in a later entry.
    if (++index >= o.starts.length) break;
    at = o.text.indexOf(term, o.starts[index]!);
  }
  return found;
}

interface Row extends Record<string, unknown> {
  id: number;
  unit_id: number;
  unit_code: string;
  nis: string;
  nisn: string | null;
  name: string;
  gender: string | null;
  status: string;
  class_group_id: number | null;
  class_name: string | null;
  grade_id: number | null;
  search: string;
  name_rank: string;
  nis_rank: string;
  open_class_ids: number[] | null;
}

export async function loadStudentDirectory(db: Executor): Promise<StudentDirectory> {
  // The ranks come from Postgres so the order is the database's collation, as in the SQL list.
  const result = await db.execute<Row>(sql`
    select s.id, s.unit_id, u.code as unit_code, s.nis, s.nisn, s.name, s.gender, s.status,
      cg.id as class_group_id, cg.name as class_name, cg.grade_id,
      lower(s.name || ' ' || s.nis || ' ' || coalesce(s.nisn, '')) as search,
      dense_rank() over (order by s.name) as name_rank,
      dense_rank() over (order by s.nis) as nis_rank,
      (select array_agg(o.class_group_id) from enrollments o
        where o.student_id = s.id and o.ended_at is null) as open_class_ids
    from students s
    join units u on u.id = s.unit_id
    left join enrollments e on e.student_id = s.id and e.ended_at is null
      and e.academic_year_id = (select id from academic_years where is_active limit 1)
    left join class_groups cg on cg.id = e.class_group_id`);
  const entries: Entry[] = result.rows.map((r) => ({
    // Checked against the list's response schema once here, not on every request (lib/serializer.ts).
    item: Object.freeze(
      StudentSummary.parse({
        id: r.id,
        unitId: r.unit_id,
        unitCode: r.unit_code,
        nis: r.nis,
        nisn: r.nisn,
        name: r.name,
        gender: r.gender,
        status: r.status,
        classGroupId: r.class_group_id,
        className: r.class_name,
      }),
    ),
    search: r.search,
    gradeId: r.grade_id,
    openClassIds: r.open_class_ids ?? [],
    nameRank: Number(r.name_rank),
    nisRank: Number(r.nis_rank),
  }));
  // Ties (same name or NIS) always by id ascending, as the SQL list orders them.
  const order = (rank: (e: Entry) => number, direction: 1 | -1) =>
    ordered([...entries].sort((a, b) => direction * (rank(a) - rank(b)) || a.item.id - b.item.id));
  return {
    byName: order((e) => e.nameRank, 1),
    byNameDesc: order((e) => e.nameRank, -1),
    byNis: order((e) => e.nisRank, 1),
    byNisDesc: order((e) => e.nisRank, -1),
  };
}

/** One page of the student list from the directory: the same rows, total and order as `listStudents` in SQL. */
export function queryStudentDirectory(
  directory: StudentDirectory,
  unitId: number | null,
  q: StudentsQuery,
  onlyClassIds: number[] | null,
) {
  const order = {
    name: directory.byName,
    '-name': directory.byNameDesc,
    nis: directory.byNis,
    '-nis': directory.byNisDesc,
  }[q.sort ?? 'name'];
  const term = q.q ? q.q.toLowerCase() : null;
  const classIds = q.classGroupId ? [q.classGroupId] : null;
  const inClasses = (e: Entry, ids: readonly number[]) => e.openClassIds.some((id) => ids.includes(id));
  const from = offsetOf(q);
  const to = from + q.pageSize;
  const items: StudentListItem[] = [];
  let total = 0;
  for (const e of term === null ? order.entries : matching(order, term)) {
    if (unitId !== null && e.item.unitId !== unitId) continue;
    if (q.status && e.item.status !== q.status) continue;
    if (classIds && !inClasses(e, classIds)) continue;
    if (onlyClassIds && !inClasses(e, onlyClassIds)) continue;
    if (q.gradeId && e.gradeId !== q.gradeId) continue;
    if (total >= from && total < to) items.push(e.item);
    total++;
  }
  return preChecked({ items, total, page: q.page, pageSize: q.pageSize });
}
