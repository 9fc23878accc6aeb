import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';

/**
 * The rule of one resource kind: which of its rows an actor may act on. It lives beside the kind's tables (their
 * owner module writes the SQL); modules/access/access.service.ts applies it for every path. A row is reached when
 * it is of the actor's unit (every unit for YAYASAN and ADMIN, unless a token binds them) and the rule's `reach`
 * holds: one SQL condition over the row, used by the single-row check and by list queries alike.
 */
export interface RowRule<A extends string> {
  /** the noun of the 404 ("Kelas tidak ditemukan") */
  readonly noun: string;
  /** the kind's table with its alias, e.g. sql`class_groups cg` */
  readonly from: SQL;
  /** the row's id, e.g. sql`cg.id` */
  readonly id: SQL;
  /**
   * The condition that the row is one of `ids`, for a kind whose id is not one column (a score sheet is a class
   * and a subject); `id = any(ids)` when absent.
   */
  readonly idIn?: (ids: readonly number[]) => SQL;
  /** the row's unit, e.g. sql`cg.unit_id` */
  readonly unit: SQL;
  /** the rows every unit reaches besides its own (foundation-wide staff, of no unit), a condition over the row */
  readonly everyUnit?: (action: A) => SQL | null;
  /** a name for messages, e.g. sql`cg.name` */
  readonly label: SQL;
  /**
   * What the actor reaches beyond the unit, as a condition over the row (from the actor and the database, a
   * cached set of ids embedded as a parameter where one exists); null when the unit is the whole rule.
   */
  reach(exec: Executor, actor: Actor, action: A): Promise<SQL | null>;
  /** the 403 message when the row is of the actor's unit but out of `reach` (some depend on who asks) */
  denied(action: A, label: string, actor: Actor): string;
  /** which message a row of another unit gets: the unit's ('Data ini milik unit lain', the default) or `denied` */
  readonly unitDenied?: (action: A, actor: Actor) => 'unit' | 'reach';
  /** rows out of reach are "not found" rather than forbidden (their existence is not the actor's to know) */
  readonly hidden?: (action: A) => boolean;
}

/** `expr = any(ids)` with the ids as one array parameter (a Postgres array literal of integers). */
export const idIn = (expr: SQL, ids: readonly number[]) => sql`${expr} = any(${`{${ids.join(',')}}`}::int[])`;

/** A reach that holds for no row (a teacher without an employee record, say). */
export const never = sql`false`;

/**
 * The table part of a rule: `table alias`, and its id, unit and name columns (constants of the owner module,
 * never request input).
 */
export const rowsOf = (table: string, alias: string, columns: { unit?: string; label?: string } = {}) => ({
  from: sql.raw(`${table} ${alias}`),
  id: sql.raw(`${alias}.id`),
  unit: sql.raw(`${alias}.${columns.unit ?? 'unit_id'}`),
  label: sql.raw(`${alias}.${columns.label ?? 'name'}`),
});

/**
 * Whether the rule's `action` reaches a row not written yet (a new question, new material): the rule's own condition
 * evaluated over the row's columns, named as the rule's alias names them (`alias`), inside the transaction that will
 * write it. The caller checks the unit first.
 */
export async function reachesNewRow<A extends string>(
  exec: Executor,
  actor: Actor,
  rule: RowRule<A>,
  action: A,
  alias: string,
  row: Record<string, number | null>,
): Promise<boolean> {
  const reach = await rule.reach(exec, actor, action);
  if (!reach) return true;
  const columns = sql.join(
    Object.entries(row).map(([column, value]) => sql`${value}::int as ${sql.identifier(column)}`),
    sql`, `,
  );
  const result = await exec.execute<{ ok: boolean }>(
    sql`select coalesce(${reach}, false) as ok from (select ${columns}) ${sql.identifier(alias)}`,
  );
  return result.rows[0]?.ok === true;
}
