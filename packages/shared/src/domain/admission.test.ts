import { describe, expect, it } from 'vitest';
import { APPLICANT_STATES, canMoveApplicant, nextApplicantStates, rankApplicants } from './admission.ts';

describe('applicant states', () => {
  it('moves only along the admission flow', () => {
    expect(canMoveApplicant('REGISTERED', 'VERIFIED')).toBe(true);
    expect(canMoveApplicant('REGISTERED', 'ACCEPTED')).toBe(false);
    expect(canMoveApplicant('TESTED', 'WAITLISTED')).toBe(true);
    expect(canMoveApplicant('WAITLISTED', 'ACCEPTED')).toBe(true);
    expect(canMoveApplicant('ACCEPTED', 'REREGISTERED')).toBe(true);
    expect(canMoveApplicant('REREGISTERED', 'WITHDRAWN')).toBe(false);
  });
  it('ends in re-registered, rejected or withdrawn, and every other state can withdraw', () => {
    for (const s of APPLICANT_STATES) {
      const final = s === 'REREGISTERED' || s === 'REJECTED' || s === 'WITHDRAWN';
      expect(nextApplicantStates(s).length === 0).toBe(final);
      if (!final) expect(canMoveApplicant(s, 'WITHDRAWN')).toBe(true);
    }
  });
});

describe('rankApplicants', () => {
  const at = (d: number) => `2027-01-${String(d).padStart(2, '0')}T08:00:00.000Z`;
  it('orders by exact score, then by registration, and draws the quota line', () => {
    const rows = rankApplicants(
      [
        { id: 1, scoreNum: 2, scoreDen: 3, registeredAt: at(1) },
        { id: 2, scoreNum: 70, scoreDen: 100, registeredAt: at(2) },
        { id: 3, scoreNum: null, scoreDen: null, registeredAt: at(1) },
        { id: 4, scoreNum: 7, scoreDen: 10, registeredAt: at(1) },
      ],
      2,
    );
    expect(rows.map((r) => r.id)).toEqual([4, 2, 1, 3]);
    expect(rows.map((r) => r.rank)).toEqual([1, 2, 3, 4]);
    expect(rows.map((r) => r.withinQuota)).toEqual([true, true, false, false]);
  });
  it('never puts an applicant without a score within the quota', () => {
    const rows = rankApplicants([{ id: 9, scoreNum: null, scoreDen: null, registeredAt: at(3) }], 5);
    expect(rows[0]!.withinQuota).toBe(false);
  });
});
