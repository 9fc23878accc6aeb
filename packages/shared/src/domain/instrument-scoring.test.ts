import { describe, expect, it } from 'vitest';
import {
  bandOf,
  definitionProblems,
  isValidAnswer,
  scoreProfile,
  topScales,
  type ScoringItem,
  type ScoringScale,
} from './instrument-scoring.ts';

const bands = [
  { from: 0, to: 49, label: 'Rendah', interpretation: 'Kurang menonjol' },
  { from: 50, to: 100, label: 'Tinggi', interpretation: 'Menonjol' },
];
const scale = (code: string, scoring: ScoringScale['scoring'] = 'SUM'): ScoringScale => ({
  code,
  name: `Skala ${code}`,
  scoring,
  bands,
});
const likert = (id: number, scaleCode: string, reversed = false, weight = 1): ScoringItem => ({
  id,
  type: 'LIKERT5',
  scaleCode,
  reversed,
  weight,
  options: [],
});
const yesNo = (id: number, scaleCode: string, reversed = false): ScoringItem => ({
  id,
  type: 'YES_NO',
  scaleCode,
  reversed,
  weight: 1,
  options: [],
});

describe('scoreProfile', () => {
  it('sums Likert answers and turns reversed items around (5 -> 1)', () => {
    const items = [likert(1, 'R'), likert(2, 'R', true), likert(3, 'R', false, 2)];
    const p = scoreProfile(
      [scale('R')],
      items,
      new Map([
        [1, 4],
        [2, 5],
        [3, 3],
      ]),
    );
    // 4 + (6 - 5) + 3 * 2
    expect(p.scales[0]).toMatchObject({ code: 'R', raw: 11, max: 20, score: 11 });
  });

  it('scores yes/no items, reversed ones counting a "no"', () => {
    const items = [yesNo(1, 'S'), yesNo(2, 'S'), yesNo(3, 'S', true)];
    const p = scoreProfile(
      [scale('S')],
      items,
      new Map([
        [1, 1],
        [2, 0],
        [3, 0],
      ]),
    );
    expect(p.scales[0]).toMatchObject({ raw: 2, max: 3 });
  });

  it('gives a choice item’s weight to the scale of the chosen option and counts its max for every option’s scale', () => {
    const choice: ScoringItem = {
      id: 1,
      type: 'CHOICE',
      scaleCode: null,
      reversed: false,
      weight: 1,
      options: [
        { label: 'Membaca', scaleCode: 'I' },
        { label: 'Menggambar', scaleCode: 'A' },
      ],
    };
    const p = scoreProfile([scale('I'), scale('A')], [choice], new Map([[1, 1]]));
    expect(p.scales.map((s) => [s.code, s.raw, s.max])).toEqual([
      ['I', 0, 1],
      ['A', 1, 1],
    ]);
    expect(p.top).toEqual(['A']);
  });

  it('reports the sum, the mean per item or the percent of the maximum, with the band the score falls in', () => {
    const items = [likert(1, 'A'), likert(2, 'A'), likert(3, 'B'), likert(4, 'B'), likert(5, 'C'), likert(6, 'C')];
    const answers = new Map([
      [1, 5],
      [2, 4],
      [3, 5],
      [4, 4],
      [5, 5],
      [6, 4],
    ]);
    const p = scoreProfile([scale('A', 'SUM'), scale('B', 'MEAN'), scale('C', 'PERCENT')], items, answers);
    expect(p.scales.map((s) => s.score)).toEqual([9, 4.5, 90]);
    expect(p.scales.map((s) => s.band?.label)).toEqual(['Rendah', 'Rendah', 'Tinggi']);
    expect(p.scales[2]!.band?.interpretation).toBe('Menonjol');
  });

  it('counts nothing for unanswered items, also in the maximum', () => {
    const p = scoreProfile([scale('A', 'PERCENT')], [likert(1, 'A'), likert(2, 'A')], new Map([[1, 5]]));
    expect(p.scales[0]).toMatchObject({ raw: 5, max: 5, score: 100 });
    const none = scoreProfile([scale('A', 'MEAN')], [likert(1, 'A')], new Map());
    expect(none.scales[0]).toMatchObject({ raw: 0, max: 0, score: 0 });
    expect(none.top).toEqual([]);
  });
});

describe('topScales', () => {
  it('ranks by share of the maximum, keeps the instrument order on ties, and takes at most three', () => {
    const scores = [
      { code: 'R', raw: 10, max: 40 },
      { code: 'I', raw: 30, max: 40 },
      { code: 'A', raw: 15, max: 20 },
      { code: 'S', raw: 35, max: 40 },
      { code: 'E', raw: 0, max: 40 },
    ];
    expect(topScales(scores)).toEqual(['S', 'I', 'A']);
    expect(topScales(scores, 1)).toEqual(['S']);
  });
});

describe('bandOf and isValidAnswer', () => {
  it('finds the band holding the score, inclusive at both ends', () => {
    expect(bandOf(bands, 49)?.label).toBe('Rendah');
    expect(bandOf(bands, 50)?.label).toBe('Tinggi');
    expect(bandOf(bands, 101)).toBeNull();
  });

  it('accepts only the values an item type allows', () => {
    expect(isValidAnswer({ type: 'LIKERT5', options: [] }, 5)).toBe(true);
    expect(isValidAnswer({ type: 'LIKERT5', options: [] }, 6)).toBe(false);
    expect(isValidAnswer({ type: 'LIKERT5', options: [] }, 2.5)).toBe(false);
    expect(isValidAnswer({ type: 'YES_NO', options: [] }, 2)).toBe(false);
    const options = [
      { label: 'a', scaleCode: 'A' },
      { label: 'b', scaleCode: 'B' },
    ];
    expect(isValidAnswer({ type: 'CHOICE', options }, 1)).toBe(true);
    expect(isValidAnswer({ type: 'CHOICE', options }, 2)).toBe(false);
  });
});

describe('definitionProblems', () => {
  const s = (code: string) => ({ code, name: code, scoring: 'SUM' as const, bands: [] });
  const item = (scaleCode: string | null) => ({
    text: 'x',
    type: 'LIKERT5' as const,
    scaleCode,
    reversed: false,
    weight: 1,
    options: [],
  });

  it('accepts a consistent definition', () => {
    expect(definitionProblems({ scales: [s('R'), s('I')], items: [item('R'), item('I')] })).toEqual({});
  });

  it('names duplicate codes, unknown scales, short choices, overlapping bands and scales without items', () => {
    const problems = definitionProblems({
      scales: [
        s('R'),
        s('R'),
        {
          ...s('I'),
          bands: [
            { from: 0, to: 10, label: 'a', interpretation: '' },
            { from: 10, to: 20, label: 'b', interpretation: '' },
          ],
        },
        s('X'),
      ],
      items: [
        item('Q'),
        item(null),
        { ...item(null), type: 'CHOICE', options: [{ label: 'a', scaleCode: 'R' }] },
        {
          ...item(null),
          type: 'CHOICE',
          options: [
            { label: 'a', scaleCode: 'R' },
            { label: 'b', scaleCode: 'Z' },
          ],
        },
        item('I'),
      ],
    });
    expect(problems).toEqual({
      'scales.1.code': 'Kode skala sudah dipakai skala lain',
      'scales.2.bands': 'Rentang kategori saling tumpang tindih',
      'scales.3.code': 'Skala ini belum punya butir',
      'items.0.scaleCode': 'Pilih skala yang ada untuk butir ini',
      'items.1.scaleCode': 'Pilih skala yang ada untuk butir ini',
      'items.2.options': 'Butir pilihan memerlukan minimal 2 opsi',
      'items.3.options': 'Setiap opsi harus menunjuk skala yang ada',
    });
  });
});
