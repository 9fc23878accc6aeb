import i18next from 'i18next';
import { formatJakartaDate, formatJakartaTime } from '../../lib/system-api.ts';

/** An instant as the school's clock reads it: `Senin, 23 November 2026 08:00` ('–' when there is none). */
export function whenText(iso: string | null): string {
  if (!iso) return '–';
  const at = new Date(iso);
  return `${formatJakartaDate(at, i18next.language)} ${formatJakartaTime(at).slice(0, 5)}`;
}

/** A grade as the reader writes numbers (`87,5` in Indonesian). */
export const gradeText = (grade: number): string =>
  grade.toLocaleString(i18next.language === 'en' ? 'en-US' : 'id-ID', { maximumFractionDigits: 2 });
