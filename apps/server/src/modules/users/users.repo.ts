import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { UsersQuery } from '@mms/shared';
import { escapeLike } from '../../lib/sql.ts';
import type { Executor } from '../../db/client.ts';
import { units, users } from '../../db/schema/index.ts';

export async function listUsers(db: Executor, q: UsersQuery) {
  const where: SQL[] = [];
  if (q.division) where.push(eq(users.division, q.division));
  if (q.q) {
    const term = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(users.username, term), ilike(users.displayName, term))!);
  }
  const filter = where.length ? and(...where) : undefined;
  const order = q.sort === 'name' ? asc(users.displayName) : asc(users.username);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: users.id,
        username: users.username,
        displayName: users.displayName,
        division: users.division,
        isActive: users.isActive,
        unitCode: units.code,
        createdAt: users.createdAt,
      })
      .from(users)
      .leftJoin(units, eq(units.id, users.unitId))
      .where(filter)
      .orderBy(order, asc(users.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(users).where(filter),
  ]);
  return {
    items: rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
    total: total?.n ?? 0,
    page: q.page,
    pageSize: q.pageSize,
  };
}
