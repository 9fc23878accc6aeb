/**
 * The rules of the score grid, without React: what a typed score means, how a paste from Excel spreads over the
 * cells, and where the arrow keys go. The grid (components/score-grid.tsx) only wires them to inputs.
 */

export type ScoreError = 'format' | 'range' | 'decimals';

/** A cell's text as a score: empty is null (an empty cell), `87,5` and `87.5` are 87.5; else the problem. */
export function parseScoreText(text: string): { value: number | null } | { error: ScoreError } {
  const t = text.trim().replace(',', '.');
  if (t === '') return { value: null };
  if (!/^\d+(\.\d+)?$/.test(t)) return { error: 'format' };
  const [, decimals = ''] = t.split('.');
  if (decimals.length > 2) return { error: 'decimals' };
  const value = Number(t);
  if (value < 0 || value > 100) return { error: 'range' };
  return { value };
}

/** A score as the grid shows it: `87,5` in Indonesian, `87.5` in English; nothing for an empty cell. */
export const formatScore = (value: number | null | undefined, lang: 'id' | 'en'): string =>
  value === null || value === undefined ? '' : lang === 'id' ? String(value).replace('.', ',') : String(value);

/** Pasted text as rows of cells (Excel copies rows as lines, cells as tabs); a trailing line break is not a row. */
export function parsePaste(text: string): string[][] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  if (lines.length > 1 && lines[lines.length - 1] === '') lines.pop();
  return lines.map((l) => l.split('\t'));
}

export interface CellKey {
  row: number;
  col: number;
}

/**
 * The cells a paste fills, starting at the focused cell and going down and right; what falls outside the table
 * is dropped (and said: `clipped`).
 */
export function spreadPaste(
  matrix: string[][],
  start: CellKey,
  size: { rows: number; cols: number },
): { cells: (CellKey & { text: string })[]; clipped: boolean } {
  const cells: (CellKey & { text: string })[] = [];
  let clipped = false;
  matrix.forEach((line, r) =>
    line.forEach((text, c) => {
      const row = start.row + r;
      const col = start.col + c;
      if (row >= size.rows || col >= size.cols) clipped = true;
      else cells.push({ row, col, text });
    }),
  );
  return { cells, clipped };
}

/** Where a key moves the focus from a cell: Enter and the up/down arrows by row, left/right at the text's edge. */
export function moveFrom(
  at: CellKey,
  key: string,
  size: { rows: number; cols: number },
  caret?: { start: number; end: number; length: number },
): CellKey | null {
  const clampRow = (row: number) => Math.min(size.rows - 1, Math.max(0, row));
  const clampCol = (col: number) => Math.min(size.cols - 1, Math.max(0, col));
  switch (key) {
    case 'ArrowDown':
    case 'Enter':
      return { row: clampRow(at.row + 1), col: at.col };
    case 'ArrowUp':
      return { row: clampRow(at.row - 1), col: at.col };
    case 'ArrowLeft':
      return caret && caret.start > 0 ? null : { row: at.row, col: clampCol(at.col - 1) };
    case 'ArrowRight':
      return caret && caret.end < caret.length ? null : { row: at.row, col: clampCol(at.col + 1) };
    default:
      return null;
  }
}
