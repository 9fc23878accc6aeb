import { describe, expect, it } from 'vitest';
import { formatScore, moveFrom, parsePaste, parseScoreText, spreadPaste } from './grid-model.ts';

describe('a typed score', () => {
  it('reads Indonesian and English decimals, and empty as an empty cell', () => {
    expect(parseScoreText('87,5')).toEqual({ value: 87.5 });
    expect(parseScoreText(' 87.25 ')).toEqual({ value: 87.25 });
    expect(parseScoreText('100')).toEqual({ value: 100 });
    expect(parseScoreText('')).toEqual({ value: null });
  });
  it('names what is wrong', () => {
    expect(parseScoreText('8a')).toEqual({ error: 'format' });
    expect(parseScoreText('-5')).toEqual({ error: 'format' });
    expect(parseScoreText('100,5')).toEqual({ error: 'range' });
    expect(parseScoreText('87,555')).toEqual({ error: 'decimals' });
  });
  it('shows a score in the reader’s language', () => {
    expect(formatScore(87.5, 'id')).toBe('87,5');
    expect(formatScore(87.5, 'en')).toBe('87.5');
    expect(formatScore(null, 'id')).toBe('');
  });
});

describe('a paste from Excel', () => {
  it('splits lines and tabs, without the trailing line break', () => {
    expect(parsePaste('80\r\n90\r\n')).toEqual([['80'], ['90']]);
    expect(parsePaste('80\t70\n90\t60')).toEqual([
      ['80', '70'],
      ['90', '60'],
    ]);
  });
  it('fills down and right from the focused cell, and says when some fell outside', () => {
    const { cells, clipped } = spreadPaste([['1'], ['2'], ['3']], { row: 1, col: 0 }, { rows: 3, cols: 2 });
    expect(cells).toEqual([
      { row: 1, col: 0, text: '1' },
      { row: 2, col: 0, text: '2' },
    ]);
    expect(clipped).toBe(true);
    expect(spreadPaste([['1', '2']], { row: 0, col: 0 }, { rows: 1, cols: 2 }).clipped).toBe(false);
  });
});

describe('keyboard moves', () => {
  const size = { rows: 3, cols: 2 };
  it('goes down on Enter and the down arrow, never past the edge', () => {
    expect(moveFrom({ row: 0, col: 1 }, 'Enter', size)).toEqual({ row: 1, col: 1 });
    expect(moveFrom({ row: 2, col: 1 }, 'ArrowDown', size)).toEqual({ row: 2, col: 1 });
    expect(moveFrom({ row: 0, col: 0 }, 'ArrowUp', size)).toEqual({ row: 0, col: 0 });
  });
  it('goes sideways only from the edge of the typed text', () => {
    expect(moveFrom({ row: 0, col: 0 }, 'ArrowRight', size, { start: 1, end: 1, length: 2 })).toBeNull();
    expect(moveFrom({ row: 0, col: 0 }, 'ArrowRight', size, { start: 2, end: 2, length: 2 })).toEqual({
      row: 0,
      col: 1,
    });
    expect(moveFrom({ row: 0, col: 1 }, 'ArrowLeft', size, { start: 0, end: 0, length: 2 })).toEqual({
      row: 0,
      col: 0,
    });
    expect(moveFrom({ row: 0, col: 0 }, 'Tab', size)).toBeNull();
  });
});
