import { describe, expect, it } from 'vitest';
import { draftDescription, type DraftObjective } from './description-draft.ts';

const tp = (objectiveId: number, description: string, score: number | null): DraftObjective => ({
  objectiveId,
  description,
  position: objectiveId,
  score,
});

describe('the drafted achievement description (capaian kompetensi)', () => {
  it('names the mastered TPs and those needing help (KKTP 75)', () => {
    const d = draftDescription(
      [
        tp(1, 'Mengidentifikasi sistem organ pencernaan', 88),
        tp(2, 'Menjelaskan fungsi enzim.', 62.5),
        tp(3, 'Menyajikan hasil pengamatan', 75),
      ],
      75,
    );
    expect(d).toEqual({
      status: 'MIXED',
      id:
        'Menunjukkan penguasaan yang baik dalam Mengidentifikasi sistem organ pencernaan dan Menyajikan hasil ' +
        'pengamatan. Perlu bantuan dalam Menjelaskan fungsi enzim.',
      en:
        'Shows good mastery of Mengidentifikasi sistem organ pencernaan and Menyajikan hasil pengamatan. ' +
        'Needs help with Menjelaskan fungsi enzim.',
      best: [1, 3],
      needsHelp: [2],
    });
  });

  it('trims long lists to the best 3 and the weakest 3, ties in the subject’s order', () => {
    const d = draftDescription(
      [tp(1, 'A', 90), tp(2, 'B', 95), tp(3, 'C', 90), tp(4, 'D', 80), tp(5, 'E', 40), tp(6, 'F', 60)].concat([
        tp(7, 'G', 50),
        tp(8, 'H', 40),
      ]),
      70,
    );
    expect(d.best).toEqual([2, 1, 3]);
    expect(d.needsHelp).toEqual([5, 8, 7]);
    expect(d.id).toBe('Menunjukkan penguasaan yang baik dalam B, A, dan C. Perlu bantuan dalam E, H, dan G.');
    expect(d.en).toBe('Shows good mastery of B, A, and C. Needs help with E, H, and G.');
  });

  it('says only the first sentence when all are mastered, only the second when none is', () => {
    expect(draftDescription([tp(1, 'A', 80), tp(2, 'B', 100)], 75)).toMatchObject({
      status: 'ALL_MASTERED',
      id: 'Menunjukkan penguasaan yang baik dalam B dan A.',
      en: 'Shows good mastery of B and A.',
      needsHelp: [],
    });
    expect(draftDescription([tp(1, 'A', 10), tp(2, 'B', 74.99)], 75)).toMatchObject({
      status: 'NONE_MASTERED',
      id: 'Perlu bantuan dalam A dan B.',
      en: 'Needs help with A and B.',
      best: [],
    });
  });

  it('drafts nothing without tagged scores (the teacher writes it)', () => {
    expect(draftDescription([], 75)).toEqual({ status: 'NO_DATA', id: '', en: '', best: [], needsHelp: [] });
    expect(draftDescription([tp(1, 'A', null), tp(2, '  ', 90)], 75).status).toBe('NO_DATA');
  });
});
