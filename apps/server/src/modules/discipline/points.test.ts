import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  achievementCredit,
  applyLine,
  balanceOf,
  crossedUpwards,
  effectivePoints,
  reachedThreshold,
} from './points.ts';

const T = [
  { id: 1, points: 50 },
  { id: 2, points: 100 },
  { id: 3, points: 150 },
  { id: 4, points: 200 },
];

interface Line {
  year: string;
  source: string;
  points: number;
}

/** Runs lines through `applyLine` the way the service does: a balance and live proposals per school year. */
function simulate(lines: Line[]) {
  type Year = {
    balance: number;
    live: Set<number>;
    proposals: number[];
    carried: number[];
    perLine: number[];
    coveredAfterCrossing: boolean[];
  };
  const years = new Map<string, Year>();
  for (const line of lines) {
    const y: Year = years.get(line.year) ?? {
      balance: 0,
      live: new Set(),
      proposals: [],
      carried: [],
      perLine: [],
      coveredAfterCrossing: [],
    };
    years.set(line.year, y);
    const effect = applyLine({
      balance: y.balance,
      points: line.points,
      source: line.source,
      thresholds: T,
      live: y.live,
    });
    const crossed = crossedUpwards(T, y.balance, effect.after);
    y.balance = effect.after;
    y.carried.push(effect.points);
    y.perLine.push(effect.propose.length);
    for (const t of effect.release) y.live.delete(t.id);
    for (const t of effect.propose) {
      y.live.add(t.id);
      y.proposals.push(t.points);
    }
    // after a line that crosses thresholds, the highest it crossed is given: by this line or one at least as high
    const top = crossed.at(-1);
    if (top) y.coveredAfterCrossing.push([...y.live].some((id) => T.find((t) => t.id === id)!.points >= top.points));
  }
  return years;
}

const v = (points: number, year = '2026/2027'): Line => ({ year, source: 'violation', points });
const r = (points: number, year = '2026/2027'): Line => ({ year, source: 'remission', points: -points });
const a = (points: number, year = '2026/2027'): Line => ({ year, source: 'achievement', points: -points });

describe('discipline points', () => {
  it('counts a verified violation and proposes nothing below the first threshold', () => {
    const y = simulate([v(20), v(20)]).get('2026/2027')!;
    expect(y.balance).toBe(40);
    expect(y.proposals).toEqual([]);
  });

  it('a rejected violation adds no line, so the balance is what the verified ones make', () => {
    // the service writes a line only on verification: a rejected report is simply absent
    expect(simulate([v(20)]).get('2026/2027')!.balance).toBe(20);
  });

  it('proposes once when a line reaches a threshold exactly', () => {
    const y = simulate([v(20), v(20), v(10)]).get('2026/2027')!;
    expect(y.balance).toBe(50);
    expect(y.proposals).toEqual([50]);
  });

  it('does not propose the same threshold twice when achievements dip below it and violations rise again', () => {
    const y = simulate([v(60), a(20), v(20)]).get('2026/2027')!;
    expect(y.balance).toBe(60);
    expect(y.proposals).toEqual([50]);
  });

  it('a remission below a threshold releases it: crossing again proposes again', () => {
    const y = simulate([v(60), r(30), v(30)]).get('2026/2027')!;
    expect(y.balance).toBe(60);
    expect(y.proposals).toEqual([50, 50]);
  });

  it('a remission of no points releases nothing (found by the property below: 50, -1, a 0-point remission, +1)', () => {
    const y = simulate([v(50), a(1), r(0), v(1)]).get('2026/2027')!;
    expect(y.balance).toBe(50);
    expect(y.proposals).toEqual([50]);
  });

  it('a remission that stays above a threshold releases nothing', () => {
    const y = simulate([v(120), r(10), v(10)]).get('2026/2027')!;
    expect(y.proposals).toEqual([100]);
  });

  it('proposes only the highest threshold one line crosses (issue 39: not the first and second letter together)', () => {
    const y = simulate([v(40), v(120)]).get('2026/2027')!;
    expect(y.balance).toBe(160);
    expect(y.proposals).toEqual([150]);
    expect(simulate([v(100)]).get('2026/2027')!.proposals).toEqual([100]);
  });

  it('proposes the next step after one given, never a lower threshold than one given', () => {
    // 60 gives the first letter; 60 more crosses 100 and proposes the second
    expect(simulate([v(60), v(60)]).get('2026/2027')!.proposals).toEqual([50, 100]);
    // 100 gave the second letter; after achievements the balance crosses 50 again: the second covers it
    expect(simulate([v(100), a(60), v(20)]).get('2026/2027')!.proposals).toEqual([100]);
  });

  it('takes an achievement off the balance, never below zero', () => {
    const y = simulate([v(15), a(25)]).get('2026/2027')!;
    expect(y.balance).toBe(0);
    expect(y.carried).toEqual([15, -15]);
    expect(simulate([a(25)]).get('2026/2027')!.carried).toEqual([0]);
  });

  it('starts a new school year at zero with its own proposals', () => {
    const years = simulate([v(60), v(60, '2027/2028')]);
    expect(years.get('2026/2027')!.proposals).toEqual([50]);
    expect(years.get('2027/2028')!.balance).toBe(60);
    expect(years.get('2027/2028')!.proposals).toEqual([50]);
  });

  it('reports the highest threshold reached', () => {
    expect(reachedThreshold(T, 49)).toBeUndefined();
    expect(reachedThreshold(T, 120)?.points).toBe(100);
    expect(crossedUpwards(T, 50, 50)).toEqual([]);
    expect(effectivePoints(10, -30)).toBe(-10);
    expect(balanceOf([{ points: 5 }, { points: -3 }])).toBe(2);
  });

  it('gives achievement credit by level only when the unit says so', () => {
    const pointsByLevel = { sekolah: 5, nasional: 25 };
    expect(achievementCredit({ achievementsOffset: true, pointsByLevel }, 'nasional')).toBe(25);
    expect(achievementCredit({ achievementsOffset: true, pointsByLevel }, 'provinsi')).toBe(0);
    expect(achievementCredit({ achievementsOffset: false, pointsByLevel }, 'nasional')).toBe(0);
  });

  it('keeps its invariants on any sequence of lines', () => {
    const line = fc.record({
      year: fc.constantFrom('2026/2027', '2027/2028'),
      source: fc.constantFrom('violation', 'remission', 'achievement', 'adjustment'),
      points: fc.integer({ min: -120, max: 120 }),
    });
    fc.assert(
      fc.property(fc.array(line, { maxLength: 40 }), (raw) => {
        // violations add points, remissions and achievements take them away; adjustments go either way
        const lines = raw.map((l) =>
          l.source === 'violation'
            ? { ...l, points: Math.abs(l.points) }
            : l.source === 'adjustment'
              ? l
              : { ...l, points: -Math.abs(l.points) },
        );
        for (const [year, y] of simulate(lines)) {
          const own = lines.filter((l) => l.year === year);
          // the balance never falls below zero and is the sum of what the lines carried
          expect(y.balance).toBeGreaterThanOrEqual(0);
          expect(y.balance).toBe(balanceOf(y.carried.map((points) => ({ points }))));
          // without a remission, no threshold is ever proposed twice
          if (!own.some((l) => l.source === 'remission' && l.points < 0)) {
            expect(new Set(y.proposals).size).toBe(y.proposals.length);
          }
          // one line proposes one sanction at most
          for (const n of y.perLine) expect(n).toBeLessThanOrEqual(1);
          // the highest threshold a line crosses is covered afterwards by a live proposal at least as high
          expect(y.coveredAfterCrossing.every(Boolean)).toBe(true);
          // the highest threshold the balance ever reached was proposed, when no remission released anything
          let high = 0;
          let bal = 0;
          for (const p of y.carried) high = Math.max(high, (bal += p));
          const top = reachedThreshold(T, high);
          if (top && !own.some((l) => l.source === 'remission' && l.points < 0))
            expect(y.proposals).toContain(top.points);
        }
      }),
    );
  });
});
