import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import type { Actor } from '../../lib/actor.ts';
import { forbidden, notFound } from '../../lib/errors.ts';
import { applicantRule } from '../admission/applicant-access.ts';
import { assessmentRule, questionRule } from '../assessment/assessment.access.ts';
import { btqGroupRule } from '../btq/btq.access.ts';
import { attemptRule } from '../exam/control/attempt-access.ts';
import { billRule } from '../finance/bill-access.ts';
import { counsellingCaseRule, psychotestRule } from '../counselling/counselling.access.ts';
import { scoreSheetRule } from '../grades/grades.access.ts';
import { achievementRule, pointLedgerRule, sanctionRule, violationRule } from '../discipline/discipline.access.ts';
import { lessonRule } from '../journal/lesson-access.ts';
import { learningObjectiveRule } from '../learning-objectives/learning-objectives.access.ts';
import { materialRule } from '../journal/material-access.ts';
import { employeeRule } from '../school/employee-access.ts';
import { classRule, studentRule, unitRule } from '../school/class-access.ts';
import { raporClassRule } from '../rapor/rapor.access.ts';
import { promotionClassRule } from '../promotion/promotion.access.ts';
import { extracurricularRule } from '../extracurricular/extracurricular.access.ts';
import { idIn, never, type RowRule } from './row-rule.ts';

/**
 * Row access, one service for every kind (issue 38, part 1): route access says whether a caller may use a route
 * (`config.access`), this says which rows. Every kind has one rule (`RowRule`, written beside its tables); the
 * single-row check and the list filter apply the same condition. Decided from the signed-in `Actor` and the
 * database, never from an id the request offers; pass the write's transaction so the check sees what it writes.
 */
const RULES = {
  unit: unitRule,
  class: classRule,
  student: studentRule,
  btqGroup: btqGroupRule,
  material: materialRule,
  assessment: assessmentRule,
  question: questionRule,
  scoreSheet: scoreSheetRule,
  lesson: lessonRule,
  attempt: attemptRule,
  bill: billRule,
  violation: violationRule,
  achievement: achievementRule,
  sanction: sanctionRule,
  pointLedger: pointLedgerRule,
  counsellingCase: counsellingCaseRule,
  psychotest: psychotestRule,
  employee: employeeRule,
  applicant: applicantRule,
  learningObjective: learningObjectiveRule,
  raporClass: raporClassRule,
  promotionClass: promotionClassRule,
  extracurricular: extracurricularRule,
} as const;

export type AccessKind = keyof typeof RULES;
/** The actions of a kind, e.g. 'read' | 'readRecord' for students. */
export type AccessAction<K extends AccessKind> = (typeof RULES)[K] extends RowRule<infer A> ? A : never;

const ruleOf = <K extends AccessKind>(kind: K) => RULES[kind] as unknown as RowRule<AccessAction<K>>;

/**
 * The unit part of every rule: the actor's unit (no unit: none), every unit for an actor that sees all, and the
 * rows the rule says every unit reaches (`everyUnit`).
 */
function unitCondition<A extends string>(actor: Actor, rule: RowRule<A>, action: A): SQL | null {
  if (actor.allUnits) return null;
  const own = actor.unit ? sql`${rule.unit} = ${actor.unit.id}` : never;
  const everyUnit = rule.everyUnit?.(action);
  return everyUnit ? sql`(${own} or ${everyUnit})` : own;
}

const both = (a: SQL | null, b: SQL | null): SQL => (a && b ? sql`(${a} and ${b})` : (a ?? b ?? sql`true`));

type Checked = {
  id: number;
  unitId: number | null;
  label: string;
  inUnit: boolean;
  inReach: boolean;
};

async function check<K extends AccessKind>(
  exec: Executor,
  actor: Actor,
  action: AccessAction<K>,
  kind: K,
  ids: readonly number[],
): Promise<Checked[]> {
  if (ids.length === 0) return [];
  const rule = ruleOf(kind);
  const reach = await rule.reach(exec, actor, action);
  const inUnit = unitCondition(actor, rule, action) ?? sql`true`;
  const result = await exec.execute<Checked>(sql`
    select ${rule.id} as "id", ${rule.unit} as "unitId", ${rule.label} as "label",
           coalesce(${inUnit}, false) as "inUnit", coalesce(${reach ?? sql`true`}, false) as "inReach"
      from ${rule.from}
     where ${rule.idIn?.(ids) ?? idIn(rule.id, ids)}`);
  return result.rows;
}

/**
 * Refuses unless the actor may `action` every row of `ids`: 404 for a row that does not exist (or is hidden by
 * its rule), 403 with the rule's message for one of another unit or out of reach. Returns the rows' id, unit
 * and label in the order of `ids`.
 */
async function require<K extends AccessKind>(
  exec: Executor,
  actor: Actor,
  action: AccessAction<K>,
  kind: K,
  ids: number | readonly number[],
): Promise<{ id: number; unitId: number | null; label: string }[]> {
  const wanted = [...new Set(typeof ids === 'number' ? [ids] : ids)];
  const rule = ruleOf(kind);
  const rows = new Map((await check(exec, actor, action, kind, wanted)).map((r) => [r.id, r]));
  const hidden = rule.hidden?.(action) ?? false;
  return wanted.map((id) => {
    const row = rows.get(id);
    if (!row) throw notFound(rule.noun);
    if (!row.inUnit || !row.inReach) {
      if (hidden) throw notFound(rule.noun);
      const unitMessage = !row.inUnit && (rule.unitDenied?.(action, actor) ?? 'unit') === 'unit';
      throw forbidden(unitMessage ? 'Data ini milik unit lain' : rule.denied(action, row.label, actor));
    }
    return { id: row.id, unitId: row.unitId, label: row.label };
  });
}

/** The ids of `ids` the actor may `action` (no error: for lists handed ids, and for tests). */
async function allowed<K extends AccessKind>(
  exec: Executor,
  actor: Actor,
  action: AccessAction<K>,
  kind: K,
  ids: readonly number[],
): Promise<Set<number>> {
  const rows = await check(exec, actor, action, kind, ids);
  return new Set(rows.filter((r) => r.inUnit && r.inReach).map((r) => r.id));
}

/**
 * The rule as one SQL condition over the kind's row (its table under the rule's alias: `cg` class_groups,
 * `s` students, `u` units, `g` btq_groups, `m` subject_materials, `a` assessments, `q` questions), for list queries: `where ${await access.filter(...)}`.
 */
async function filter<K extends AccessKind>(
  exec: Executor,
  actor: Actor,
  action: AccessAction<K>,
  kind: K,
): Promise<SQL> {
  const rule = ruleOf(kind);
  return both(unitCondition(actor, rule, action), await rule.reach(exec, actor, action));
}

/**
 * The ids of the kind the actor may `action`, as a subquery for list queries over other tables (the filter run
 * over the kind's table): `where x.class_group_id in ${await access.reachableIds(...)}`.
 */
const reachableIds: typeof filter = async (exec, actor, action, kind) => {
  const rule = ruleOf(kind);
  return sql`(select ${rule.id} from ${rule.from} where ${await filter(exec, actor, action, kind)})`;
};

/** Every id of the kind the actor may `action`: the filter run over the kind's table (small kinds, and tests). */
async function list<K extends AccessKind>(
  exec: Executor,
  actor: Actor,
  action: AccessAction<K>,
  kind: K,
): Promise<Set<number>> {
  const rule = ruleOf(kind);
  const where = await filter(exec, actor, action, kind);
  const result = await exec.execute<{ id: number }>(sql`select ${rule.id} as "id" from ${rule.from} where ${where}`);
  return new Set(result.rows.map((r) => r.id));
}

/**
 * The ids the kind's rule limits the actor to beyond the unit (its `reach` run over the kind's table, in id order;
 * the unit is left to the caller's own scope), or null when the unit is the whole rule: for lists that hand ids to
 * a repository or an in-memory directory (a teacher's own classes for the student list), where `reachableIds`'
 * subquery does not fit.
 */
async function limitedTo<K extends AccessKind>(
  exec: Executor,
  actor: Actor,
  action: AccessAction<K>,
  kind: K,
): Promise<number[] | null> {
  const rule = ruleOf(kind);
  const reach = await rule.reach(exec, actor, action);
  if (reach === null) return null;
  if (reach === never) return [];
  const result = await exec.execute<{ id: number }>(
    sql`select ${rule.id} as "id" from ${rule.from} where coalesce(${reach}, false) order by 1`,
  );
  return result.rows.map((r) => r.id);
}

/**
 * The unit a list or lookup runs on, by the unit rule: the requested one when the actor may read it (403 for
 * another unit, 404 for none), else the actor's own, or null (every unit) for an actor that sees all.
 */
async function scopeUnit(exec: Executor, actor: Actor, requested: number | undefined): Promise<number | null> {
  if (requested !== undefined) return (await require(exec, actor, 'read', 'unit', requested))[0]!.id;
  if (actor.allUnits) return null;
  if (!actor.unit) throw forbidden('Akun Anda belum terhubung ke unit sekolah');
  return actor.unit.id;
}

export const access = { require, allowed, filter, list, limitedTo, scopeUnit, reachableIds };
