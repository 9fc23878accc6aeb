/**
 * The point rules of discipline, free of the database so they can be tested on their own.
 *
 * A student's balance in a school year is the sum of their ledger lines of that year. Violations add points;
 * remissions, achievement offsets and other credits take points away, but never below zero: a credit is cut to
 * the balance it meets (a student cannot bank achievement points against violations still to come).
 *
 * A threshold is crossed when a line takes the balance from below its points to at or above them. A line that
 * crosses thresholds proposes one sanction: the highest it crossed that has no live proposal in the year, and none
 * when a threshold at least as high already has one (a jump to 100 points calls the parents once, with the
 * second letter, not with the first and the second together). A remission that takes the
 * balance below a threshold releases that threshold's proposal (pemutihan is a fresh start), so crossing it again
 * proposes again; an achievement offset does not release anything, so dipping below and crossing again through
 * achievements and violations does not propose twice.
 */

export interface ThresholdRef {
  id: number;
  points: number;
}

export interface LineEffect<T extends ThresholdRef> {
  /** the points the line really carries (a credit cut so the balance stays at or above zero) */
  points: number;
  before: number;
  after: number;
  /** the one threshold to propose: the highest crossed upwards with no live proposal at or above it (or none) */
  propose: T[];
  /** thresholds whose live proposal a remission releases (the balance fell below them) */
  release: T[];
}

/** The kinds of lines a ledger holds; other modules add their own through `addLedgerLine` (e.g. 'prayer'). */
export type LedgerSourceKind = 'violation' | 'remission' | 'achievement' | 'adjustment' | (string & {});

/** The points a line carries on a balance: a credit is cut to the balance, a debit is kept whole. */
export function effectivePoints(balance: number, points: number): number {
  if (points >= 0) return points;
  const cut = Math.max(points, -Math.max(balance, 0));
  return cut === 0 ? 0 : cut; // never -0
}

/** Thresholds whose points lie in (before, after]: the ones a rise from `before` to `after` crosses. */
export function crossedUpwards<T extends ThresholdRef>(thresholds: readonly T[], before: number, after: number): T[] {
  return thresholds.filter((t) => before < t.points && t.points <= after).sort((a, b) => a.points - b.points);
}

/**
 * What one ledger line does to a balance: the points it carries, the new balance, the proposals to create and
 * the proposals a remission releases. `live` holds the ids of thresholds that already have a live proposal in
 * the student's year.
 */
export function applyLine<T extends ThresholdRef>(input: {
  balance: number;
  points: number;
  source: LedgerSourceKind;
  thresholds: readonly T[];
  live: ReadonlySet<number>;
}): LineEffect<T> {
  const points = effectivePoints(input.balance, input.points);
  const before = input.balance;
  const after = before + points;
  const highest = crossedUpwards(input.thresholds, before, after)
    .filter((t) => !input.live.has(t.id))
    .at(-1);
  // a sanction already given at or above it covers it: the ledger proposes the next step, never a lower one
  const covered =
    highest !== undefined && input.thresholds.some((t) => input.live.has(t.id) && t.points >= highest.points);
  const propose = highest === undefined || covered ? [] : [highest];
  // only a remission that takes points off releases: one of 0 points (the balance already lower, or at zero) is
  // no fresh start, else an achievement's dip below a threshold and a 0-point remission would propose it twice
  const release =
    input.source === 'remission' && points < 0
      ? input.thresholds.filter((t) => input.live.has(t.id) && t.points > after).sort((a, b) => a.points - b.points)
      : [];
  return { points, before, after, propose, release };
}

/** The balance of a year's lines (their sum; lines of other years never count). */
export const balanceOf = (lines: readonly { points: number }[]) => lines.reduce((sum, l) => sum + l.points, 0);

/** The highest threshold the balance has reached, if any (what the ledger screen shows as the current level). */
export function reachedThreshold<T extends ThresholdRef>(thresholds: readonly T[], balance: number): T | undefined {
  return [...thresholds].filter((t) => t.points <= balance).sort((a, b) => b.points - a.points)[0];
}

/** The points an achievement of the level takes off, when the unit's setting says achievements count. */
export function achievementCredit(
  setting: { achievementsOffset: boolean; pointsByLevel: Readonly<Record<string, number>> },
  level: string,
): number {
  if (!setting.achievementsOffset) return 0;
  return Math.max(0, Math.trunc(setting.pointsByLevel[level] ?? 0));
}
