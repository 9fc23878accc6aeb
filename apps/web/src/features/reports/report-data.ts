import { STAFF_DIVISIONS, type Division, type StudentSummary, type TimetableSlot } from '@mms/shared';

/** L (laki-laki) or P (perempuan), as students and employees record it; null when not recorded. */
type Gender = StudentSummary['gender'];

export interface GenderCounts {
  total: number;
  male: number;
  female: number;
}

/** How many rows there are, and of them how many boys/men (L) and girls/women (P); an unknown gender counts only in the total. */
export function countGenders(rows: readonly { gender: Gender }[]): GenderCounts {
  const counts = { total: rows.length, male: 0, female: 0 };
  for (const r of rows) {
    if (r.gender === 'L') counts.male++;
    else if (r.gender === 'P') counts.female++;
  }
  return counts;
}

/** Class names as a school orders them: 1A, 1B, 2A … 9C, 10A (numbers by value); rows without a class last. */
export function compareClassNames(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return a.localeCompare(b, 'id', { numeric: true, sensitivity: 'base' });
}

export interface ClassRows<T> {
  classGroupId: number | null;
  className: string | null;
  rows: T[];
}

/** Rows per class in class order, each class keeping the rows in the order they came (the server's sort). */
export function groupByClass<T extends { classGroupId: number | null; className: string | null }>(
  rows: readonly T[],
): ClassRows<T>[] {
  const groups = new Map<number | null, ClassRows<T>>();
  for (const row of rows) {
    let group = groups.get(row.classGroupId);
    if (!group) {
      group = { classGroupId: row.classGroupId, className: row.className, rows: [] };
      groups.set(row.classGroupId, group);
    }
    group.rows.push(row);
  }
  return [...groups.values()].sort((a, b) => compareClassNames(a.className, b.className));
}

export interface ClassCounts extends GenderCounts {
  classGroupId: number | null;
  className: string | null;
}

/** The student report's summary: boys, girls and all per class, and the same over every class. */
export function classSummary(groups: readonly ClassRows<{ gender: Gender }>[]): {
  classes: ClassCounts[];
  all: GenderCounts;
} {
  const classes = groups.map((g) => ({
    classGroupId: g.classGroupId,
    className: g.className,
    ...countGenders(g.rows),
  }));
  const all = classes.reduce(
    (sum, c) => ({ total: sum.total + c.total, male: sum.male + c.male, female: sum.female + c.female }),
    { total: 0, male: 0, female: 0 },
  );
  return { classes, all };
}

export interface DivisionCounts extends GenderCounts {
  division: Division | null;
}

/** The employee report's summary: men, women and all per division, in the order of the staff divisions. */
export function divisionSummary(rows: readonly { division: Division | null; gender: Gender }[]): DivisionCounts[] {
  const order = (d: Division | null) => (d === null ? Infinity : (STAFF_DIVISIONS as readonly Division[]).indexOf(d));
  const divisions = [...new Set(rows.map((r) => r.division))].sort((a, b) => order(a) - order(b));
  return divisions.map((division) => ({ division, ...countGenders(rows.filter((r) => r.division === division)) }));
}

/** A unit's lessons as one week per class, in class order (what the timetable report prints a grid of). */
export function classWeeks(slots: readonly TimetableSlot[]): ClassRows<TimetableSlot>[] {
  return groupByClass(slots);
}
