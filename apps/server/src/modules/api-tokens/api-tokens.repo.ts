import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ApiTokenKind, ApiTokenState, Permission } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { apiTokens, units, users } from '../../db/schema/index.ts';
import { escapeLike, offsetOf } from '../../lib/sql.ts';

export async function insertToken(
  exec: Executor,
  values: {
    name: string;
    tokenHash: string;
    prefix: string;
    kind: ApiTokenKind;
    scopes: readonly Permission[];
    userId: number;
    unitId: number | null;
    expiresAt: Date;
    createdBy: number | null;
  },
) {
  const [row] = await exec
    .insert(apiTokens)
    .values({ ...values, scopes: [...values.scopes] })
    .returning({ id: apiTokens.id });
  return row!.id;
}

/** The token of a hash with its unit (for binding the caller to it), or undefined. */
export async function findByHash(exec: Executor, tokenHash: string) {
  const [row] = await exec
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      userId: apiTokens.userId,
      unitId: apiTokens.unitId,
      unitCode: units.code,
      unitName: units.name,
      expiresAt: apiTokens.expiresAt,
      revokedAt: apiTokens.revokedAt,
      lastUsedAt: apiTokens.lastUsedAt,
    })
    .from(apiTokens)
    .leftJoin(units, eq(units.id, apiTokens.unitId))
    .where(eq(apiTokens.tokenHash, tokenHash))
    .limit(1);
  return row;
}

export async function touch(exec: Executor, id: number, at: Date) {
  await exec.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}

export async function unitExists(exec: Executor, unitId: number) {
  const [row] = await exec.select({ id: units.id }).from(units).where(eq(units.id, unitId)).limit(1);
  return row !== undefined;
}

const creator = alias(users, 'creator');

const listColumns = {
  id: apiTokens.id,
  name: apiTokens.name,
  prefix: apiTokens.prefix,
  kind: apiTokens.kind,
  scopes: apiTokens.scopes,
  userId: apiTokens.userId,
  username: users.username,
  userDivision: users.division,
  unitId: apiTokens.unitId,
  unitCode: units.code,
  expiresAt: apiTokens.expiresAt,
  revokedAt: apiTokens.revokedAt,
  lastUsedAt: apiTokens.lastUsedAt,
  createdAt: apiTokens.createdAt,
  createdBy: creator.username,
};

function selectTokens(exec: Executor) {
  return exec
    .select(listColumns)
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .leftJoin(units, eq(units.id, apiTokens.unitId))
    .leftJoin(creator, eq(creator.id, apiTokens.createdBy));
}

export type TokenRow = Awaited<ReturnType<typeof findToken>> & object;

export async function findToken(exec: Executor, id: number) {
  const [row] = await selectTokens(exec).where(eq(apiTokens.id, id)).limit(1);
  return row;
}

export async function listTokens(
  exec: Executor,
  q: { page: number; pageSize: number; q?: string; state?: ApiTokenState; kind?: ApiTokenKind },
  now: Date,
) {
  const where: SQL[] = [];
  if (q.q) {
    const term = `%${escapeLike(q.q)}%`;
    where.push(or(ilike(apiTokens.name, term), ilike(users.username, term), ilike(apiTokens.prefix, term))!);
  }
  if (q.kind) where.push(eq(apiTokens.kind, q.kind));
  if (q.state === 'revoked') where.push(isNotNull(apiTokens.revokedAt));
  if (q.state === 'active') where.push(isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now));
  if (q.state === 'expired') where.push(isNull(apiTokens.revokedAt), lte(apiTokens.expiresAt, now));
  const filter = where.length ? and(...where) : undefined;
  const [rows, [total]] = await Promise.all([
    selectTokens(exec)
      .where(filter)
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
      .limit(q.pageSize)
      .offset(offsetOf(q)),
    exec.select({ n: count() }).from(apiTokens).innerJoin(users, eq(users.id, apiTokens.userId)).where(filter),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Revokes a token not yet revoked; false when it was already. */
export async function revoke(exec: Executor, id: number, at: Date) {
  const rows = await exec
    .update(apiTokens)
    .set({ revokedAt: at })
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  return rows.length > 0;
}
