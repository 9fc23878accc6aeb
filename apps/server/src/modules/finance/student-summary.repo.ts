import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';

/* What the student record asks of this feature about one student; other modules call it through finance.service.ts. */

/** Open bills (not cancelled, not fully paid) and what was paid on the year's bills; whole rupiah. */
export async function studentBillSummary(db: Executor, studentId: number, yearStart: string, yearEnd: string) {
  const r = await db.execute<{ outstanding: number; open: number; oldest: string | null; paid: number }>(sql`
    select
      coalesce(sum(amount - discount - paid) filter (where status in ('UNPAID', 'PARTIAL')), 0)::int as outstanding,
      count(*) filter (where status in ('UNPAID', 'PARTIAL'))::int as open,
      min(due_date::text) filter (where status in ('UNPAID', 'PARTIAL')) as oldest,
      coalesce(sum(paid) filter (where status <> 'CANCELLED' and due_date between ${yearStart} and ${yearEnd}), 0)::int as paid
      from bills where student_id = ${studentId}`);
  return r.rows[0]!;
}
