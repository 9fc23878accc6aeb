import {
  ACHIEVEMENT_FIELDS,
  ACHIEVEMENT_LEVELS,
  SANCTION_STATUSES,
  VIOLATION_CATEGORIES,
  VIOLATION_STATUSES,
  type CounsellingReportSection,
} from '@mms/shared';
import type { Executor } from '../../db/client.ts';
import * as repo from './discipline.repo.ts';

type Section<K extends CounsellingReportSection['key']> = Extract<CounsellingReportSection, { key: K }>;

/** Every key of `keys` with its count (0 when none), in the order of `keys`. */
function counted<K extends string>(keys: readonly K[], rows: { key: string; count: number }[]) {
  const of = new Map(rows.map((r) => [r.key, r.count]));
  return keys.map((key) => ({ key, count: of.get(key) ?? 0 }));
}

/**
 * The discipline sections of the Laporan BK (counts only): violations (by status; the verified ones by category
 * and class; the sanctions proposed) and achievements (by field and level) of a unit between two dates. The
 * counselling report asks for them; the caller has decided the unit.
 */
export async function disciplineReportSections(
  db: Executor,
  unitId: number | null,
  from: string,
  to: string,
): Promise<[Section<'violations'>, Section<'achievements'>]> {
  const c = await repo.reportCounts(db, unitId, from, to);
  const verified = new Map(c.byCategory.map((r) => [r.key, r]));
  return [
    {
      key: 'violations',
      total: c.byStatus.reduce((n, r) => n + r.count, 0),
      points: c.byCategory.reduce((n, r) => n + r.points, 0),
      byStatus: counted(VIOLATION_STATUSES, c.byStatus),
      byCategory: VIOLATION_CATEGORIES.map((key) => ({
        key,
        count: verified.get(key)?.count ?? 0,
        points: verified.get(key)?.points ?? 0,
      })),
      byClass: c.byClass,
      sanctions: counted(SANCTION_STATUSES, c.sanctionsByStatus),
    },
    {
      key: 'achievements',
      total: c.byField.reduce((n, r) => n + r.count, 0),
      byField: counted(ACHIEVEMENT_FIELDS, c.byField),
      byLevel: counted(ACHIEVEMENT_LEVELS, c.byLevel),
    },
  ];
}
