import { addDays, startOfJakartaDay, type AuthUser, type DistributionQuery } from '@mms/shared';
import type { Database } from '../../db/client.ts';
import { clock } from '../../lib/clock.ts';
import { unitScope, userCan } from '../../lib/scope.ts';
import * as repo from './distribution.repo.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The distribution of assessments (issue 12): one row per distributed assessment and class. The leaders of a
 * unit (assessment control, check, exam staff) read every row of their unit; a teacher reads only the rows of
 * what they wrote (their task and quiz schedules). Everything comes from the signed-in user, never the request.
 */
export function createDistributionService(db: Database) {
  const leads = (user: AuthUser) =>
    userCan(user, 'assessment.control') || userCan(user, 'assessment.check') || userCan(user, 'assessment.schedule');

  async function list(user: AuthUser, q: DistributionQuery) {
    const unitId = unitScope(user, q.unitId);
    const ownOnly = q.mine || !leads(user);
    const page = await repo.listDistribution(
      db,
      {
        unitId,
        authorEmployeeId: ownOnly ? (user.employeeId ?? -1) : undefined,
        kind: q.kind,
        state: q.state,
        classGroupId: q.classGroupId,
        subjectId: q.subjectId,
        q: q.q,
        from: q.from ? startOfJakartaDay(q.from) : undefined,
        to: q.to ? startOfJakartaDay(addDays(q.to, 1)) : undefined,
        now: clock.now(),
      },
      q,
    );
    return {
      ...page,
      items: page.items.map((r) => ({
        ...r,
        opensAt: iso(r.opensAt),
        closesAt: iso(r.closesAt),
        dueAt: iso(r.dueAt),
      })),
    };
  }

  return { list };
}
