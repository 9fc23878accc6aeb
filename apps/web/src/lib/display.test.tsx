import i18next from 'i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApp } from '../test/render.tsx';
import { exportCell } from '../components/data-list/export-xlsx.ts';
import {
  cellText,
  dateRangeText,
  dateText,
  dateTimeText,
  divisionText,
  genderText,
  withDisplayCells,
} from './display.ts';

afterEach(() => i18next.changeLanguage('id'));

describe('display of dates and codes', () => {
  it('shows dates as 25 November 2026 or 25/11/2026, never ISO, in both languages', async () => {
    await renderWithApp(<div />);
    expect(dateText('2026-11-25')).toBe('25 November 2026');
    expect(dateText('2026-08-17', 'short')).toBe('17/08/2026');
    expect(dateText('2026-11-25', 'weekday')).toBe('Rabu, 25 November 2026');
    // an instant is the Jakarta day: 17:30 UTC is already the next day in Jakarta
    expect(dateText('2026-11-24T17:30:00.000Z')).toBe('25 November 2026');
    expect(dateRangeText('2026-12-01', '2026-12-07')).toBe('1 Desember 2026 – 7 Desember 2026');
    expect(dateRangeText('2026-12-01', '2026-12-01')).toBe('1 Desember 2026');
    await i18next.changeLanguage('en');
    expect(dateText('2026-08-17')).toBe('17 August 2026');
    expect(dateText('2026-11-25', 'weekday')).toBe('Wednesday, 25 November 2026');
  });

  it('shows a record made at 05:42 WIB under its Jakarta day (2 December), not the UTC one, everywhere', async () => {
    await renderWithApp(<div />);
    const at = '2026-12-01T22:42:00Z';
    expect(dateText(at, 'short')).toBe('02/12/2026');
    expect(dateText(at)).toBe('2 Desember 2026');
    expect(dateTimeText(at)).toBe('02/12/2026 05.42');
    expect(cellText(at)).toBe('02/12/2026 05.42');
    expect(exportCell(at)).toBe('02/12/2026');
    await i18next.changeLanguage('en');
    expect(dateText(at)).toBe('2 December 2026');
    expect(dateTimeText(at, 'en')).toBe('02/12/2026 05:42');
  });

  it('shows L/P as M/F in English and division codes as labels', async () => {
    await renderWithApp(<div />);
    expect(genderText('P')).toBe('P');
    expect(divisionText('WAKAKUR')).toBe('Wakil Kepala Kurikulum');
    expect(divisionText('Guru')).toBe('Guru');
    await i18next.changeLanguage('en');
    expect(genderText('P')).toBe('F');
    expect(genderText('L')).toBe('M');
    expect(genderText(null)).toBe('–');
    expect(divisionText('PRINCIPAL')).toBe('Principal');
    expect(divisionText('TEACHERCASHIER')).toBe('Cashier teacher');
  });

  it('table cells without a render show dates as dates', async () => {
    await renderWithApp(<div />);
    expect(cellText('2026-11-25')).toBe('25/11/2026');
    expect(cellText('7A')).toBe('7A');
    const [col] = withDisplayCells<{ date: string }>([{ accessor: 'date' }]);
    expect(col!.render!({ date: '2026-01-05' }, 0)).toBe('05/01/2026');
  });
});
