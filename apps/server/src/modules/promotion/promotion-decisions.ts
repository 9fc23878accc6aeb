import { and, eq, inArray } from 'drizzle-orm';
import type { PromotionDecision } from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import { promotionDecisions, promotionRuns } from '../../db/schema/index.ts';

/** A student's year-end decision: the kind and the class of the new year by name (null for a graduate). */
export interface StudentDecision {
  kind: PromotionDecision;
  targetClassName: string | null;
}

/**
 * The decisions of some students in the promotion run of a unit's school year (its source year), draft or applied,
 * by student id; a student without one is left out. One query whatever the number of students: the rapor's
 * promotion line (docs/rapor.md) reads a whole class with it, the decision being made before the rapors are locked.
 */
export async function decisionsOfStudents(
  exec: Executor,
  unitId: number,
  academicYearId: number,
  studentIds: readonly number[],
): Promise<Map<number, StudentDecision>> {
  if (studentIds.length === 0) return new Map();
  const rows = await exec
    .select({
      studentId: promotionDecisions.studentId,
      kind: promotionDecisions.decision,
      targetClassName: promotionDecisions.targetClassName,
    })
    .from(promotionDecisions)
    .innerJoin(promotionRuns, eq(promotionRuns.id, promotionDecisions.runId))
    .where(
      and(
        eq(promotionRuns.unitId, unitId),
        eq(promotionRuns.fromYearId, academicYearId),
        inArray(promotionDecisions.studentId, [...studentIds]),
      ),
    );
  return new Map(rows.map((r) => [r.studentId, { kind: r.kind, targetClassName: r.targetClassName }]));
}
