import type { Assessment, AssessmentState } from '@mms/shared';
import { dateText } from '../../lib/display.ts';
import { wallClock } from './assessment-model.ts';

/** An instant on the school's clock as `25/11/2026 07:00` ('–' when there is none). */
export function whenText(iso: string | null): string {
  if (!iso) return '–';
  const w = wallClock(iso);
  return `${dateText(w.date, 'short')} ${w.time}`;
}

/**
 * A window as one short text: `25/11/2026 07:00 – 09:00` on one day, `25/11/2026 07:00 – 28/11/2026 23:00`
 * across days, '–' when it has no opening.
 */
export function windowText(opensAt: string | null, closesAt: string | null): string {
  if (!opensAt) return '–';
  if (!closesAt) return `${whenText(opensAt)} – …`;
  const from = wallClock(opensAt);
  const to = wallClock(closesAt);
  return `${whenText(opensAt)} – ${to.date === from.date ? to.time : whenText(closesAt)}`;
}

/** The states in which a set is offered for distribution: approved, or already distributed and not yet open. */
export const DISTRIBUTABLE: readonly AssessmentState[] = ['APPROVED', 'SCHEDULED'];

/** The quizzes of the "Edit kuis" picker: the editable ones first, then by title. */
export function quizChoices(items: readonly Assessment[]): Assessment[] {
  return [...items].sort((a, b) => Number(b.editable) - Number(a.editable) || a.title.localeCompare(b.title, 'id'));
}
