import i18next from 'i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { en } from '../../i18n/en.ts';
import { id } from '../../i18n/id.ts';
import { listEn } from '../../i18n/list/en.ts';
import { listId } from '../../i18n/list/id.ts';
import { syncServerClock } from '../../lib/clock.ts';
import { buildClientWorkbook, exportHeadingLines, HEADING_ROWS, sheetName } from './export-xlsx.ts';

beforeAll(async () => {
  await i18next.init({
    resources: { id: { translation: { ...id, ...listId } }, en: { translation: { ...en, ...listEn } } },
    lng: 'id',
    interpolation: { escapeValue: false },
  });
});
afterEach(() => i18next.changeLanguage('id'));

describe('the heading above an exported table', () => {
  it('names the title, the filters and the print date in Indonesian', () => {
    expect(
      exportHeadingLines(
        {
          title: 'Daftar Siswa',
          filters: [
            ['Kelas', '7A'],
            ['Pencarian', 'budi'],
          ],
        },
        'id',
        '2026-11-25',
      ),
    ).toEqual(['Daftar Siswa', 'Filter: Kelas: 7A; Pencarian: budi', 'Dicetak: 25 November 2026']);
  });

  it('writes a date filter as a date, never ISO (issue 39)', () => {
    const heading = { title: 'Jurnal', filters: [['Dari', '2026-12-02']] as const };
    expect(exportHeadingLines(heading, 'id', '2026-12-02')[1]).toBe('Filter: Dari: 2 Desember 2026');
    expect(exportHeadingLines(heading, 'en', '2026-12-02')[1]).toBe('Filters: Dari: 2 December 2026');
  });

  it('says so when no filter was used, in English for an English reader', () => {
    expect(exportHeadingLines({ title: 'Student List' }, 'en', '2026-08-01')).toEqual([
      'Student List',
      'Filters: none',
      'Printed: 1 August 2026',
    ]);
  });

  it('writes the heading rows above the header row, dated by the server clock, in the chosen language', async () => {
    // the device may think it is another day: the print date is the server's (Jakarta) date
    syncServerClock('2026-11-24T18:30:00Z'); // 01:30 on 25 November in Jakarta
    await i18next.changeLanguage('en');
    const book = await buildClientWorkbook(
      { title: 'Teaching schedule: Budi / 2026', filters: [['Semester', 'Odd']] },
      [
        { title: 'Day', value: (r: { day: string; period: number }) => r.day },
        { title: 'Period', value: (r) => r.period },
      ],
      [{ day: 'Monday', period: 1 }],
    );
    const sheet = book.worksheets[0]!;
    expect(sheet.name).toBe('Teaching schedule  Budi   2026');
    const rows: unknown[][] = [];
    sheet.eachRow({ includeEmpty: true }, (row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows.slice(0, 3)).toEqual([
      ['Teaching schedule: Budi / 2026'],
      ['Filters: Semester: Odd'],
      ['Printed: 25 November 2026'],
    ]);
    expect(rows[HEADING_ROWS]).toEqual(['Day', 'Period']);
    expect(rows[HEADING_ROWS + 1]).toEqual(['Monday', 1]);
  });

  it('keeps a sheet name Excel accepts', () => {
    expect(sheetName('a'.repeat(40))).toHaveLength(31);
    expect(sheetName('Rekap [7A]?')).toBe('Rekap  7A  ');
  });
});
